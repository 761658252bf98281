import { useSyncExternalStore } from 'react';
import { Alert, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { OfflineIcon } from '../../components/ui/icons/offline-icon';
import { isReadingsQuery } from '../pwa/readings-queries';

/** "8:43 AM EST": the time in the browser's own zone, with the zone. */
const formatTime = (at: number) =>
  new Intl.DateTimeFormat('en-US', {
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(at);

/** When the readings shown were last received (0: none are). */
function useLastUpdated(): number {
  const cache = useQueryClient().getQueryCache();
  return useSyncExternalStore(
    (onChange) => cache.subscribe(onChange),
    () =>
      cache
        .getAll()
        .filter((query) => isReadingsQuery(query.queryKey))
        .reduce((newest, query) => Math.max(newest, query.state.dataUpdatedAt), 0),
    () => 0,
  );
}

/**
 * Offline (issue #27): the signed-in pages show the last readings they received, under this
 * banner, so old readings are never taken for live ones; their controls are disabled meanwhile.
 */
export function OfflineBanner() {
  const lastUpdated = useLastUpdated();
  return (
    <Alert
      role="status"
      color="dark"
      variant="filled"
      radius={0}
      icon={<OfflineIcon />}
      title={
        lastUpdated > 0
          ? `Offline — last updated ${formatTime(lastUpdated)}`
          : 'Offline — no readings are kept on this device yet'
      }
    >
      <Text size="sm">
        These are the last readings received. Changes and new readings wait until you are back
        online.
      </Text>
    </Alert>
  );
}
