import { chmod, mkdir, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';

/**
 * One unit as the simulator's device file reads it (apps/simulator/src/device-file.ts), written out
 * here because apps do not import each other. `BackfillFrom` is the unit's last report: the
 * simulator back-fills from there, or its full history when null.
 */
export type FleetFileEntry = {
  SerialNumber: string;
  IMEI: string;
  DeviceKey: string;
  DeviceType: number;
  FirmwareVersion?: string;
  Pucks: { Id: string; LogicLevel: number | null }[];
  BackfillFrom: string | null;
};

/**
 * Writes the fleet file readable by this user only (it holds device keys), through a temporary
 * file and a rename so a reader never sees half a file.
 */
export async function writeFleetFile(path: string, units: FleetFileEntry[]): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  const temporary = `${path}.${process.pid}.tmp`;
  await writeFile(temporary, `${JSON.stringify(units, null, 2)}\n`, { mode: 0o600 });
  // The mode given to writeFile is narrowed by the umask and ignored for an existing file.
  await chmod(temporary, 0o600);
  await rename(temporary, path);
}
