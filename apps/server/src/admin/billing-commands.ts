import { z } from 'zod';
import { Email } from '@monitor/contract/common';
import type { IsoDate } from '@monitor/domain/shared/calendar-date';
import { dollarsToCents, formatCents, type Cents } from '@monitor/domain/shared/money';
import type { AppContext } from '../context';
import { auditBilling, formatBillingFindings } from '../modules/billing/billing-audit.service';
import { BILLING_TIME_ZONE, billingToday } from '../modules/billing/billing-day';
import { listUserBilling } from '../modules/billing/billing-list.service';
import { runBilling } from '../modules/billing/billing-run.service';
import { refundCharge } from '../modules/billing/refunds.service';
import { AppError } from '../platform/errors';

/** The billing commands' part of the usage text (decision 036). */
export const BILLING_USAGE = `  run-billing [--as-of YYYY-MM-DD]
      Runs the billing now: charges every card subscription due, retries the past-due ones whose
      attempt has come, invoices the billed ones. --as-of runs it as on that day (noon in New York).
  list-billing --user EMAIL|ID
      Lists a user's subscriptions and charges.
  refund-charge CHARGE_ID [--amount 12.34]
      Refunds a paid charge through the payment processor: all of what is left, or --amount.
  audit-billing [--as-of YYYY-MM-DD]
      Checks the billing ledger's invariants (decision 057) and prints each finding on a line,
      then a summary; exits 1 when anything is found. --as-of judges overdue periods as on that
      day (today in New York by default).`;

export type BillingCommand =
  | { name: 'run-billing'; asOf: string | undefined }
  | { name: 'list-billing'; user: { email: string } | { id: number } }
  | { name: 'refund-charge'; chargeId: number; amountCents: number | undefined }
  | { name: 'audit-billing'; asOf: string | undefined };

export const BILLING_COMMANDS = [
  'run-billing',
  'list-billing',
  'refund-charge',
  'audit-billing',
] as const;

const AsOf = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date such as 2026-12-01');
const Amount = z
  .string()
  .regex(/^\d+(\.\d{1,2})?$/, 'must be an amount such as 12.34')
  .transform((value) => dollarsToCents(Number(value)))
  .refine((value) => value > 0, 'must be more than 0');
const ChargeId = z.coerce.number().int().positive('must be a charge id');

function read<T>(
  schema: z.ZodType<T>,
  value: unknown,
  what: string,
  fail: (m: string) => Error,
): T {
  if (value === undefined) throw fail(`${what} is required.`);
  const result = schema.safeParse(value);
  if (!result.success) throw fail(`${what}: ${result.error.issues[0]?.message ?? 'not valid'}`);
  return result.data;
}

/** Reads a billing command from its parsed options and its positionals after the name. */
export function parseBillingCommand(
  name: (typeof BILLING_COMMANDS)[number],
  values: { 'as-of'?: string; user?: string; amount?: string },
  extra: readonly string[],
  fail: (message: string) => Error,
): BillingCommand {
  if (name !== 'refund-charge' && extra.length > 0) {
    throw fail(`Unexpected argument: ${extra.join(' ')}`);
  }
  switch (name) {
    case 'run-billing':
    case 'audit-billing':
      return {
        name,
        asOf:
          values['as-of'] === undefined ? undefined : read(AsOf, values['as-of'], '--as-of', fail),
      };
    case 'list-billing': {
      const user = read(z.string().trim().min(1), values.user, '--user', fail);
      return {
        name,
        user: /^\d+$/.test(user)
          ? { id: Number(user) }
          : { email: read(Email, user, '--user', fail) },
      };
    }
    case 'refund-charge':
      if (extra.length !== 1) throw fail('refund-charge takes one charge id.');
      return {
        name,
        chargeId: read(ChargeId, extra[0], 'CHARGE_ID', fail),
        amountCents:
          values.amount === undefined ? undefined : read(Amount, values.amount, '--amount', fail),
      };
  }
}

/** Noon of a day in New York: a run "as of" that day bills it whatever the hour here. */
function noonInNewYork(day: string): Date {
  const utcNoon = new Date(`${day}T12:00:00Z`);
  const offsetHours =
    Number(
      new Intl.DateTimeFormat('en-US', {
        timeZone: BILLING_TIME_ZONE,
        hour: 'numeric',
        hourCycle: 'h23',
      }).format(utcNoon),
    ) - 12;
  return new Date(utcNoon.getTime() - offsetHours * 3_600_000);
}

const money = (value: number) => formatCents(value as Cents);

/**
 * Runs a billing command; a refusal (no such user or charge, too much to refund) is `fail`'s, and
 * so is an audit with findings, whose report is the message: the command then exits non-zero.
 */
export async function runBillingCommand(
  ctx: AppContext,
  command: BillingCommand,
  fail: (message: string) => Error,
): Promise<string> {
  if (command.name === 'audit-billing') {
    const asOf = (command.asOf as IsoDate | undefined) ?? billingToday(ctx);
    const findings = await auditBilling(ctx, { asOf });
    const report = formatBillingFindings(findings, asOf);
    if (findings.length > 0) throw fail(report);
    return report;
  }
  try {
    return await run(ctx, command);
  } catch (error) {
    throw error instanceof AppError ? fail(error.message) : error;
  }
}

async function run(
  ctx: AppContext,
  command: Exclude<BillingCommand, { name: 'audit-billing' }>,
): Promise<string> {
  switch (command.name) {
    case 'run-billing': {
      const at = command.asOf ? noonInNewYork(command.asOf) : undefined;
      const summary = await runBilling(at ? { ...ctx, now: () => at } : ctx);
      return [
        `Billing run${command.asOf ? ` as of ${command.asOf}` : ''}: ${summary.charged} charged, ${summary.declined} declined, ${summary.invoiced} invoiced, ${summary.skipped} skipped, ${summary.failed.length} failed.`,
        ...summary.failed.map(
          (failure) => `  subscription ${failure.subscriptionId}: ${failure.message}`,
        ),
      ].join('\n');
    }
    case 'list-billing': {
      const billing = await listUserBilling(ctx, command.user);
      if (!billing) throw new AppError(404, 'No such user.');
      return [
        `User ${billing.user.id} ${billing.user.email}`,
        `Subscriptions (${billing.subscriptions.length}):`,
        ...billing.subscriptions.map(
          (s) =>
            `  #${s.id} device ${s.user_device_id ?? '-'} ${s.plan_type} ${money(s.billing_amount_cents)}×${s.billing_frequency} ${s.payment_kind} ${s.status}; next billing ${s.next_billing_date ?? '-'}, expires ${s.expiration_date ?? '-'}, failed attempts ${s.failed_attempts}`,
        ),
        `Charges (${billing.charges.length}):`,
        ...billing.charges.map((c) =>
          `  #${c.id} ${c.kind} ${money(c.amount_cents)} ${c.status}${c.refunded_cents ? ` (refunded ${money(c.refunded_cents)})` : ''} ${c.period_start ? `${c.period_start}..${c.period_end}` : ''} ${c.charge_key} ${c.processor_transaction_id ?? ''}`.trimEnd(),
        ),
      ].join('\n');
    }
    case 'refund-charge': {
      const outcome = await refundCharge(ctx, command);
      if (outcome.kind === 'refused') throw new AppError(400, `Refund refused: ${outcome.message}`);
      return `Refunded ${money(outcome.refund.amount_cents)} of charge ${command.chargeId} (refund #${outcome.refund.id}, ${outcome.refund.processor_transaction_id}); ${money(outcome.leftCents)} left.`;
    }
  }
}
