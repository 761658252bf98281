import dayjs from 'dayjs';

// Date formats of the spec (accounts-devices-billing §9).
export const formatFriendlyDate = (iso: string) => dayjs(iso).format('MMMM D, YYYY');
export const formatDateTime = (iso: string) => dayjs(iso).format('dddd, MMMM D, YYYY [at] h:mm A');
export const formatTime = (iso: string) => dayjs(iso).format('h:mm A');

/** A short "when" for lists: the time today, else the friendly date. */
export function formatWhen(iso: string, now: Date): string {
  const date = dayjs(iso);
  return date.isSame(now, 'day') ? `Today at ${formatTime(iso)}` : formatFriendlyDate(iso);
}
