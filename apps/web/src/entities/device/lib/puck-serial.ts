import { compactPuckSerial } from '@monitor/domain/devices/pucks';
import { normalizeSerial } from '@monitor/domain/devices/serials';

/**
 * A puck serial in one form for comparing, wherever it came from (the device's pucks, an alarm,
 * a notification, the URL): upper-case, without the display hyphens (device-management §3). A
 * whole serial goes through the domain's normalizeSerial; anything else is only compacted, so it
 * still matches itself.
 */
export function puckSerialKey(serial: string): string {
  return normalizeSerial(serial, 'puck') ?? compactPuckSerial(serial).toUpperCase();
}

/** Whether two puck serials name the same puck, however each is written; null names none. */
export function isSamePuckSerial(a: string | null, b: string | null): boolean {
  return a !== null && b !== null && puckSerialKey(a) === puckSerialKey(b);
}
