import { parseArgs } from 'node:util';
import { z } from 'zod';
import { Email, NewPassword, TenantId } from '@monitor/contract/common';
import { CURRENT_DEVICE_FIRMWARE } from '@monitor/domain/devices/firmware';
import { isLogicLevel, LOGIC_LEVELS } from '@monitor/domain/devices/pucks';
import { isNistDevice } from '@monitor/domain/devices/device-types';
import { isCalendarDate } from '@monitor/domain/devices/nist-certificates';
import type { AppContext } from '../context';
import { provisionDevices, provisionPucks } from '../modules/devices/inventory.service';
import { findCertificateUnit } from '../modules/certificates/certificates.repository';
import { issueCertificate } from '../modules/certificates/certificates.service';
import { createStaffUser, grantStaffRole } from '../modules/accounts/staff.service';
import { formatProvisionedDevices, formatProvisionedPucks } from './provisioning-output';
import { listOldDeviceAttemptsForAdmin } from '../modules/registration/old-device-attempts.service';
import { listAuditLogForAdmin } from '../modules/audit/audit.service';
import { setPetMonitorByStaff } from '../modules/entitlements/entitlements.service';
import {
  editPlanForAdmin,
  listPlansForAdmin,
  type PlanEdit,
} from '../modules/billing/subscription-options.service';
import {
  BILLING_COMMANDS,
  BILLING_USAGE,
  parseBillingCommand,
  runBillingCommand,
  type BillingCommand,
} from './billing-commands';
import {
  parseStoreCommand,
  runStoreCommand,
  STORE_COMMANDS,
  STORE_USAGE,
  type StoreCommand,
} from './store-commands';
import {
  ORDER_COMMANDS,
  ORDER_USAGE,
  parseOrderCommand,
  runOrderCommand,
  type OrderCommand,
} from './order-commands';

import { dumpDatabase } from './dump-database';
import { BACKUP_USAGE, backupTo, parseBackupCommand, type BackupCommand } from './backup-commands';
import type { Database } from '../platform/database/database';
import { runAuditedCommand, type CommandAuditing } from './command-audit';
import {
  parseReplacementCommand,
  REPLACEMENT_USAGE,
  runReplacementCommand,
  type ReplacementCommand,
} from './replacement-commands';
import {
  ALARM_REPLY_USAGE,
  parseAlarmReplyCommand,
  runAlarmReplyCommand,
  type AlarmReplyCommand,
} from './alarm-reply-commands';

