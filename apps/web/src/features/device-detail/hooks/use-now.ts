import { useEffect, useState } from 'react';

/** The current time, renewed every minute so the 30-minute sync window ends on screen (device-management §4). */
export function useNow(intervalMs = 60_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const id = setInterval(() => setNow(new Date()), intervalMs);
    return () => clearInterval(id);
  }, [intervalMs]);
  return now;
}
