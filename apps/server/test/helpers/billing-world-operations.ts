import { randomUUID } from 'node:crypto';
import { addDays, type IsoDate } from '@monitor/domain/shared/calendar-date';
import type { AppContext } from '../../src/context';
import type { PaymentProcessor } from '../../src/adapters/payments/payment-processor';
import { billingToday } from '../../src/modules/billing/billing-day';
import { submitPeripheralUpfrontCharge } from '../../src/modules/billing/peripheral-billing.service';
import { refundCharge } from '../../src/modules/billing/refunds.service';
import { AppError } from '../../src/platform/errors';
import {
  changeSubscription,
  reactivateOwnSubscription,
  suspendOwnSubscription,
} from '../../src/modules/billing/subscriptions-lifecycle.service';
import { saveSubscription } from '../../src/modules/billing/subscriptions-save.service';
import { provisionPucks } from '../../src/modules/devices/inventory.service';
import { attachPeripheral } from '../../src/modules/pucks/peripherals.service';
import { detachPeripheral } from '../../src/modules/pucks/peripheral-transfer.service';
import {
  checkSubscriptionCharges,
  creditPlanChange,
  findBilledCharges,
  newSubscriptionModel,
  type SubscriptionModel,
  type Term,
} from './billing-ledger-model';
import { createSubscriber, unitOf } from './subscription-fixtures';
import type { TestApp } from './test-app';

/*
 * What a step of the billing property does (decision 057): the owner's calls through the
 * services as the routes make them, staff refunds, and a card the bank starts or stops refusing;
 * each noted in the model (billing-ledger-model.ts) as the product answered it.
 */

/** The plans a step may name: tenant 6's own, its pro ones, and one with free months after. */
export const PLAN_KEYS = [
  'monthly',
  'seasonal',
  'annual',
  'proMonthly',
  'proAnnual',
  'monthlyAfter',
] as const;
export type PlanKey = (typeof PLAN_KEYS)[number];

export type Op =
  | { kind: 'subscribe'; unit: number; plan: PlanKey; seasonStart: number | null }
  | { kind: 'change'; unit: number; plan: PlanKey; seasonStart: number | null }
  | { kind: 'suspend'; unit: number }
  | { kind: 'reactivate'; unit: number }
  | { kind: 'attachPuck'; unit: number; pay: boolean }
  | { kind: 'payPucks'; unit: number }
  | { kind: 'detachPuck'; unit: number; index: number }
  | { kind: 'card'; unit: number; declines: boolean }
  | { kind: 'refund'; index: number; whole: boolean };

/** Units the owner has: type 4 (card-billed) or, for a billed customer, type 7 (invoiced); plan tenant 6. */
export const UNITS = 2;

/** How the owner pays: a card customer's units are charged, a billed customer's invoiced. */
export type Billing = 'card' | 'invoice';
/** A vaulted card the bank has started to refuse: its sales go through as amounts that decline. */
const DECLINING_BASE_CENTS = 200_000;

type Plan = {
  id: number;
  planType: 'Monthly' | 'Annual' | 'Seasonal';
  amount: number;
  months: number;
  discountMonths: number;
};
type Puck = { serial: string; isPaid: boolean };
type Unit = {
  userDeviceId: number;
  subscriptionId: number | null;
  pucks: Puck[];
  /** Paid pucks from a moment on, oldest first. */
  paidTimeline: { at: number; paid: number }[];
};
/** The owner, units, plans and models of one sequence, and what its operations do. */
export class WorldOperations {
  readonly ctx: AppContext;
  readonly units: Unit[] = [];
  callerId = 0;
  /** Plan changes that granted credit (FC_VERBOSE). */
  credits = 0;
  private readonly declining = new Set<string>();
  private readonly models = new Map<number, SubscriptionModel>();
  private readonly plans = new Map<PlanKey, Plan>();
  private readonly freePucks: string[] = [];

  constructor(
    private readonly t: TestApp,
    private readonly options: {
      billing: Billing;
      refundsCreditedDays: boolean;
      problem: (message: string) => void;
      trace: (message: string) => void;
    },
  ) {
    const payments = t.ctx.payments;
    const declining = this.declining;
    const sale: PaymentProcessor['sale'] = (input) =>
      input.paymentMethodToken && declining.has(input.paymentMethodToken)
        ? payments.sale({
            ...input,
            amountCents: DECLINING_BASE_CENTS + (input.amountCents % 100_000),
          })
        : payments.sale(input);
    this.ctx = { ...t.ctx, payments: { ...payments, sale } };
  }