export const USAGE = `Usage: npm run admin -- <command> [options]

Commands:
  create-staff --email E --password P [--first-name F] [--last-name L] [--tenant N]
      Creates a staff user (may impersonate customers), or gives an existing user the staff role.
  grant-staff --email E
      Gives an existing user the staff role.
  provision-devices --type N --count K [--tenant T] [--firmware V] [--carrier 1|2|3]
                    [--provisioned-at TIME] [--json]
      Makes K new monitoring units of DeviceType N and prints each one's SerialNumber, IMEI and
      device key (shown once: only its hash is stored). --firmware defaults to the current
      firmware (${CURRENT_DEVICE_FIRMWARE}); each unit then reports its own on every call.
      --provisioned-at (2026-11-01 or 2026-11-01T09:00:00Z; now by default, never later) is when
      the units were made: a reading dated more than a day before it is refused.
      A NIST unit (types 8, 9, 10) gets its calibration certificate at once (its number is
      printed, and in the JSON as Certificate).
  provision-pucks --count K [--logic-level L] [--style 0|1] [--json]
      Makes K new pucks in the inventory and prints their hex serials.
  issue-certificate (--serial S | --imei I) [--date YYYY-MM-DD] [--reference TEXT]
      Issues a new NIST calibration certificate (PDF) for an existing NIST unit (types 8, 9, 10);
      it becomes the unit's current one. --date is the calibration date (today by default).
  list-plans [--tenant N]
      Lists the subscription plans (every tenant's, or one's): id, type, monthly amount, months
      billed at once, selectable, promoted free months.
  edit-plan --id N [--amount 9.95] [--frequency M] [--selectable yes|no]
            [--free-months K] [--free-months-method BEFORE|AFTER]
      Changes a plan for new subscriptions (running ones keep their terms). --amount is the
      monthly rate in dollars; --free-months < 0 is a discount of that many months.
${BILLING_USAGE}
${STORE_USAGE}
${ORDER_USAGE}
${REPLACEMENT_USAGE}
${ALARM_REPLY_USAGE}
${BACKUP_USAGE}
  dump-database
      Prints every row of every table as JSON lines ({"table": …, "row": {…}}), for support to
      read or search; the same for the embedded database and a PostgreSQL server.
  list-old-device-attempts [--count N]
      Lists the latest attempts to register a unit with firmware below 4 (default 50): when,
      the unit's serial, its firmware and the user who tried.
  set-pet-monitor USER_DEVICE_ID on|off
      Switches the pet monitor upgrade (item 27) on or off on a unit, for the owner and their
      sub-accounts, outside an order (a goodwill gesture, a correction); recorded in the audit log.
  audit-log [--user EMAIL|ID] [--count N]
      Lists the latest changes to money and access (default 50), newest first: impersonations,
      password and e-mail changes, resets, card and plan changes, refunds, instant updates and
      pet monitor upgrades granted, and the commands here that change money or access. With
      --user, those of that account and those the user made.

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
      /** When the units were made; now when absent (decision 055). */
      provisionedAt: Date | undefined;
      isJson: boolean;
    }
  | {
      name: 'issue-certificate';
      unit: { serial: string } | { imei: string };
      calibratedOn: string | undefined;
      referenceInstrument: string | undefined;
    }
  | { name: 'list-plans'; tenantId: number | undefined }
  | { name: 'edit-plan'; id: number; edit: PlanEdit }
  | {
      name: 'provision-pucks';
      count: number;
      logicLevel: number | null;
      style: number;
      isJson: boolean;
    }
  | { name: 'dump-database' }
  | { name: 'list-old-device-attempts'; count: number }
  | { name: 'audit-log'; user: { email: string } | { id: number } | undefined; count: number }
  | { name: 'set-pet-monitor'; userDeviceId: number; isOn: boolean }
  | BillingCommand
  | StoreCommand
  | OrderCommand
  | ReplacementCommand
  | AlarmReplyCommand
  | BackupCommand;

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
const SerialOption = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[0-9A-Z]{6}$/, 'must be a 6-character serial number');
const ImeiOption = z
  .string()
  .trim()
  .regex(/^\d{15}$/, 'must be 15 digits');
const DateOption = z.string().trim().refine(isCalendarDate, 'must be a date such as 2026-11-22');
/** A day (midnight UTC) or a time with its zone. */
const ProvisionedAtOption = z
  .string()
  .trim()
  .refine(
    (value) => isCalendarDate(value) || z.iso.datetime({ offset: true }).safeParse(value).success,
    'must be a date such as 2026-11-01 or a time such as 2026-11-01T09:00:00Z',
  )
  .transform((value) => new Date(isCalendarDate(value) ? `${value}T00:00:00Z` : value));
const ReferenceOption = z.string().trim().min(3, 'must name the reference instrument').max(200);
const StyleOption = z.coerce.number().int().min(0, 'must be 0 or 1').max(1, 'must be 0 or 1');
const PlanIdOption = z.coerce.number().int().min(1, 'must be a plan id');
const UserDeviceIdOption = z.coerce
  .number()
  .int()
  .min(1, 'must be a user device id')
  .max(2_147_483_647, 'must be a user device id');
const AmountOption = z
  .string()
  .trim()
  .regex(/^\d{1,5}(\.\d{1,2})?$/, 'must be dollars such as 9.95')
  .transform((value) => Math.round(Number(value) * 100));
const FrequencyOption = z.coerce
  .number()
  .int()
  .min(1, 'must be 1 to 12 months')
  .max(12, 'must be 1 to 12 months');
const YesNoOption = z.enum(['yes', 'no'], 'must be yes or no').transform((v) => v === 'yes');
const FreeMonthsOption = z.coerce
  .number()
  .int()
  .min(-12, 'must be -12 to 12')
  .max(12, 'must be -12 to 12');
const FreeMonthsMethodOption = z.enum(['BEFORE', 'AFTER'], 'must be BEFORE or AFTER');

const optional = <T>(schema: z.ZodType<T>, value: unknown, option: string): T | undefined =>
  value === undefined ? undefined : check(schema, value, option);

function check<T>(schema: z.ZodType<T>, value: unknown, option: string): T {
  if (value === undefined) throw new UsageError(`--${option} is required.`);
  const result = schema.safeParse(value);
  if (!result.success) {
    throw new UsageError(`--${option}: ${result.error.issues[0]?.message ?? 'not valid'}`);
  }
  return result.data;
}

/**
 * Where the operator typed the command, which a file named on it is taken from: npm's INIT_CWD,
 * since npm runs the workspace's script in the workspace's folder.
 */
export const commandCwd = () => process.env.INIT_CWD ?? process.cwd();

/** Reads the command line (without node and script); throws UsageError on any mistake. */
export function parseAdminCommand(
  argv: readonly string[],
  { cwd = commandCwd() }: { cwd?: string } = {},
): AdminCommand {
  // The store commands read their own options (store-commands.ts, decision 042).
  const store = STORE_COMMANDS.find((command) => command === argv[0]);
  if (store) return parseStoreCommand(store, argv.slice(1), (m) => new UsageError(m));
  if (argv[0] === 'sms-reply')
    return parseAlarmReplyCommand(argv.slice(1), (m) => new UsageError(m));
  if (argv[0] === 'backup' || argv[0] === 'restore')
    return parseBackupCommand(argv[0], argv.slice(1), { cwd, fail: (m) => new UsageError(m) });
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
        'provisioned-at': { type: 'string' },
        'logic-level': { type: 'string' },
        style: { type: 'string' },
        json: { type: 'boolean' },
        serial: { type: 'string' },
        imei: { type: 'string' },
        date: { type: 'string' },
        reference: { type: 'string' },
        id: { type: 'string' },
        amount: { type: 'string' },
        frequency: { type: 'string' },
        selectable: { type: 'string' },
        'free-months': { type: 'string' },
        'free-months-method': { type: 'string' },
        'as-of': { type: 'string' },
        user: { type: 'string' },
        status: { type: 'string' },
        tracking: { type: 'string' },
      },
    });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const { values, positionals } = parsed;
  const [name, ...extra] = positionals;
  const billing = BILLING_COMMANDS.find((command) => command === name);
  if (billing) return parseBillingCommand(billing, values, extra, (m) => new UsageError(m));
  const order = ORDER_COMMANDS.find((command) => command === name);
  if (order) return parseOrderCommand(order, values, extra, (m) => new UsageError(m));
  if (name === 'send-replacement-offer')
    return parseReplacementCommand(extra, (m) => new UsageError(m));
  if (name === 'set-pet-monitor') {
    const [userDeviceId, state, ...rest] = extra;
    if (rest.length > 0 || (state !== 'on' && state !== 'off'))
      throw new UsageError('set-pet-monitor takes a user device id, then on or off.');
    return {
      name,
      userDeviceId: check(UserDeviceIdOption, userDeviceId, 'USER_DEVICE_ID'),
      isOn: state === 'on',
    };
  }
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
        provisionedAt: optional(ProvisionedAtOption, values['provisioned-at'], 'provisioned-at'),
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
    case 'issue-certificate': {
      if ((values.serial === undefined) === (values.imei === undefined))
        throw new UsageError('--serial or --imei is required (one of them).');
      return {
        name,
        unit:
          values.serial !== undefined
            ? { serial: check(SerialOption, values.serial, 'serial') }
            : { imei: check(ImeiOption, values.imei, 'imei') },
        calibratedOn:
          values.date === undefined ? undefined : check(DateOption, values.date, 'date'),
        referenceInstrument:
          values.reference === undefined
            ? undefined
            : check(ReferenceOption, values.reference, 'reference'),
      };
    }
    case 'list-plans':
      return { name, tenantId: optional(TenantId, values.tenant, 'tenant') };
    case 'edit-plan': {
      const edit: PlanEdit = {
        amountCents: optional(AmountOption, values.amount, 'amount'),
        billingFrequency: optional(FrequencyOption, values.frequency, 'frequency'),
        isSelectable: optional(YesNoOption, values.selectable, 'selectable'),
        freeMonths: optional(FreeMonthsOption, values['free-months'], 'free-months'),
        freeMonthsMethod: optional(
          FreeMonthsMethodOption,
          values['free-months-method'],
          'free-months-method',
        ),
      };
      if (Object.values(edit).every((value) => value === undefined))
        throw new UsageError('edit-plan: give at least one change.');
      return { name, id: check(PlanIdOption, values.id, 'id'), edit };
    }
    case 'dump-database':
      return { name };
    case 'list-old-device-attempts':
      return { name, count: optional(CountOption, values.count, 'count') ?? 50 };
    case 'audit-log':
      return {
        name,
        user:
          values.user === undefined
            ? undefined
            : /^\d+$/.test(values.user)
              ? { id: Number(values.user) }
              : { email: check(Email, values.user, 'user') },
        count: optional(CountOption, values.count, 'count') ?? 50,
      };
    case undefined:
      throw new UsageError('No command given.');
    default:
      throw new UsageError(`Unknown command: ${name}`);
  }
}

/**
 * What the commands use of the context: the database, and the file storage for certificates; the
 * billing commands need the whole context (the processor, the outbox), which the CLI and the
 * server's admin socket both hand over.
 */
export type AdminContext = Pick<AppContext, 'db' | 'files' | 'brands' | 'now'> &
  Partial<AppContext> & {
    /** The open database, for `backup`. */
    database?: Pick<Database, 'kind' | 'db' | 'dumpTo'>;
  };

const isWholeContext = (ctx: AdminContext): ctx is AppContext =>
  ctx.payments !== undefined && ctx.jobs !== undefined && ctx.config !== undefined;

/**
 * Which commands change money or access, and how each is written to the audit log as
 * `staff.command` (command-audit.ts; issue #22). Every command says so: a new one does not
 * compile until it does.
 */
const COMMAND_AUDITING: Record<AdminCommand['name'], CommandAuditing> = {
  // Access: a staff member may impersonate customers.
  'create-staff': 'with-change',
  'grant-staff': 'with-change',
  // Money: what new subscriptions and the store charge.
  'edit-plan': 'with-change',
  'set-item': 'with-change',
  'create-promotion': 'with-change',
  'expire-promotion': 'with-change',
  // Money or access through services with transactions of their own, or the processor.
  'set-pet-monitor': 'after-change',
  'run-billing': 'after-change',
  'refund-charge': 'after-change',
  'refund-order': 'after-change',
  'send-replacement-offer': 'after-change',
  // Acknowledges an alarm in the name of a phone, as its text would: neither money nor access.
  'sms-reply': null,
  // Inventory, certificates and shipping change neither; the rest only read.
  'provision-devices': null,
  'provision-pucks': null,
  'issue-certificate': null,
  'ship-order': null,
  'list-plans': null,
  'dump-database': null,
  backup: null,
  // Runs before there is a database to write to (cli.ts).
  restore: null,
  'list-old-device-attempts': null,
  'audit-log': null,
  'list-billing': null,
  'audit-billing': null,
  'list-items': null,
  'list-promotions': null,
  'list-contacts': null,
  'list-interested': null,
  'list-orders': null,
  'show-order': null,
};

/**
 * Runs a command against an open, migrated database and answers the line to print; a command
 * that changes money or access is written to the audit log (`COMMAND_AUDITING`).
 */
export function runAdminCommand(
  ctx: AdminContext,
  command: AdminCommand,
  options: { defaultTenantId: number },
): Promise<string> {
  return runAuditedCommand(ctx, { command, auditing: COMMAND_AUDITING[command.name] }, (inner) =>
    executeAdminCommand(inner, command, options),
  );
}

async function executeAdminCommand(
  ctx: AdminContext,
  command: AdminCommand,
  { defaultTenantId }: { defaultTenantId: number },
): Promise<string> {
  const { db } = ctx;
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
      const now = ctx.now();
      if (command.provisionedAt && command.provisionedAt > now)
        throw new UsageError('--provisioned-at: must not be in the future.');
      const devices = await provisionDevices(db, {
        ...command,
        tenantId: command.tenantId ?? defaultTenantId,
        provisionedAt: command.provisionedAt ?? now,
      });
      // A NIST unit leaves the bench calibrated: its certificate is issued with it.
      const certificates = new Map<number, string>();
      for (const device of devices.filter((unit) => isNistDevice(unit.DeviceType))) {
        const issued = await issueCertificate(ctx, { deviceId: device.Id });
        certificates.set(device.Id, issued.certificateNumber);
      }
      return formatProvisionedDevices(devices, command.isJson, certificates);
    }
    case 'provision-pucks': {
      const pucks = await provisionPucks(db, command);
      return formatProvisionedPucks(pucks, command.isJson);
    }
    case 'issue-certificate': {
      const unit = await findCertificateUnit(db, command.unit);
      const named =
        'serial' in command.unit ? `serial ${command.unit.serial}` : `IMEI ${command.unit.imei}`;
      if (!unit) throw new UsageError(`No unit has the ${named}.`);
      if (!isNistDevice(unit.device_type))
        throw new UsageError(
          `Unit ${unit.serial_number} is type ${unit.device_type}, not a NIST model (types 8, 9, 10): it gets no calibration certificate.`,
        );
      const issued = await issueCertificate(ctx, {
        deviceId: unit.id,
        ...(command.calibratedOn && { calibratedOn: command.calibratedOn }),
        ...(command.referenceInstrument && { referenceInstrument: command.referenceInstrument }),
      });
      return `Issued ${issued.certificateNumber} for unit ${issued.serialNumber}: calibrated ${issued.calibratedOn}, due ${issued.dueOn} (${issued.key}).`;
    }
    case 'list-plans':
      return listPlansForAdmin(db, command.tenantId);
    case 'edit-plan': {
      const plan = await editPlanForAdmin(db, command.id, command.edit);
      if (!plan) throw new UsageError(`No plan has the id ${command.id}.`);
      return `Changed ${plan}`;
    }
    case 'dump-database':
      return dumpDatabase(db);
    case 'backup':
      if (!ctx.database || !ctx.config) throw new UsageError('backup needs the open database.');
      return backupTo(
        { database: ctx.database, files: ctx.config.files, now: ctx.now },
        command.to,
      );
    case 'restore':
      throw new UsageError('restore runs with no server on its target: stop the server first.');
    case 'list-old-device-attempts':
      return listOldDeviceAttemptsForAdmin(db, { limit: command.count });
    case 'set-pet-monitor': {
      const set = await setPetMonitorByStaff(ctx, command);
      if (!set) throw new UsageError(`No user device has the id ${command.userDeviceId}.`);
      return `Pet monitor ${command.isOn ? 'on' : 'off'} on user device ${set.ownerUserDeviceId} (user ${set.ownerId}) and its sub-accounts' rows.`;
    }
    case 'audit-log': {
      const log = await listAuditLogForAdmin(ctx, { user: command.user, limit: command.count });
      if (log === null) throw new UsageError('No such user.');
      return log;
    }
    case 'run-billing':
    case 'list-billing':
    case 'refund-charge':
    case 'audit-billing':
      if (!isWholeContext(ctx)) throw new UsageError(`${command.name} needs the server's context.`);
      return runBillingCommand(ctx, command, (message) => new UsageError(message));
    case 'list-items':
    case 'set-item':
    case 'list-promotions':
    case 'create-promotion':
    case 'expire-promotion':
    case 'list-contacts':
    case 'list-interested':
      return runStoreCommand(ctx, command, (message) => new UsageError(message));
    case 'list-orders':
    case 'show-order':
    case 'ship-order':
    case 'refund-order':
      if (!isWholeContext(ctx)) throw new UsageError(`${command.name} needs the server's context.`);
      return runOrderCommand(ctx, command, (message) => new UsageError(message));
    case 'send-replacement-offer':
      if (!isWholeContext(ctx)) throw new UsageError(`${command.name} needs the server's context.`);
      return runReplacementCommand(ctx, command, (message) => new UsageError(message));
    case 'sms-reply':
      if (!isWholeContext(ctx)) throw new UsageError(`${command.name} needs the server's context.`);
      return runAlarmReplyCommand(ctx, command, (message) => new UsageError(message));
  }
}
