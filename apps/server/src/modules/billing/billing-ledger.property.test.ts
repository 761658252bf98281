import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createWorldApp,
  PLAN_KEYS,
  UNITS,
  runSequence,
  type Billing,
  type Op,
  type Sequence,
} from '../../../test/helpers/billing-world';
import type { TestApp } from '../../../test/helpers/test-app';

/*
 * The billing ledger as a property (issue #22 "A ledger invariant", decision 057): any sequence of
 * sign-ups (of a card customer or a billed one), plan changes, suspensions, reactivations, pucks bought and removed, cards that start
 * and stop declining and refunds, with the billing run every day for two years, leaves a ledger
 * that `auditBilling` finds nothing wrong with and whose every charge and credit is what a model
 * of the plans, the pucks and the paid days says (decision 057 lists both).
 *
 * FC_SEED=<seed> replays a run (fast-check prints the seed and the shrunk sequence on failure);
 * FC_RUNS=<n> runs more sequences than the 25 CI runs (about 13 s); FC_VERBOSE=1 says what each
 * sequence reached, FC_VERBOSE=2 each step. The world is in test/helpers/billing-world*.ts, the
 * model in billing-ledger-model.ts.
 */

const SEED = process.env.FC_SEED === undefined ? undefined : Number(process.env.FC_SEED);
const RUNS = Number(process.env.FC_RUNS ?? 25);
const SPAN_DAYS = 730;

const unit = fc.integer({ min: 0, max: UNITS - 1 });
const plan = fc.constantFrom(...PLAN_KEYS);
/** A plan change, to the season more often: its start is what overlaps paid days (§4, §9). */
const newPlan = fc.oneof(
  { weight: 3, arbitrary: fc.constant('seasonal' as const) },
  { weight: 5, arbitrary: plan },
);
/** A seasonal start picked in the picker (days from today; sign-up: 180 days before it too). */
const seasonStart = fc.option(fc.integer({ min: 0, max: 270 }), { nil: null, freq: 2 });
/** Most operations fall in the first months, where they meet each other's periods. */
const day = fc.oneof(fc.nat({ max: 45 }), fc.nat({ max: 180 }), fc.nat({ max: SPAN_DAYS }));

const op: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('subscribe' as const), unit, plan, seasonStart }),
  },
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant('change' as const),
      unit,
      plan: newPlan,
      seasonStart,
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('suspend' as const), unit }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('reactivate' as const), unit }) },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('attachPuck' as const), unit, pay: fc.boolean() }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('payPucks' as const), unit }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('detachPuck' as const),
      unit,
      index: fc.nat({ max: 7 }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('card' as const), unit, declines: fc.boolean() }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('refund' as const),
      index: fc.nat({ max: 20 }),
      whole: fc.boolean(),
    }),
  },
);

/** Both units subscribe early (so most sequences bill for two years), then anything happens. */
const sequence: fc.Arbitrary<Sequence> = fc
  .record({
    billing: fc.constantFrom<Billing>('card', 'card', 'invoice'),
    startDay: fc.nat({ max: 364 }),
    signUps: fc.tuple(
      fc.record({ day: fc.nat({ max: 30 }), plan, seasonStart }),
      fc.record({ day: fc.nat({ max: 200 }), plan, seasonStart }),
    ),
    steps: fc.array(fc.record({ day, op }), {
      minLength: 1,
      maxLength: 30,
      size: 'max',
    }),
  })
  .map(({ billing, startDay, signUps, steps }) => ({
    billing,
    startDay,
    days: SPAN_DAYS,
    steps: [
      ...signUps.map(({ day, plan, seasonStart }, unit) => ({
        day,
        op: { kind: 'subscribe' as const, unit, plan, seasonStart },
      })),
      ...steps,
    ],
  }));

let t: TestApp;
beforeAll(async () => {
  t = await createWorldApp();
});
afterAll(() => t.close());

async function expectClean(s: Sequence) {
  const report = await runSequence(t, s);
  expect(report.problems).toEqual([]);
  return report;
}

