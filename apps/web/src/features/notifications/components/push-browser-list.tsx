import { useState } from 'react';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { PushSubscription as SavedBrowser } from '@monitor/contract/push';
import { ConfirmModal } from '../../../components/ui/confirm-modal';
import { useErrorModal } from '../../../components/ui/error-modal';
import { errorMessageFor } from '../../../lib/api-client';
import { useRemovePushBrowserMutation } from '../api/push-browsers';

/**
 * The user's browsers that get push notifications (issue #27), each removable: removing one ends
 * its notifications on every unit.
 */
export function PushBrowserList({
  browsers,
  thisEndpoint,
  onRemoved,
}: {
  browsers: readonly SavedBrowser[];
  thisEndpoint: string | null;
  onRemoved: () => void;
}) {
  const showError = useErrorModal();
  const remove = useRemovePushBrowserMutation();
  const [toRemove, setToRemove] = useState<SavedBrowser | null>(null);
  if (browsers.length === 0) return null;
  return (
    <Paper withBorder p="sm" radius="md" component="section" aria-labelledby="push-browsers">
      <Stack gap={6}>
        <Title order={4} id="push-browsers">
          Your browsers for push notifications
        </Title>
        <Stack gap={4} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {browsers.map((browser) => (
            <Group key={browser.Id} component="li" justify="space-between" wrap="nowrap">
              <Text size="sm">
                {browser.Name}
                {browser.Endpoint === thisEndpoint && (
                  <Text span c="dimmed" size="sm">
                    {' '}
                    (this browser)
                  </Text>
                )}
              </Text>
              <Button
                variant="subtle"
                color="red"
                size="compact-sm"
                onClick={() => setToRemove(browser)}
                aria-label={`Remove browser ${browser.Name}`}
              >
                Remove
              </Button>
            </Group>
          ))}
        </Stack>
      </Stack>
      <ConfirmModal
        opened={toRemove !== null}
        title="Remove browser"
        message={`Remove ${toRemove?.Name ?? 'this browser'}? It will get no more push notifications, and its notifications are removed from every device.`}
        confirmLabel="Remove"
        onConfirm={() => {
          if (toRemove)
            remove.mutate(toRemove.Id, {
              onSuccess: onRemoved,
              onError: (error) =>
                showError(errorMessageFor(error, 'The browser could not be removed.')),
            });
          setToRemove(null);
        }}
        onCancel={() => setToRemove(null)}
      />
    </Paper>
  );
}
