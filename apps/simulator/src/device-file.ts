import { isLogicLevel, type LogicLevel } from '@monitor/domain/devices/pucks';

/** One unit's credentials as `npm run admin -- provision-devices --json` prints them. */
export type DeviceCredentials = {
  SerialNumber: string;
  IMEI: string;
  DeviceKey: string;
  DeviceType: number;
  FirmwareVersion?: string;
  Pucks: { Id: string; LogicLevel: LogicLevel | null }[];
  /**
   * The unit's last report as the server knows it (the demo fleet file writes it): history is
   * back-filled only after it. Absent or null: the full back-fill.
   */
  BackfillFrom?: string;
};

type Loose = Record<string, unknown>;

const isObject = (value: unknown): value is Loose =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The first of several spellings of a field, matched without regard to case. */
function pick(record: Loose, names: readonly string[]): unknown {
  const lowered = new Map(Object.entries(record).map(([key, value]) => [key.toLowerCase(), value]));
  for (const name of names) {
    const value = lowered.get(name.toLowerCase());
    if (value !== undefined && value !== null && value !== '') return value;
  }
  return undefined;
}

/** The JSON inside a text that may carry npm's banner lines (which may hold brackets) around it. */
function extractJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    const end = Math.max(text.lastIndexOf(']'), text.lastIndexOf('}'));
    for (let start = text.search(/[[{]/); start >= 0 && start < end;) {
      try {
        return JSON.parse(text.slice(start, end + 1));
      } catch {
        const next = text.slice(start + 1).search(/[[{]/);
        start = next < 0 ? -1 : start + 1 + next;
      }
    }
    throw new Error('no JSON found in the devices input');
  }
}

function readPucks(record: Loose): DeviceCredentials['Pucks'] {
  const list = pick(record, ['Pucks', 'Peripherals', 'SPucks']);
  if (!Array.isArray(list)) return [];
  return list.filter(isObject).flatMap((puck) => {
    // The hex serial is what the protocol calls a puck's Id; provision-pucks prints it as
    // Serial next to a numeric database Id, so the serial wins.
    const id = pick(puck, ['Serial', 'SerialNumber', 'PuckId', 'Id']);
    if (typeof id !== 'string' && typeof id !== 'number') return [];
    const level = Number(pick(puck, ['LogicLevel']));
    return [{ Id: String(id), LogicLevel: isLogicLevel(level) ? level : null }];
  });
}

/**
 * Reads device credentials tolerantly: a JSON array, or an object holding one (`devices`,
 * `Devices`, `units`), field names in any case and a few spellings, with npm's banner lines
 * around it. Entries without an IMEI and a key cannot call the server and are skipped.
 */
export function parseDeviceCredentials(text: string): DeviceCredentials[] {
  const json = extractJson(text);
  const list = Array.isArray(json)
    ? json
    : isObject(json)
      ? (pick(json, ['devices', 'units', 'Created']) ?? [json])
      : [];
  if (!Array.isArray(list)) throw new Error('the devices input is not a list of devices');
  return list.filter(isObject).flatMap((record) => {
    const imei = pick(record, ['IMEI', 'DeviceId', 'Imei']);
    const key = pick(record, ['DeviceKey', 'Key', 'Password', 'Secret']);
    if ((typeof imei !== 'string' && typeof imei !== 'number') || typeof key !== 'string') {
      return [];
    }
    const serial = pick(record, ['SerialNumber', 'Serial']);
    const type = Number(pick(record, ['DeviceType', 'Type']) ?? 1);
    const firmware = pick(record, ['FirmwareVersion', 'Firmware']);
    const backfillFrom = pick(record, ['BackfillFrom']);
    return [
      {
        IMEI: String(imei),
        DeviceKey: key,
        SerialNumber: typeof serial === 'string' ? serial : String(imei).slice(-6),
        DeviceType: Number.isFinite(type) ? type : 1,
        ...(typeof firmware === 'string' || typeof firmware === 'number'
          ? { FirmwareVersion: String(firmware) }
          : {}),
        Pucks: readPucks(record),
        ...(typeof backfillFrom === 'string' &&
          Number.isFinite(Date.parse(backfillFrom)) && { BackfillFrom: backfillFrom }),
      },
    ];
  });
}
