/** A device's time zone option: its GMT offset in hours and its name (accounts-devices-billing §9). */
export type TimeZoneOption = { offset: number; name: string };

/** The options, GMT −10 to −4, west to east (accounts-devices-billing §9). */
export const TIME_ZONE_OPTIONS: readonly TimeZoneOption[] = [
  { offset: -10, name: 'Hawaii-Aleutian' },
  { offset: -9, name: 'Alaska' },
  { offset: -8, name: 'Pacific' },
  { offset: -7, name: 'Mountain' },
  { offset: -6, name: 'Central' },
  { offset: -5, name: 'Eastern' },
  { offset: -4, name: 'Atlantic' },
];

/** The option a new device starts on: Eastern, GMT −5 (accounts-devices-billing §9). */
export const DEFAULT_TIME_ZONE_OFFSET = -5;

/** True for one of the offered offsets, GMT −10 to −4 (accounts-devices-billing §9). */
export function isTimeZoneOffset(offset: number): boolean {
  return TIME_ZONE_OPTIONS.some((o) => o.offset === offset);
}

/** The option for a stored UserDevice.TimeZone offset, or null (accounts-devices-billing §3, §9). */
export function findTimeZoneOption(offset: number): TimeZoneOption | null {
  return TIME_ZONE_OPTIONS.find((o) => o.offset === offset) ?? null;
}

/** How the picker shows an option: 'Eastern (GMT-5)' (accounts-devices-billing §9). */
export function formatTimeZoneOption(option: TimeZoneOption): string {
  return `${option.name} (GMT${option.offset})`;
}
