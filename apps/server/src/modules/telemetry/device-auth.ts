import { timingSafeEqual } from 'node:crypto';
import type { AppContext } from '../../context';
import { AppError } from '../../platform/errors';
import { findDeviceCredentials } from './ingest.repository';
import { hashToken } from '../../platform/security/tokens';

export type AuthenticatedDevice = {
  id: number;
  imei: string;
  serialNumber: string;
  deviceType: number;
  /** When the operator provisioned it: readings dated a day before are refused (decision 055). */
  provisionedAt: Date;
  /** The pucks attached to the unit, read with the credentials: the only ones it may report for. */
  /** A puck awaiting its upfront charge is attached but not heard from (issue #22). */
  peripherals: { id: number; serial: string; awaitingPayment: boolean }[];
};

export const DEVICE_AUTH_FAILED = 'Unknown device or wrong device key.';

const refuse = () =>
  new AppError(401, DEVICE_AUTH_FAILED, {
    'www-authenticate': 'Basic realm="device-api", charset="UTF-8"',
  });

/** The IMEI and device key of an `Authorization: Basic …` header, or null when there is none. */
export function readBasicCredentials(
  header: string | undefined,
): { imei: string; key: string } | null {
  if (!header?.toLowerCase().startsWith('basic ')) return null;
  const decoded = Buffer.from(header.slice(6).trim(), 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon <= 0) return null;
  return { imei: decoded.slice(0, colon), key: decoded.slice(colon + 1) };
}

/**
 * The unit calling the device protocol: HTTP Basic with the IMEI as user name and the device key
 * as password (docs/device-protocol.md). Anything else is a 401 that says no more than that.
 */
export async function authenticateDevice(
  ctx: AppContext,
  authorization: string | undefined,
): Promise<AuthenticatedDevice> {
  const credentials = readBasicCredentials(authorization);
  if (!credentials || !/^\d{15}$/.test(credentials.imei)) throw refuse();
  const row = await findDeviceCredentials(ctx.db, credentials.imei);
  const given = Buffer.from(hashToken(credentials.key), 'hex');
  const stored = Buffer.from(row?.device_key_hash ?? '', 'hex');
  // Compare hashes in constant time; an unknown IMEI still pays for the hash above.
  if (!row || stored.length !== given.length || !timingSafeEqual(stored, given)) throw refuse();
  return {
    id: row.id,
    imei: row.imei,
    serialNumber: row.serial_number,
    deviceType: row.device_type,
    provisionedAt: row.provisioned_at,
    peripherals: row.peripherals,
  };
}
