import { useState } from 'react';
import { useInterval } from '@mantine/hooks';

/**
 * The current time, renewed every `intervalMs`: the 30-minute sync window ends on screen
 * (device-management §4), and '3 min ago' moves on while the page stays open.
 */
export function useNow(intervalMs = 60_000): Date {
  const [now, setNow] = useState(() => new Date());
  useInterval(() => setNow(new Date()), intervalMs, { autoInvoke: true });
  return now;
}
