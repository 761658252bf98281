import { formatDebugTime } from '@monitor/domain/devices/debug-time';

/** A time as support reads it: shifted to US Eastern (device-management §9), or a dash when unknown. */
export const showDebugTime = (iso: string | null) => (iso ? formatDebugTime(new Date(iso)) : '—');

/** A raw value as stored, or a dash when the report did not carry it. */
export const showRaw = (value: number | string | null) => (value === null ? '—' : String(value));

/** The owner's Active flag in words, so the state never rests on colour alone. */
export function activeLabel(active: boolean | null): string {
  if (active === null) return 'In inventory';
  return active ? 'Active' : 'Inactive';
}
