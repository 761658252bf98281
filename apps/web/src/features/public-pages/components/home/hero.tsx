import type { ReactNode } from 'react';
import { Badge, Box, Container, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { CheckIcon } from '../../../../components/ui/icons/check-icon';
import classes from './hero.module.css';

const SELLING_POINTS = [
  'No Wi-Fi or landline needed',
  'Battery backup reports power outages',
  'Set up in minutes, check it from anywhere',
];

/**
 * The home page's opening: the device pitch beside an illustration, or beside the sign-in form.
 * Its two columns and the ticked list are laid out by hero.module.css rather than Mantine's Grid
 * and List: the hero is in the home page's first download (bench/web), and the components it uses
 * are the ones the shell already carries.
 */
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
        <div className={classes.columns}>
          <Stack gap="lg">
            <Badge variant="light" size="lg" radius="sm" w="fit-content">
              Cellular remote monitoring
            </Badge>
            <Title order={1} id="hero-title" className={classes.title}>
              Know your property is safe, <span className={classes.accent}>wherever you are.</span>
            </Title>
            <Text size="lg" c="dark.5" maw={540}>
              A plug-in monitor that watches temperature, humidity, power and water, and tells you
              by text, e-mail or phone call the moment something is wrong. It has its own cellular
              connection, so it works even when the power and the internet are out.
            </Text>
            <ul className={classes.points}>
              {SELLING_POINTS.map((point) => (
                <li key={point}>
                  <ThemeIcon size={22} radius="xl" color="teal" variant="light">
                    <CheckIcon size={14} strokeWidth={2.6} />
                  </ThemeIcon>
                  {point}
                </li>
              ))}
            </ul>
            <Group gap="sm" mt="xs">
              {actions}
            </Group>
          </Stack>
          <div className={isAsideFirstOnPhones ? classes.asideFirstOnPhones : undefined}>
            {aside}
          </div>
        </div>
      </Container>
    </Box>
  );
}
