import { formatDeviceDateTime, formatTimeSince } from '@monitor/domain/devices/device-time';
import { useNow } from '../../lib/use-now';

/** How often the 'min ago' part is renewed. */
const TICK_MS = 30_000;

/**
 * A device's time, as every page shows it (SPEC-NOTES.md "Device times"): in the device's own
 * time zone (UserDevice.TimeZone), with the zone named, and how long ago it was —
 * 'Monday, November 23, 2026 at 8:43 AM EST · 3 min ago'.
 */
export function DeviceTime({
  at,
  timeZone,
  showSince = true,
}: {
  /** ISO time. */
  at: string;
  /** The device's GMT offset in hours. */
  timeZone: number;
  /** Adds '· 3 min ago'. */
  showSince?: boolean;
}) {
  const now = useNow(TICK_MS);
  const date = new Date(at);
  return (
    <>
      <time dateTime={at}>{formatDeviceDateTime(date, timeZone)}</time>
      {/* Off inside a polite live region: the minute ticking on is not news to announce. */}
      {showSince && <span aria-live="off">{` · ${formatTimeSince(date, now)}`}</span>}
    </>
  );
}
