/** Which serial is typed: a device (2 parts of 3) or a sensor puck (4 parts of 2) (accounts-devices-billing §5). */
export type SerialKind = 'device' | 'puck';

export type SerialFormat = { parts: number; partLength: number };

/** Device serial: two parts of 3, 6 characters; puck serial: four parts of 2, 8 characters. */
export const SERIAL_FORMATS: Readonly<Record<SerialKind, SerialFormat>> = {
  device: { parts: 2, partLength: 3 },
  puck: { parts: 4, partLength: 2 },
};

/** Length of a full device serial (accounts-devices-billing §9). */
export const DEVICE_SERIAL_LENGTH = 6;

const NOT_ALPHANUMERIC = /[^A-Z0-9]/g;

/** Keeps the letters and digits a serial can hold, upper-cased (accounts-devices-billing §5). */
export function cleanSerialText(input: string): string {
  return input.toUpperCase().replace(NOT_ALPHANUMERIC, '');
}

/** What a serial part field keeps: letters and digits, upper-cased, cut to the part length (accounts-devices-billing §5). */
export function cleanSerialPart(input: string, kind: SerialKind): string {
  return cleanSerialText(input).slice(0, SERIAL_FORMATS[kind].partLength);
}

/** A part is complete at its full length of valid characters; focus then moves on (accounts-devices-billing §5). */
export function isSerialPartComplete(part: string, kind: SerialKind): boolean {
  const { partLength } = SERIAL_FORMATS[kind];
  return part.length === partLength && cleanSerialText(part) === part.toUpperCase();
}

/**
 * The part that should have focus after typing into part `index`: the next part once this one
 * is complete, otherwise the same one; the last part keeps focus (accounts-devices-billing §5).
 */
export function nextSerialFocus(part: string, index: number, kind: SerialKind): number {
  const last = SERIAL_FORMATS[kind].parts - 1;
  return index < last && isSerialPartComplete(part, kind) ? index + 1 : index;
}

/** Spreads a pasted serial over the parts, so a whole serial pasted in part 1 fills them all (accounts-devices-billing §5). */
export function splitSerial(input: string, kind: SerialKind): string[] {
  const { parts, partLength } = SERIAL_FORMATS[kind];
  const clean = cleanSerialText(input);
  return Array.from({ length: parts }, (_, i) => clean.slice(i * partLength, (i + 1) * partLength));
}

/** The full serial once every part is complete, otherwise null: a device is then looked up (accounts-devices-billing §5). */
export function joinSerialParts(parts: readonly string[], kind: SerialKind): string | null {
  const format = SERIAL_FORMATS[kind];
  if (parts.length !== format.parts) return null;
  if (!parts.every((part) => isSerialPartComplete(part, kind))) return null;
  return parts.join('').toUpperCase();
}

/** Whether text is a whole serial of this kind: the full length of letters and digits (accounts-devices-billing §5, §9). */
export function isSerial(input: string, kind: SerialKind): boolean {
  const { parts, partLength } = SERIAL_FORMATS[kind];
  return new RegExp(`^[A-Za-z0-9]{${parts * partLength}}$`).test(input);
}

/** Normalises a serial for lookup, or null when it is not a whole serial (accounts-devices-billing §5). */
export function normalizeSerial(input: string, kind: SerialKind): string | null {
  const clean = cleanSerialText(input.trim());
  return isSerial(clean, kind) ? clean : null;
}
