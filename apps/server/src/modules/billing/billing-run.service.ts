import type { AppContext } from '../../context';
import { billingToday } from './billing-day';
import { findDueSubscriptions } from './billing-run.repository';
import { invoiceSubscriptionPeriod } from './invoices.service';
import { chargeSubscriptionPeriod } from './subscription-charges.service';

export type BillingRunSummary = {
  charged: number;
  declined: number;
  invoiced: number;
  /** Charged elsewhere, in flight, or not due after all. */
  skipped: number;
  /** Threw (the processor unreachable, a bug): left as they were for the next run. */
  failed: { subscriptionId: number; message: string }[];
};

/** How many subscriptions the run reads at once, and charges side by side within a read. */
export const BILLING_RUN_BATCH = 200;
export const BILLING_RUN_PARALLEL = 8;

/**
 * The billing run (decision 036): every Active subscription due by today and every PastDue one
 * whose next attempt has come, in batches, each charged (`chargeSubscriptionPeriod`) or invoiced
 * (`invoiceSubscriptionPeriod`). One subscription's failure is counted and never stops the run.
 * Safe on several processes at once: each charge and invoice is once per subscription and period.
 */
export async function runBilling(
  ctx: AppContext,
  { batchSize = BILLING_RUN_BATCH, parallel = BILLING_RUN_PARALLEL } = {},
): Promise<BillingRunSummary> {
  const summary: BillingRunSummary = {
    charged: 0,
    declined: 0,
    invoiced: 0,
    skipped: 0,
    failed: [],
  };
  const today = billingToday(ctx);
  const now = ctx.now();
  let afterId = 0;
  for (;;) {
    const due = await findDueSubscriptions(ctx.db, { today, now, afterId, limit: batchSize });
    if (due.length === 0) return summary;
    afterId = due[due.length - 1]!.id;
    for (let i = 0; i < due.length; i += parallel) {
      await Promise.all(
        due.slice(i, i + parallel).map(async ({ id, payment_kind }) => {
          try {
            const outcome =
              payment_kind === 'invoice'
                ? await invoiceSubscriptionPeriod(ctx, { subscriptionId: id })
                : await chargeSubscriptionPeriod(ctx, { subscriptionId: id });
            if (
              outcome.kind === 'charged' ||
              outcome.kind === 'declined' ||
              outcome.kind === 'invoiced'
            )
              summary[outcome.kind] += 1;
            else summary.skipped += 1;
          } catch (error) {
            summary.failed.push({
              subscriptionId: id,
              message: error instanceof Error ? error.message : String(error),
            });
          }
        }),
      );
    }
  }
}