describe('the billing ledger holds whatever the customer and the run do (decision 057)', () => {
  it(
    'accounts-devices-billing §4–§5, §9; decisions 036, 054, 056: every generated sequence leaves a ledger audit-billing and the model find clean',
    async () => {
      await fc.assert(
        fc.asyncProperty(sequence, async (s) => {
          const report = await runSequence(t, s);
          if (process.env.FC_VERBOSE)
            console.log(
              `${s.steps.length} steps: ${report.done} done, ${report.refused} refused, ${report.charges} charges (${report.declined} declined), ${report.credits} credits, ${report.problems.length} problems ${JSON.stringify(report.byKind)}`,
            );
          if (report.problems.length > 0)
            throw new Error(`ledger broken:\n${report.problems.join('\n')}`);
        }),
        { numRuns: RUNS, ...(SEED !== undefined && { seed: SEED }), endOnFailure: false },
      );
    },
    10 * 60 * 1000,
  );

  it('accounts-devices-billing §4, §9: a monthly subscription with a puck, a plan change to the season and a year of runs bills each period once at its price', async () => {
    await expectClean({
      startDay: 325,
      days: 400,
      steps: [
        { day: 0, op: { kind: 'subscribe', unit: 0, plan: 'monthly', seasonStart: null } },
        { day: 3, op: { kind: 'attachPuck', unit: 0, pay: true } },
        { day: 40, op: { kind: 'change', unit: 0, plan: 'seasonal', seasonStart: null } },
      ],
    });
  }, 120_000);

  // Found by this property once it had billed customers (FC_SEED=-614423112, shrunk): a puck put on
  // an invoiced unit before its subscription is paid for at once (decision 056), yet the new
  // subscription billed the plan alone for two years.
  it('accounts-devices-billing §4, §6; decision 056: a puck attached to an invoiced unit before its subscription is invoiced from the first period', async () => {
    await expectClean({
      billing: 'invoice',
      startDay: 0,
      days: 70,
      steps: [
        { day: 0, op: { kind: 'attachPuck', unit: 1, pay: false } },
        { day: 1, op: { kind: 'subscribe', unit: 1, plan: 'monthly', seasonStart: null } },
      ],
    });
  }, 120_000);

  // Found by this property (FC_SEED=225334574, shrunk): a billed customer's season picked to have
  // begun months ago waited for the hourly run to be invoiced, while a card is charged at once.
  it('accounts-devices-billing §4, §6: a billed season that began before its sign-up is invoiced at once', async () => {
    await expectClean({
      billing: 'invoice',
      startDay: 0,
      days: 3,
      steps: [{ day: 0, op: { kind: 'subscribe', unit: 0, plan: 'seasonal', seasonStart: 0 } }],
    });
  }, 120_000);

  // Found by this property on CI's PostgreSQL pass (FC_SEED=1340524231, shrunk): a charge refunded
  // whole had also paid with a plan change's credit; a later change credited nothing for its days,
  // so that credit was lost to the customer.
  it('accounts-devices-billing §9; decision 054: the credit a wholly refunded charge took is given back by the next plan change', async () => {
    await expectClean({
      startDay: 0,
      days: 2,
      steps: [
        { day: 0, op: { kind: 'subscribe', unit: 0, plan: 'monthly', seasonStart: null } },
        { day: 0, op: { kind: 'suspend', unit: 0 } },
        { day: 0, op: { kind: 'change', unit: 0, plan: 'annual', seasonStart: null } },
        { day: 1, op: { kind: 'refund', index: 0, whole: true } },
        { day: 1, op: { kind: 'change', unit: 0, plan: 'seasonal', seasonStart: null } },
      ],
    });
  }, 120_000);

  // Found by this property (FC_SEED=-573218658, before the generator kept such refunds out; shrunk,
  // then cut to three steps): staff refund a charge whose days a plan change already gave back as
  // credit, so the customer holds the money and the credit for the same days. `refundCharge`
  // (refunds.service.ts) does not look at `credited_from`. Not plan-change billing, so reported
  // rather than marked `it.fails`; the generated sequences avoid such refunds until it is decided
  // (billing-world-operations.ts `refund`). Un-skip once refunds take the credit into account.
  it('accounts-devices-billing §9; decisions 036 refunds, 054: a charge whose days were credited to a later plan is not refunded, so no more credit is left than the money kept', async () => {
    await expectClean({
      startDay: 58,
      days: 2,
      refundsCreditedDays: true,
      steps: [
        { day: 0, op: { kind: 'subscribe', unit: 0, plan: 'annual', seasonStart: null } },
        { day: 0, op: { kind: 'change', unit: 0, plan: 'seasonal', seasonStart: null } },
        { day: 1, op: { kind: 'refund', index: 0, whole: true } },
      ],
    });
  }, 120_000);
});
