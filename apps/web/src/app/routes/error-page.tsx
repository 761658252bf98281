import { Button, Container, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { Link } from 'react-router';
import { AlertIcon } from '../../components/ui/icons/alert-icon';
import { usePageTitle } from '../../lib/use-page-title';

/** /error, and what any page that fails to render falls back to. */
export function ErrorPage() {
  usePageTitle('Something went wrong');
  return (
    <Container size="sm" py={64}>
      <Paper withBorder radius="lg" p="xl">
        <Stack align="center" ta="center" gap="sm">
          <ThemeIcon size={56} radius="xl" color="red" variant="light">
            <AlertIcon size={28} />
          </ThemeIcon>
          <Title order={1} fz="h2">
            Something went wrong
          </Title>
          <Text c="dimmed">
            The page could not be shown. Please try again; if it keeps happening, contact support.
          </Text>
          <Group mt="sm">
            <Button component={Link} to="/">
              Go to the home page
            </Button>
            <Button component={Link} to="/support" variant="default">
              Support
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Container>
  );
}
