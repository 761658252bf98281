import type { Kysely } from 'kysely';
import { PUCK_MONTHLY_CENTS } from '@monitor/domain/billing/puck-charges';
import { addDays, addMonths, type IsoDate } from '@monitor/domain/shared/calendar-date';
import {
  findAuditCharges,
  type AuditCharge,
} from '../../src/modules/billing/billing-audit.repository';
import type { DB } from '../../src/platform/database/schema';

/*
 * The billing property's model of one subscription (decision 057): what its plans were (by term),
 * the credit its plan changes granted and which paid days they gave back. Written apart from the
 * product's code (its own day count, its own prices), so the two can disagree.
 */

/** A plan as a term of a subscription bills it: the plan's monthly part, months, months off. */
export type Term = { planPart: number; months: number; discountMonths: number };

export type SubscriptionModel = {
  terms: Map<number, Term>;
  creditGranted: number;
  /** Per charge or invoice (`billedKey`): from which day on its days were given back to a later plan. */
  credited: Map<string, IsoDate>;
};

/**
 * A subscription charge that was paid (perhaps refunded since), or an invoice issued (as one
 * paid, never refunded); its days as 'YYYY-MM-DD'.
 */
export type BilledCharge = AuditCharge & { period_start: string; period_end: string };

export function newSubscriptionModel(term: number, plan: Term): SubscriptionModel {
  return { terms: new Map([[term, plan]]), creditGranted: 0, credited: new Map() };
}

const billedKey = (c: BilledCharge) => `${c.source} ${c.id}`;

/** A subscription's billed periods, as `audit-billing` reads them: its paid charges, then its invoices. */
export async function findBilledCharges(
  db: Kysely<DB>,
  subscriptionId: number,
): Promise<BilledCharge[]> {
  const rows = await findAuditCharges(db, [subscriptionId]);
  return rows.filter(
    (c): c is BilledCharge =>
      (c.status === 'succeeded' || c.status === 'refunded') && c.period_start !== null,
  );
}

/** Days as months, each day 1/(days of its month): how §9 prorates, counted day by day. */
export function monthsOf(from: string, through: string): number {
  let months = 0;
  for (let d = from as IsoDate; d <= through; d = addDays(d, 1)) {
    const [year, month] = d.split('-').map(Number) as [number, number];
    months += 1 / new Date(Date.UTC(year, month, 0)).getUTCDate();
  }
  return months;
}

/**
 * What a plan change starting on `start` should credit (accounts-devices-billing §9 "prorated by
 * days per month", decision 054), and notes those days as given back: each paid charge's days from
 * `start` on not given back before, valued at what the charge was paid (money and credit, less
 * refunds) shared among its days, a day weighing 1/(days of its month).
 */
export function creditPlanChange(
  model: SubscriptionModel,
  charges: readonly BilledCharge[],
  start: IsoDate,
): number {
  let total = 0;
  for (const c of charges) {
    if (c.period_end < start) continue;
    const earlier = model.credited.get(billedKey(c));
    const from = (c.period_start > start ? c.period_start : start) as IsoDate;
    const through = earlier ? addDays(earlier, -1) : (c.period_end as IsoDate);
    const paid = Math.max(0, c.subtotal_cents + c.credit_cents - c.refunded_cents);
    if (through < from || paid === 0) continue;
    const share = monthsOf(from, through) / monthsOf(c.period_start, c.period_end);
    const value = Math.round(Math.min(paid, paid * share));
    if (value === 0) continue;
    model.credited.set(billedKey(c), from);
    total += value;
  }
  return total;
}

/**
 * The model beside the database: every charge paid is its term's plan price for its months plus
 * $3.00 a month for each puck paid for when it was made, less the promoted discount on its term's
 * first charge and less the credit it took, for whole months from its start; the credit granted
 * is the credit spent plus the credit left. Answers what disagrees, in words.
 */
export function checkSubscriptionCharges(input: {
  subscriptionId: number;
  model: SubscriptionModel;
  charges: readonly BilledCharge[];
  paidPucksAt: (at: Date) => number;
  creditLeft: number;
}): string[] {
  const { subscriptionId: id, model, charges, paidPucksAt, creditLeft } = input;
  const problems: string[] = [];
  const seenTerms = new Set<number>();
  for (const c of charges) {
    const term = model.terms.get(c.term);
    if (!term) {
      problems.push(`${billedKey(c)} of subscription ${id} is for term ${c.term}, never made`);
      continue;
    }
    const isFirst = !seenTerms.has(c.term);
    seenTerms.add(c.term);
    const pucks = paidPucksAt(c.created_at);
    const gross = (term.planPart + PUCK_MONTHLY_CENTS * pucks) * term.months;
    const discount = isFirst ? Math.min(term.planPart * term.discountMonths, gross) : 0;
    if (c.subtotal_cents + c.credit_cents !== gross - discount)
      problems.push(
        `${billedKey(c)} of subscription ${id} (term ${c.term}, ${c.period_start}..${c.period_end}) took ${c.subtotal_cents}¢ + credit ${c.credit_cents}¢; expected ${gross - discount}¢ (${term.months} × (${term.planPart}¢ + ${pucks} puck(s)) less ${discount}¢)`,
      );
    if (addDays(addMonths(c.period_start as IsoDate, term.months), -1) !== c.period_end)
      problems.push(
        `${billedKey(c)} of subscription ${id} covers ${c.period_start}..${c.period_end}, not ${term.months} month(s)`,
      );
  }
  const spent = charges.reduce((sum, c) => sum + c.credit_cents, 0);
  if (model.creditGranted !== spent + creditLeft)
    problems.push(
      `subscription ${id} was granted ${model.creditGranted}¢ of credit, but its charges spent ${spent}¢ and ${creditLeft}¢ is left`,
    );
  return problems;
}
