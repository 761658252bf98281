import { useEffect, useRef, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { Container, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { DeviceIcon } from '../../components/ui/icons/device-icon';
import { isMobileApp, postToNativeApp } from '../../lib/mobile-app';

/**
 * Login and registration belong to the native app when the site runs inside it: opened directly,
 * the page tells the app where the user wanted to go instead of showing the form (accounts-devices-billing §2).
 */
export function AppOwnedRoute({ children }: { children: ReactNode }) {
  const location = useLocation();
  const isInApp = isMobileApp();
  const hasPosted = useRef(false);

  useEffect(() => {
    if (!isInApp || hasPosted.current) return;
    hasPosted.current = true;
    postToNativeApp({ type: 'urlChange', url: location.pathname + location.search });
  }, [isInApp, location.pathname, location.search]);

  if (!isInApp) return children;
  return (
    <Container size="xs" py={64}>
      <Paper withBorder radius="lg" p="xl">
        <Stack align="center" ta="center" gap="sm">
          <ThemeIcon size={52} radius="xl" variant="light">
            <DeviceIcon size={26} />
          </ThemeIcon>
          <Title order={1} fz="h3">
            Continue in the app
          </Title>
          <Text c="dimmed">Signing in and creating an account happen in the mobile app.</Text>
        </Stack>
      </Paper>
    </Container>
  );
}
