import type { ReactNode } from 'react';
import {
  Badge,
  Box,
  Container,
  Grid,
  Group,
  List,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { CheckIcon } from '../../../../components/ui/icons';
import classes from './hero.module.css';

/** The home page's opening: the device pitch beside an illustration, or beside the sign-in form. */
export function Hero({
  actions,
  aside,
  isAsideFirstOnPhones = false,
}: {
  actions: ReactNode;
  aside: ReactNode;
  /** The sign-in form comes before the pitch on narrow screens. */
  isAsideFirstOnPhones?: boolean;
}) {
  return (
    <Box component="section" className={classes.hero} aria-labelledby="hero-title">
      <Container size="lg" py={{ base: 40, sm: 64, md: 80 }}>
        <Grid gap={{ base: 40, md: 56 }} align="center">
          <Grid.Col span={{ base: 12, md: 6 }}>
            <Stack gap="lg">
              <Badge variant="light" size="lg" radius="sm" w="fit-content">
                Cellular remote monitoring
              </Badge>
              <Title order={1} id="hero-title" className={classes.title}>
                Know your property is safe,{' '}
                <span className={classes.accent}>wherever you are.</span>
              </Title>
              <Text size="lg" c="dark.5" maw={540}>
                A plug-in monitor that watches temperature, humidity, power and water, and tells you
                by text, e-mail or phone call the moment something is wrong. It has its own cellular
                connection, so it works even when the power and the internet are out.
              </Text>
              <List
                spacing={6}
                icon={
                  <ThemeIcon size={22} radius="xl" color="teal" variant="light">
                    <CheckIcon size={14} strokeWidth={2.6} />
                  </ThemeIcon>
                }
              >
                <List.Item>No Wi-Fi or landline needed</List.Item>
                <List.Item>Battery backup reports power outages</List.Item>
                <List.Item>Set up in minutes, check it from anywhere</List.Item>
              </List>
              <Group gap="sm" mt="xs">
                {actions}
              </Group>
            </Stack>
          </Grid.Col>
          <Grid.Col
            span={{ base: 12, md: 6 }}
            order={{ base: isAsideFirstOnPhones ? -1 : 1, md: 1 }}
          >
            {aside}
          </Grid.Col>
        </Grid>
      </Container>
    </Box>
  );
}