  async setUp() {
    const isBilled = this.options.billing === 'invoice';
    const s = await createSubscriber(
      this.t,
      isBilled ? { billingType: 1, apContact: 'ap@example.com' } : {},
    );
    this.callerId = s.user.id;
    for (let i = 0; i < UNITS; i += 1) {
      this.units.push({
        userDeviceId: await unitOf(this.ctx, s.user.id, isBilled ? 7 : 4),
        subscriptionId: null,
        pucks: [],
        paidTimeline: [{ at: 0, paid: 0 }],
      });
    }
    const pucks = await provisionPucks(this.ctx.db, { count: 8, logicLevel: 32775 });
    this.freePucks.push(...pucks.map((p) => p.Serial));
    const options = await this.ctx.db
      .selectFrom('subscription_options')
      .selectAll()
      .where('tenant_id', '=', 6)
      .orderBy('id')
      .execute();
    const pick = (key: PlanKey, type: Plan['planType'], pro: boolean, freeMonths: number) => {
      const row = options.find(
        (o) => o.plan_type === type && o.is_pro === pro && o.free_months === freeMonths,
      );
      if (!row) throw new Error(`no ${key} plan`);
      this.plans.set(key, {
        id: row.id,
        planType: type,
        amount: row.billing_amount_cents,
        months: row.billing_frequency,
        discountMonths: freeMonths < 0 ? Math.min(-freeMonths, row.billing_frequency) : 0,
      });
    };
    pick('monthly', 'Monthly', false, 0);
    pick('seasonal', 'Seasonal', false, 0);
    pick('annual', 'Annual', false, 0);
    pick('proMonthly', 'Monthly', true, -1);
    pick('proAnnual', 'Annual', true, 1);
    pick('monthlyAfter', 'Monthly', true, 2);
  }

  private unit(index: number): Unit {
    return this.units[index % this.units.length]!;
  }

  async execute(op: Op): Promise<void> {
    const unit = 'unit' in op ? this.unit(op.unit) : undefined;
    const callerId = this.callerId;
    switch (op.kind) {
      case 'subscribe':
        return this.subscribe(unit!, op.plan, op.seasonStart);
      case 'change':
        return this.change(unit!, op.plan, op.seasonStart);
      case 'suspend':
        if (unit!.subscriptionId === null) return;
        await suspendOwnSubscription(this.ctx, { callerId, subscriptionId: unit!.subscriptionId });
        return;
      case 'reactivate':
        return this.reactivate(unit!);
      case 'attachPuck': {
        const serial = this.freePucks.shift();
        if (!serial) return;
        try {
          await attachPeripheral(this.ctx, {
            callerId,
            userDeviceId: unit!.userDeviceId,
            serial,
            name: `Puck ${serial}`,
            location: `Spot ${serial}`,
          });
        } catch (error) {
          this.freePucks.push(serial);
          throw error;
        }
        // On a card unit the puck waits for its upfront charge; an invoiced unit's next invoice
        // bills it at once (decision 056).
        if (this.options.billing === 'invoice') {
          unit!.pucks.push({ serial, isPaid: true });
          this.notePaidPucks(unit!);
          return;
        }
        unit!.pucks.push({ serial, isPaid: false });
        if (op.pay) await this.payPucks(unit!);
        return;
      }
      case 'payPucks':
        return this.payPucks(unit!);
      case 'detachPuck': {
        const puck = unit!.pucks[op.index % Math.max(1, unit!.pucks.length)];
        if (!puck) return;
        await detachPeripheral(this.ctx, {
          callerId,
          unit: { id: unit!.userDeviceId },
          serial: puck.serial,
        });
        unit!.pucks = unit!.pucks.filter((p) => p !== puck);
        this.freePucks.push(puck.serial);
        if (puck.isPaid) this.notePaidPucks(unit!);
        return;
      }
      case 'card': {
        const token = await this.tokenOf(unit!);
        if (!token) return;
        if (op.declines) this.declining.add(token);
        else this.declining.delete(token);
        return;
      }
      case 'refund':
        return this.refund(op.index, op.whole);
    }
  }

  private async subscribe(unit: Unit, key: PlanKey, seasonStart: number | null) {
    const plan = this.plans.get(key)!;
    const saved = await saveSubscription(this.ctx, {
      callerId: this.callerId,
      idempotencyKey: undefined,
      input: {
        billingPlan: {
          Id: plan.id,
          PlanType: plan.planType,
          ...(plan.planType === 'Seasonal' &&
            seasonStart !== null && {
              StartDate: addDays(billingToday(this.ctx), seasonStart - 180),
            }),
        },
        FirstName: 'Olive',
        LastName: 'Owner',
        Address1: '1 Main St',
        City: 'Springfield',
        State: 'IL',
        Zip: '62701',
        PaymentNonce: 'fake-valid-visa-nonce',
        UserId: this.callerId,
        UserDeviceId: unit.userDeviceId,
      },
    });
    // A unit with a subscription in force answers that one (decision 037): nothing new.
    if (unit.subscriptionId === saved.Id) return;
    unit.subscriptionId = saved.Id;
    const row = await this.row(saved.Id);
    this.models.set(saved.Id, newSubscriptionModel(row.term, termOf(plan)));
  }

