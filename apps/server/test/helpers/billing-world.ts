import { sql } from 'kysely';
import { addDays, daysBetween, isoDate, type IsoDate } from '@monitor/domain/shared/calendar-date';
import { auditBilling } from '../../src/modules/billing/billing-audit.service';
import { billingToday } from '../../src/modules/billing/billing-day';
import { runBilling } from '../../src/modules/billing/billing-run.service';
import { AppError } from '../../src/platform/errors';
import { WorldOperations, type Billing, type Op } from './billing-world-operations';
import { createTestApp, type TestApp } from './test-app';

export { PLAN_KEYS, UNITS, type Billing, type Op, type PlanKey } from './billing-world-operations';

/*
 * A small world for the billing ledger's property test (decision 057): one owner with two units
 * (plan tenant 6), charged to a card or, for a billed customer, invoiced, over two years, driven through the services as the routes call
 * them, the billing run at 00:30 in New York every day as the hourly job would, and a model of
 * what each charge and credit should be, read beside the database after the sequence.
 */

/** An operation on a day of the span (0 = the first day). */
export type Step = { day: number; op: Op };

export type Sequence = {
  /** The first day, as days after 2026-01-01. */
  startDay: number;
  /** How many days the world runs (the billing every day). */
  days: number;
  /** How the owner pays (card by default). */
  billing?: Billing;
  steps: Step[];
  /** Refunds may pick a charge whose days were credited to a later plan (a known hole). */
  refundsCreditedDays?: boolean;
};

const NOON_NY_UTC_HOUR = 17;
const DAY_MS = 24 * 60 * 60 * 1000;
const MINUTE_MS = 60 * 1000;

/** What went wrong in a sequence: audit findings and model mismatches, in words. */
export type WorldReport = {
  problems: string[];
  /** Operations done, and refused by the product (a 4xx answer). */
  done: number;
  refused: number;
  /** Subscription charges made, paid or declined, and invoices issued. */
  charges: number;
  /** Operations by kind: how many were done and refused (FC_VERBOSE prints them). */
  byKind: Record<string, { done: number; refused: number }>;
  /** Declined charges, credits granted and suspensions seen: what the sequence reached. */
  declined: number;
  credits: number;
};

/**
 * The app the sequences run on, one after another: each has an owner of its own, removed with
 * everything it made once its sequence is checked, and sets the clock to its own first day.
 */
export async function createWorldApp(): Promise<TestApp> {
  const t = await createTestApp({ start: new Date('2026-01-01T05:30:00Z') });
  // An operator's plan with two free months after the first period (edit-plan's kind).
  await t.ctx.db
    .insertInto('subscription_options')
    .values({
      tenant_id: 6,
      plan_type: 'Monthly',
      billing_amount_cents: 995,
      billing_frequency: 1,
      is_selectable: true,
      is_pro: true,
      free_months: 2,
      free_months_method: 'AFTER',
    })
    .execute();
  return t;
}

/** Runs one sequence and answers what it found wrong; the owner and its rows go afterwards. */
export async function runSequence(t: TestApp, sequence: Sequence): Promise<WorldReport> {
  const world = new World(t, sequence);
  try {
    return await world.run();
  } finally {
    await world.remove();
  }
}

/** Runs a sequence day by day: the billing run, the day's operations, the audits, the report. */
class World {
  private readonly ops: WorldOperations;
  private readonly problems: string[] = [];
  private refused = 0;
  private done = 0;
  private readonly byKind: WorldReport['byKind'] = {};
  private day = 0;

  constructor(
    private readonly t: TestApp,
    private readonly sequence: Sequence,
  ) {
    this.ops = new WorldOperations(t, {
      billing: sequence.billing ?? 'card',
      refundsCreditedDays: sequence.refundsCreditedDays ?? false,
      problem: (message) => this.problem(message),
      trace: (message) => this.trace(message),
    });
  }

  private get ctx() {
    return this.ops.ctx;
  }

  private get callerId() {
    return this.ops.callerId;
  }

