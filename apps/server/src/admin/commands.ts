import { parseArgs } from 'node:util';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { Email, NewPassword, TenantId } from '@monitor/contract/common';
import type { DB } from '../db/schema';
import { createStaffUser, grantStaffRole } from '../services/staff.service';

export const USAGE = `Usage: npm run admin -- <command> [options]

Commands:
  create-staff --email E --password P [--first-name F] [--last-name L] [--tenant N]
      Creates a staff user (may impersonate customers), or gives an existing user the staff role.
  grant-staff --email E
      Gives an existing user the staff role.

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
  | { name: 'grant-staff'; email: string };

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
  }
}