  private async change(unit: Unit, key: PlanKey, seasonStart: number | null) {
    if (unit.subscriptionId === null) return;
    const subscriptionId = unit.subscriptionId;
    const plan = this.plans.get(key)!;
    const before = await findBilledCharges(this.ctx.db, subscriptionId);
    const changed = await changeSubscription(this.ctx, {
      callerId: this.callerId,
      subscriptionId,
      input: {
        billingPlan: {
          Id: plan.id,
          PlanType: plan.planType,
          ...(plan.planType === 'Seasonal' &&
            seasonStart !== null && {
              StartDate: addDays(billingToday(this.ctx), seasonStart),
            }),
        },
      },
    });
    const model = this.models.get(subscriptionId)!;
    const row = await this.row(subscriptionId);
    model.terms.set(row.term, termOf(plan));
    const credit = Math.round(Number(changed.Credit) * 100);
    model.creditGranted += credit;
    if (credit > 0) this.credits += 1;
    this.options.trace(
      `change of ${subscriptionId} to ${key}: start ${changed.PaymentStartDate}, next billing ${changed.NextBillingDate}, credit ${credit}¢`,
    );
    const expected = creditPlanChange(model, before, changed.PaymentStartDate as IsoDate);
    if (Math.abs(expected - credit) > 1)
      this.options.problem(
        `plan change of subscription ${subscriptionId} to ${key} from ${changed.PaymentStartDate} credited ${credit}¢; the billed days it covers are worth ${expected}¢ (billed ${JSON.stringify(before.map((c) => [c.source, c.id, c.term, c.period_start, c.period_end, c.subtotal_cents + c.credit_cents - c.refunded_cents]))})`,
      );
  }

  private async reactivate(unit: Unit) {
    if (unit.subscriptionId === null) return;
    const before = await this.row(unit.subscriptionId);
    await reactivateOwnSubscription(this.ctx, {
      callerId: this.callerId,
      subscriptionId: unit.subscriptionId,
      input: {},
    });
    const after = await this.row(unit.subscriptionId);
    const model = this.models.get(unit.subscriptionId)!;
    // Started anew: the same plan as a new term, without promoted months (decision 054).
    const old = model.terms.get(before.term);
    if (after.term !== before.term && old)
      model.terms.set(after.term, { ...old, discountMonths: 0 });
  }

  private async payPucks(unit: Unit) {
    const waiting = unit.pucks.filter((p) => !p.isPaid);
    if (waiting.length === 0) return;
    await submitPeripheralUpfrontCharge(this.ctx, {
      callerId: this.callerId,
      userDeviceId: unit.userDeviceId,
      quantity: waiting.length,
      idempotencyKey: randomUUID(),
    });
    for (const puck of waiting) puck.isPaid = true;
    this.notePaidPucks(unit);
  }

  private notePaidPucks(unit: Unit) {
    unit.paidTimeline.push({
      at: this.ctx.now().getTime(),
      paid: unit.pucks.filter((p) => p.isPaid).length,
    });
  }

  /**
   * Staff refund a paid charge, whole or half of what is left. One whose days a plan change
   * already gave back as credit is refused (409, it would pay the same days back twice), which
   * changes nothing; the sequence picks such charges only when it says so.
   */
  private async refund(index: number, whole: boolean) {
    const charges = await this.ctx.db
      .selectFrom('charges')
      .select(['id', 'amount_cents', 'refunded_cents'])
      .where('user_id', '=', this.callerId)
      .where('kind', 'in', ['subscription', 'upfront'])
      .where('status', '=', 'succeeded')
      .where('amount_cents', '>', 0)
      .$if(!this.options.refundsCreditedDays, (qb) => qb.where('credited_from', 'is', null))
      .orderBy('id')
      .execute();
    const charge = charges[index % Math.max(1, charges.length)];
    if (!charge) return;
    const left = charge.amount_cents - charge.refunded_cents;
    try {
      await refundCharge(this.ctx, {
        chargeId: charge.id,
        ...(!whole && { amountCents: Math.max(1, Math.floor(left / 2)) }),
      });
    } catch (error) {
      if (!(error instanceof AppError && error.statusCode === 409)) throw error;
    }
  }

  private async tokenOf(unit: Unit): Promise<string | null> {
    if (unit.subscriptionId === null) return null;
    const row = await this.ctx.db
      .selectFrom('subscriptions')
      .select('payment_method_token')
      .where('id', '=', unit.subscriptionId)
      .executeTakeFirst();
    return row?.payment_method_token ?? null;
  }

  private row(id: number) {
    return this.ctx.db
      .selectFrom('subscriptions')
      .select(['term', 'credit_cents'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  }

  /** Each subscription's charges and credit against the model (billing-ledger-model.ts). */
  async checkModel() {
    for (const unit of this.units) {
      if (unit.subscriptionId === null) continue;
      const id = unit.subscriptionId;
      for (const problem of checkSubscriptionCharges({
        subscriptionId: id,
        model: this.models.get(id)!,
        charges: await findBilledCharges(this.ctx.db, id),
        paidPucksAt: (at) => paidAt(unit, at.getTime()),
        creditLeft: (await this.row(id)).credit_cents,
      }))
        this.options.problem(problem);
    }
  }
}

function termOf(plan: Plan): Term {
  return { planPart: plan.amount, months: plan.months, discountMonths: plan.discountMonths };
}

/** The unit's paid pucks at a moment. */
function paidAt(unit: Unit, at: number): number {
  let paid = 0;
  for (const entry of unit.paidTimeline) if (entry.at <= at) paid = entry.paid;
  return paid;
}
