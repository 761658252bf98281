import { parseArgs } from 'node:util';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { Email, NewPassword, TenantId } from '@monitor/contract/common';
import { CURRENT_DEVICE_FIRMWARE } from '@monitor/domain/firmware';
import { isLogicLevel, LOGIC_LEVELS } from '@monitor/domain/pucks';
import type { DB } from '../db/schema';
import { provisionDevices, provisionPucks } from '../services/inventory.service';
import { createStaffUser, grantStaffRole } from '../services/staff.service';
import { formatProvisionedDevices, formatProvisionedPucks } from './provisioning-output';

export const USAGE = `Usage: npm run admin -- <command> [options]

Commands:
  create-staff --email E --password P [--first-name F] [--last-name L] [--tenant N]
      Creates a staff user (may impersonate customers), or gives an existing user the staff role.
  grant-staff --email E
      Gives an existing user the staff role.
  provision-devices --type N --count K [--tenant T] [--firmware V] [--carrier 1|2|3] [--json]
      Makes K new monitoring units of DeviceType N and prints each one's SerialNumber, IMEI and
      device key (shown once: only its hash is stored). --firmware defaults to the current
      firmware (${CURRENT_DEVICE_FIRMWARE}); each unit then reports its own on every call.
  provision-pucks --count K [--logic-level L] [--style 0|1] [--json]
      Makes K new pucks in the inventory and prints their hex serials.

The database is the one the server uses: DATABASE_URL, else the embedded one in DATA_DIR (./data).`;

/** A mistake in what the operator typed: printed with the usage, exit code 1. */
export class UsageError extends Error {
  override name = 'UsageError';
}

export type AdminCommand =
  | {
      name: 'create-staff';
      email: string;
      password: string;
      firstName: string;
      lastName: string;
      tenantId: number | undefined;
    }
  | { name: 'grant-staff'; email: string }
  | {
      name: 'provision-devices';
      deviceType: number;
      count: number;
      tenantId: number | undefined;
      firmwareVersion: string;
      carrier: number;
      isJson: boolean;
    }
  | {
      name: 'provision-pucks';
      count: number;
      logicLevel: number | null;
      style: number;
      isJson: boolean;
    };

const DeviceTypeOption = z.coerce
  .number()
  .int()
  .min(1, 'must be 1 or more')
  .max(99, 'must be at most 99');
const CountOption = z.coerce
  .number()
  .int()
  .min(1, 'must be 1 or more')
  .max(10_000, 'must be at most 10000');
const FirmwareOption = z
  .string()
  .trim()
  .regex(/^\d+(\.\d+)*$/, 'must be a version such as 10.6');
const CarrierOption = z.coerce
  .number()
  .int()
  .min(1, 'must be 1, 2 or 3')
  .max(3, 'must be 1, 2 or 3');
const LogicLevelOption = z.coerce
  .number()
  .int()
  .refine(isLogicLevel, `must be one of ${LOGIC_LEVELS.join(', ')}`);
const StyleOption = z.coerce.number().int().min(0, 'must be 0 or 1').max(1, 'must be 0 or 1');

function check<T>(schema: z.ZodType<T>, value: unknown, option: string): T {
  if (value === undefined) throw new UsageError(`--${option} is required.`);
  const result = schema.safeParse(value);
  if (!result.success) {
    throw new UsageError(`--${option}: ${result.error.issues[0]?.message ?? 'not valid'}`);
  }
  return result.data;
}

/** Reads the command line (without node and script); throws UsageError on any mistake. */
export function parseAdminCommand(argv: readonly string[]): AdminCommand {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      allowPositionals: true,
      strict: true,
      options: {
        email: { type: 'string' },
        password: { type: 'string' },
        'first-name': { type: 'string' },
        'last-name': { type: 'string' },
        tenant: { type: 'string' },
        type: { type: 'string' },
        count: { type: 'string' },
        firmware: { type: 'string' },
        carrier: { type: 'string' },
        'logic-level': { type: 'string' },
        style: { type: 'string' },
        json: { type: 'boolean' },
      },
    });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const { values, positionals } = parsed;
  const [name, ...extra] = positionals;
  if (extra.length > 0) throw new UsageError(`Unexpected argument: ${extra.join(' ')}`);
  switch (name) {
    case 'create-staff':
      return {
        name,
        email: check(Email, values.email, 'email'),
        password: check(NewPassword, values.password, 'password'),
        firstName: values['first-name']?.trim() || 'Staff',
        lastName: values['last-name']?.trim() || 'Member',
        tenantId:
          values.tenant === undefined ? undefined : check(TenantId, values.tenant, 'tenant'),
      };
    case 'grant-staff':
      return { name, email: check(Email, values.email, 'email') };
    case 'provision-devices':
      return {
        name,
        deviceType: check(DeviceTypeOption, values.type, 'type'),
        count: check(CountOption, values.count, 'count'),
        tenantId:
          values.tenant === undefined ? undefined : check(TenantId, values.tenant, 'tenant'),
        // A unit without a version could not be registered nor open the live channel (issue #10).
        firmwareVersion:
          values.firmware === undefined
            ? CURRENT_DEVICE_FIRMWARE
            : check(FirmwareOption, values.firmware, 'firmware'),
        carrier: values.carrier === undefined ? 1 : check(CarrierOption, values.carrier, 'carrier'),
        isJson: values.json === true,
      };
    case 'provision-pucks':
      return {
        name,
        count: check(CountOption, values.count, 'count'),
        logicLevel:
          values['logic-level'] === undefined
            ? null
            : check(LogicLevelOption, values['logic-level'], 'logic-level'),
        style: values.style === undefined ? 0 : check(StyleOption, values.style, 'style'),
        isJson: values.json === true,
      };
    case undefined:
      throw new UsageError('No command given.');
    default:
      throw new UsageError(`Unknown command: ${name}`);
  }
}

/** Runs a command against an open, migrated database and answers the line to print. */
export async function runAdminCommand(
  db: Kysely<DB>,
  command: AdminCommand,
  { defaultTenantId }: { defaultTenantId: number },
): Promise<string> {
  switch (command.name) {
    case 'create-staff': {
      const result = await createStaffUser(db, {
        ...command,
        tenantId: command.tenantId ?? defaultTenantId,
      });
      return result.isNewUser
        ? `Created staff user ${result.email} (id ${result.userId}).`
        : `${result.email} (id ${result.userId}) already existed: gave it the staff role; its password is unchanged.`;
    }
    case 'grant-staff': {
      const result = await grantStaffRole(db, command.email);
      if (!result) throw new UsageError(`No user has the e-mail address ${command.email}.`);
      return `Gave ${result.email} (id ${result.userId}) the staff role.`;
    }
    case 'provision-devices': {
      const devices = await provisionDevices(db, {
        ...command,
        tenantId: command.tenantId ?? defaultTenantId,
      });
      return formatProvisionedDevices(devices, command.isJson);
    }
    case 'provision-pucks': {
      const pucks = await provisionPucks(db, command);
      return formatProvisionedPucks(pucks, command.isJson);
    }
  }
}
