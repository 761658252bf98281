import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { registerSW } from 'virtual:pwa-register';

/**
 * Registers the service worker (issue #27, decision 084) once the first page is drawn, so neither
 * it nor this code is part of the first download. A newer build waits until the user reloads from
 * the prompt: a page half on one build and half on another could load a chunk that is gone.
 */
export function registerServiceWorker(): void {
  const update = registerSW({
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
