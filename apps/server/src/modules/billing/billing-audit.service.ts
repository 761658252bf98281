import { addDays, type IsoDate } from '@monitor/domain/shared/calendar-date';
import { formatCents, type Cents } from '@monitor/domain/shared/money';
import type { AppContext } from '../../context';
import { billingToday } from './billing-day';
import {
  findAuditCharges,
  findAuditSubscriptions,
  findRefundMismatches,
  findStalePendingCharges,
  type AuditCharge,
  type RefundMismatch,
} from './billing-audit.repository';
import { checkSubscriptionLedger, type BillingFinding } from './billing-audit.rules';

export type { BillingFinding, BillingRule } from './billing-audit.rules';

/** How many subscriptions are read (with their charges) at once. */
export const AUDIT_PAGE = 500;

const money = (amount: number) => formatCents(amount as Cents);

/**
 * Checks the billing ledger's invariants on the live database as of a billing day (today in New
 * York by default) and answers what breaks them, one finding each; none means clean (decision
 * 057). It only reads. The invariants, by rule:
 * - `recurring-amount`: a subscription not cancelled bills $3.00 a month for each paid puck on its
 *   unit on top of its plan (decisions 036, 056);
 * - `refund-exceeds-charge`: no charge is refunded beyond its amount, and what it has reserved is
 *   the sum of its refunds in flight or made;
 * - `period-charged-twice`: no day is paid by two charges of one plan (term) — a plan change's
 *   overlap is credited (decision 054), so `credit-exceeds-payments` bounds the credit instead;
 * - `charged-after-expiration`: nothing paid for a period starting on or after a suspended or
 *   cancelled subscription's expiration date;
 * - `period-overdue`: no Active subscription's next billing date (nor a PastDue one's retry) more
 *   than a day behind: the run is hourly, so it was skipped;
 * - `period-skipped`, `charge-price`, `charge-arithmetic`: the current plan's periods follow one
 *   another from its first billing date, each at its months of the plan plus $3.00 a puck, less
 *   the credit taken and the promoted months off (billing-audit.rules.ts says what is not seen);
 * - `charge-stuck-pending`: no charge waits more than a day for the processor's answer.
 */
export async function auditBilling(
  ctx: Pick<AppContext, 'db' | 'now'>,
  { asOf = billingToday(ctx) }: { asOf?: IsoDate } = {},
): Promise<BillingFinding[]> {
  const findings: BillingFinding[] = [];
  let afterId = 0;
  for (;;) {
    const subscriptions = await findAuditSubscriptions(ctx.db, { afterId, limit: AUDIT_PAGE });
    if (subscriptions.length === 0) break;
    afterId = subscriptions[subscriptions.length - 1]!.id;
    const charges = await findAuditCharges(
      ctx.db,
      subscriptions.map((s) => s.id),
    );
    const bySubscription = new Map<number, AuditCharge[]>();
    for (const c of charges) {
      const list = bySubscription.get(c.subscription_id);
      if (list) list.push(c);
      else bySubscription.set(c.subscription_id, [c]);
    }
    for (const s of subscriptions) {
      findings.push(...checkSubscriptionLedger(s, bySubscription.get(s.id) ?? [], asOf));
    }
  }
  for (const charge of await findRefundMismatches(ctx.db)) {
    findings.push({
      subscriptionId: charge.subscription_id,
      userId: charge.user_id,
      rule: 'refund-exceeds-charge',
      detail: describeRefundMismatch(charge),
    });
  }
  for (const charge of await findStalePendingCharges(ctx.db, addDays(asOf, -1))) {
    findings.push({
      subscriptionId: charge.subscription_id,
      userId: charge.user_id,
      rule: 'charge-stuck-pending',
      detail: `${charge.kind} charge #${charge.id} has waited for the processor's answer since ${charge.day}`,
    });
  }
  return findings;
}

function describeRefundMismatch(c: RefundMismatch): string {
  return (
    `${c.kind} charge #${c.id} (${c.status}) of ${money(c.amount_cents)}: ` +
    `${money(c.refunded_cents)} marked refunded, ${money(c.reserved_cents)} in refunds made or in flight, ` +
    `${money(c.returned_cents)} returned`
  );
}

/** The findings one per line, then a summary by rule (the `audit-billing` command's output). */
export function formatBillingFindings(findings: readonly BillingFinding[], asOf: string): string {
  if (findings.length === 0) return `Billing audit as of ${asOf}: no findings.`;
  const counts = new Map<string, number>();
  for (const f of findings) counts.set(f.rule, (counts.get(f.rule) ?? 0) + 1);
  return [
    ...findings.map(
      (f) =>
        `${f.rule} subscription ${f.subscriptionId ?? '-'} user ${f.userId ?? '-'}: ${f.detail}`,
    ),
    `Billing audit as of ${asOf}: ${findings.length} finding(s) — ${[...counts]
      .map(([rule, n]) => `${rule} ${n}`)
      .join(', ')}.`,
  ].join('\n');
}
