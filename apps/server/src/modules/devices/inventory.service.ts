import { randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../platform/database/schema';
import { insertDevicesSkippingTaken, insertPeripheralsSkippingTaken } from './inventory.repository';
import { generateToken, hashToken } from '../../platform/security/tokens';

/**
 * The operator's inventory (issue #4): monitoring units and pucks are made here, before any
 * owner registers them. The admin CLI, the demo seed and tests all provision through this file.
 */

const SERIAL_ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const SERIAL_LENGTH = 6;
const PUCK_SERIAL_HEX_DIGITS = 8;
/** Reporting-body prefix of the IMEIs we make up ('35' is a common GSM prefix). */
const IMEI_PREFIX = '35';
/** Random identifiers collide rarely; each round draws new ones for the rows that did. */
const MAX_ROUNDS = 10;

export type ProvisionDevicesInput = {
  deviceType: number;
  count: number;
  tenantId: number;
  firmwareVersion?: string | undefined;
  /** DeviceNSP: carrier 1 or 2 (3 other). */
  carrier?: number | undefined;
  memo?: string | undefined;
  /**
   * When the units are provisioned, by the caller's clock (`ctx.now()`): the device protocol
   * refuses readings dated before it (decision 055). The demo dates its units back.
   */
  provisionedAt: Date;
};

export type ProvisionedDevice = {
  Id: number;
  SerialNumber: string;
  IMEI: string;
  /** The HTTP Basic password of the device protocol; shown once, only its hash is stored. */
  DeviceKey: string;
  DeviceType: number;
  TenantId: number;
  FirmwareVersion: string | null;
  DeviceNSP: number;
};

export type ProvisionPucksInput = {
  count: number;
  logicLevel?: number | null | undefined;
  /** SPuckStyle, 0 or 1. */
  style?: number | undefined;
};

export type ProvisionedPuck = {
  Id: number;
  Serial: string;
  LogicLevel: number | null;
  SPuckStyle: number;
};

const randomChars = (alphabet: string, length: number) =>
  Array.from({ length }, () => alphabet[randomInt(alphabet.length)]).join('');

/** A random device serial: 6 upper-case letters and digits (accounts-devices-billing §9). */
export function generateDeviceSerial(): string {
  return randomChars(SERIAL_ALPHABET, SERIAL_LENGTH);
}

/** A random puck serial: 8 upper-case hex digits (four parts of 2, accounts-devices-billing §5). */
export function generatePuckSerial(): string {
  return randomChars('0123456789ABCDEF', PUCK_SERIAL_HEX_DIGITS);
}

/** The Luhn check digit of a string of digits (the 15th digit of an IMEI). */
export function luhnCheckDigit(digits: string): number {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    // Double every second digit counting from the right of the final number (check digit included).
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 0) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return (10 - (sum % 10)) % 10;
}

/** Whether a 15-digit IMEI has a valid Luhn check digit. */
export function isValidImei(imei: string): boolean {
  return /^\d{15}$/.test(imei) && luhnCheckDigit(imei.slice(0, 14)) === Number(imei[14]);
}

/** A random 15-digit IMEI with a valid check digit. */
export function generateImei(): string {
  const body = IMEI_PREFIX + randomChars('0123456789', 14 - IMEI_PREFIX.length);
  return body + String(luhnCheckDigit(body));
}

/**
 * Makes `count` new units with unique serials and IMEIs and a fresh device key each. The memo
 * carries the firmware number, as on units from the factory (device-management §3).
 */
export async function provisionDevices(
  db: Kysely<DB>,
  {
    deviceType,
    count,
    tenantId,
    firmwareVersion,
    carrier = 1,
    memo,
    provisionedAt,
  }: ProvisionDevicesInput,
): Promise<ProvisionedDevice[]> {
  const made: ProvisionedDevice[] = [];
  for (let round = 0; made.length < count; round++) {
    if (round === MAX_ROUNDS) throw new Error('Could not draw unique serial numbers and IMEIs.');
    const keys = new Map<string, string>();
    const rows = Array.from({ length: count - made.length }, () => {
      let imei = generateImei();
      while (keys.has(imei)) imei = generateImei();
      const key = generateToken();
      keys.set(imei, key);
      return {
        imei,
        serial_number: generateDeviceSerial(),
        device_type: deviceType,
        tenant_id: tenantId,
        firmware_version: firmwareVersion ?? null,
        memo: memo ?? (firmwareVersion ? `FW ${firmwareVersion}` : null),
        device_nsp: carrier,
        device_key_hash: hashToken(key),
        provisioned_at: provisionedAt,
      };
    });
    for (const row of await insertDevicesSkippingTaken(db, rows)) {
      made.push({
        Id: row.id,
        SerialNumber: row.serial_number,
        IMEI: row.imei,
        DeviceKey: keys.get(row.imei) ?? '',
        DeviceType: row.device_type,
        TenantId: row.tenant_id,
        FirmwareVersion: row.firmware_version,
        DeviceNSP: row.device_nsp,
      });
    }
  }
  return made;
}

/** Makes `count` new pucks in the inventory (attached to no unit) with unique hex serials. */
export async function provisionPucks(
  db: Kysely<DB>,
  { count, logicLevel = null, style = 0 }: ProvisionPucksInput,
): Promise<ProvisionedPuck[]> {
  const made: ProvisionedPuck[] = [];
  for (let round = 0; made.length < count; round++) {
    if (round === MAX_ROUNDS) throw new Error('Could not draw unique puck serials.');
    const rows = Array.from({ length: count - made.length }, () => ({
      serial: generatePuckSerial(),
      logic_level: logicLevel,
      spuck_style: style,
    }));
    for (const row of await insertPeripheralsSkippingTaken(db, rows)) {
      made.push({
        Id: row.id,
        Serial: row.serial,
        LogicLevel: row.logic_level,
        SPuckStyle: row.spuck_style,
      });
    }
  }
  return made;
}
