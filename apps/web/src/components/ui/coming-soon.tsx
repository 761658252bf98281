import type { ReactNode } from 'react';
import {
  Badge,
  Button,
  Container,
  Group,
  Paper,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { Link } from 'react-router';
import { ToolIcon } from './icons';

export type ComingSoonProps = {
  /** The page's name, shown as its heading. */
  title: string;
  /** What the page will do, and that it is being set up. */
  description: string;
  /** Extra facts, e.g. the device the address names. */
  details?: ReactNode;
  actions?: ReactNode;
};

/** An honest placeholder for a page that belongs to later work: it names the page and shows no fake data. */
export function ComingSoon({ title, description, details, actions }: ComingSoonProps) {
  return (
    <Container size="sm" py={{ base: 'xl', sm: 64 }}>
      <Paper withBorder radius="lg" p={{ base: 'lg', sm: 40 }} shadow="xs">
        <Stack align="center" gap="md" ta="center">
          <ThemeIcon size={64} radius="xl" variant="light">
            <ToolIcon size={32} />
          </ThemeIcon>
          <Badge variant="light" color="teal" size="lg">
            Coming soon
          </Badge>
          <Title order={1} fz={{ base: 26, sm: 32 }}>
            {title}
          </Title>
          <Text c="dimmed" size="lg" maw={480}>
            {description}
          </Text>
          {details}
          <Group justify="center" mt="sm">
            {actions ?? (
              <Button component={Link} to="/" variant="light">
                Back to home
              </Button>
            )}
          </Group>
        </Stack>
      </Paper>
    </Container>
  );
}
