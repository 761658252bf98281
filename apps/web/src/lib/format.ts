import dayjs from 'dayjs';

// Date formats of the spec (accounts-devices-billing §9).
export const formatFriendlyDate = (iso: string) => dayjs(iso).format('MMMM D, YYYY');

/** The browser's own zone, named ('EST'): a time without its zone reads wrong to anyone elsewhere. */
const zoneName = (iso: string) =>
  new Intl.DateTimeFormat('en-US', { timeZoneName: 'short' })
    .formatToParts(new Date(iso))
    .find((part) => part.type === 'timeZoneName')?.value ?? '';

/**
 * A moment not tied to a device (a message in the mailbox), in the browser's zone, named.
 * A device's own times use its zone instead (components/ui/device-time.tsx).
 */
export const formatDateTime = (iso: string) =>
  `${dayjs(iso).format('dddd, MMMM D, YYYY [at] h:mm A')} ${zoneName(iso)}`.trimEnd();