  async run(): Promise<WorldReport> {
    this.setClock(0);
    await this.ops.setUp();
    const steps = [...this.sequence.steps].sort((a, b) => a.day - b.day);
    const last = this.sequence.days;
    for (this.day = 0; this.day <= last;) {
      this.setClock(0);
      const summary = await runBilling(this.ctx);
      for (const failure of summary.failed)
        this.problem(
          `billing run failed for subscription ${failure.subscriptionId}: ${failure.message}`,
        );
      const today = steps.filter((step) => step.day === this.day);
      for (const [i, step] of today.entries()) {
        this.setClock(i + 1);
        await this.audit(`before ${describeOp(step.op)}`);
        await this.apply(step.op);
        await this.audit(`after ${describeOp(step.op)}`);
      }
      // The run does nothing on a day nothing is due: the world goes to the next day something is.
      const nextStep = steps.find((step) => step.day > this.day)?.day ?? last + 1;
      this.day = Math.min(nextStep, Math.max(this.day + 1, await this.nextDueDay()), last + 1);
    }
    this.day = last;
    this.setClock(1);
    await this.audit('at the end');
    await this.ops.checkModel();
    const charges = await this.ctx.db
      .selectFrom('charges')
      .select([
        sql<number>`count(*)::int`.as('count'),
        sql<number>`count(*) FILTER (WHERE status = 'declined')::int`.as('declined'),
      ])
      .where('user_id', '=', this.callerId)
      .where('kind', '=', 'subscription')
      .executeTakeFirstOrThrow();
    const invoices = await this.ctx.db
      .selectFrom('invoices')
      .select(sql<number>`count(*)::int`.as('count'))
      .where('user_id', '=', this.callerId)
      .executeTakeFirstOrThrow();
    return {
      problems: this.problems,
      refused: this.refused,
      done: this.done,
      charges: charges.count + invoices.count,
      declined: charges.declined,
      credits: this.ops.credits,
      byKind: this.byKind,
    };
  }

  /**
   * The first day (as an index of the span) on which the run has something of this owner to
   * bill: an Active subscription's next billing date, a PastDue one's retry (the run's own query,
   * `findDueSubscriptions`, read as days). Skipping the days before it changes nothing; a day
   * wrongly skipped would show as `period-overdue` in the audit.
   */
  private async nextDueDay(): Promise<number> {
    const row = await this.ctx.db
      .selectFrom('subscriptions')
      .select(
        sql<string | null>`to_char(min(CASE
          WHEN status = 'Active' OR (status = 'PastDue' AND next_attempt_at IS NULL)
            THEN next_billing_date
          WHEN status = 'PastDue'
            THEN (next_attempt_at AT TIME ZONE 'America/New_York')::date
        END), 'YYYY-MM-DD')`.as('day'),
      )
      .where('user_id', '=', this.callerId)
      .executeTakeFirstOrThrow();
    if (!row.day) return Number.POSITIVE_INFINITY;
    return daysBetween(this.firstDay(), row.day as IsoDate);
  }

  private firstDay(): IsoDate {
    return addDays(isoDate(2026, 1, 1), this.sequence.startDay);
  }

  /** Removes the owner and all it made (cascades), so the next sequence starts alone. */
  async remove() {
    if (this.callerId)
      await this.ctx.db.deleteFrom('users').where('id', '=', this.callerId).execute();
  }

  /** Day `this.day` at 00:30 in New York (0), or noon plus `minute` minutes (an operation). */
  private setClock(minute: number) {
    const base = Date.parse(`${this.firstDay()}T05:30:00Z`) + this.day * DAY_MS;
    const target =
      minute === 0 ? base : base + (NOON_NY_UTC_HOUR - 5.5) * 60 * MINUTE_MS + minute * MINUTE_MS;
    this.t.advanceTime(target - this.ctx.now().getTime());
  }

  /** FC_VERBOSE=2 tells each operation as it goes. */
  private trace(message: string) {
    if (process.env.FC_VERBOSE === '2')
      console.log(`day ${this.day} ${billingToday(this.ctx)}: ${message}`);
  }

  private problem(message: string) {
    this.problems.push(`day ${this.day} (${billingToday(this.ctx)}): ${message}`);
  }

  private async audit(when: string) {
    for (const f of await auditBilling(this.ctx))
      this.problem(`audit ${when}: ${f.rule} subscription ${f.subscriptionId}: ${f.detail}`);
  }

  /** Runs an operation; a refusal (4xx) is the product's answer, not a failure. */
  private async apply(op: Op) {
    const kind = (this.byKind[op.kind] ??= { done: 0, refused: 0 });
    try {
      await this.ops.execute(op);
      this.done += 1;
      kind.done += 1;
      this.trace(`${describeOp(op)}: done`);
    } catch (error) {
      if (error instanceof AppError && error.statusCode < 500) {
        this.refused += 1;
        kind.refused += 1;
        this.trace(`${describeOp(op)}: refused ${error.statusCode} ${error.message}`);
        return;
      }
      throw error;
    }
  }
}

/** An operation in words, for the problems' context and the regression cases. */
export function describeOp(op: Op): string {
  const { kind, ...rest } = op;
  return `${kind} ${JSON.stringify(rest)}`;
}
