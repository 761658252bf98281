import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** A unit as `provision-devices --json` prints it. */
export type ProvisionedUnit = {
  Id: number;
  SerialNumber: string;
  IMEI: string;
  DeviceKey: string;
  DeviceType: number;
  TenantId: number;
};

/**
 * Makes units in the journeys' inventory with the admin command, as staff would (README
 * "provision-devices"): type 1 pays by card, 2 and 5 are test units registered without payment.
 */
export async function provisionDevices({
  type,
  count = 1,
  firmware,
  provisionedAt,
  env = { DATA_DIR: process.env.E2E_DATA_DIR ?? '' },
}: {
  type: number;
  count?: number;
  firmware?: string;
  /** When the units were made (now by default): readings a day older are refused (decision 055). */
  provisionedAt?: Date;
  /**
   * Where the product keeps its data: the journeys' folder (or the PostgreSQL server their
   * DATABASE_URL names) unless a system test names its own.
   */
  env?: Record<string, string>;
}): Promise<ProvisionedUnit[]> {
  const { stdout } = await promisify(execFile)(
    'npm',
    [
      'run',
      '--silent',
      'admin',
      '--',
      'provision-devices',
      '--type',
      String(type),
      '--count',
      String(count),
      ...(firmware ? ['--firmware', firmware] : []),
      ...(provisionedAt ? ['--provisioned-at', provisionedAt.toISOString()] : []),
      '--json',
    ],
    { cwd: REPO_ROOT, env: { ...process.env, ...env } },
  );
  // npm may print warnings around the command's JSON.
  const units = JSON.parse(
    stdout.slice(stdout.indexOf('['), stdout.lastIndexOf(']') + 1),
  ) as ProvisionedUnit[];
  if (units.length !== count) throw new Error(`provision-devices printed: ${stdout}`);
  return units;
}
