import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { registerSW } from 'virtual:pwa-register';

/**
 * How often an open app asks whether a new build is out. The browser asks by itself only when a
 * page is opened; a dashboard left open on a wall, or an installed app brought back to the front
 * on a phone, would otherwise run the old build for days.
 */
export const UPDATE_CHECK_MS = 60 * 60 * 1000;

/**
 * Registers the service worker (issue #27, decision 084) once the first page is drawn, so neither
 * it nor this code is part of the first download. A newer build waits until the user reloads from
 * the prompt: a page half on one build and half on another could load a chunk that is gone.
 */
export function registerServiceWorker(): void {
  const update = registerSW({
    onRegisteredSW(_url, registration) {
      if (registration) checkForUpdates(registration);
    },
    onNeedRefresh() {
      notifications.show({
        id: 'new-version',
        autoClose: false,
        withCloseButton: true,
        message: (
          <Group gap="xs" wrap="nowrap" role="status">
            <Text size="sm">A new version is ready —</Text>
            <Button size="compact-sm" variant="light" onClick={() => void update(true)}>
              reload
            </Button>
          </Group>
        ),
      });
    },
  });
}

/** Asks for a new build every hour the app is open, and when it comes back into view after one. */
function checkForUpdates(registration: ServiceWorkerRegistration): void {
  let checkedAt = Date.now();
  const check = () => {
    if (Date.now() - checkedAt < UPDATE_CHECK_MS) return;
    checkedAt = Date.now();
    // Offline or the server away: the next check tries again.
    registration.update().catch(() => undefined);
  };
  setInterval(check, UPDATE_CHECK_MS / 4);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') check();
  });
}
