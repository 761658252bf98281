import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  SubscriptionIdParams,
  SubscriptionInvoiceList,
  type SubscriptionInvoice,
} from '@monitor/contract/subscriptions';
import { findInvoicesOfSubscription, type InvoiceListRow } from './invoices.repository';
import { toAmount } from './subscription-options.service';
import { requireOwnSubscription } from './subscriptions.service';

function toSubscriptionInvoice(row: InvoiceListRow): SubscriptionInvoice {
  return {
    InvoiceNumber: row.invoice_number,
    PeriodStart: row.period_start,
    PeriodEnd: row.period_end,
    IssuedOn: row.issued_on,
    DueDate: row.due_on,
    SubTotal: toAmount(row.subtotal_cents),
    Tax: toAmount(row.tax_cents),
    AmountDue: toAmount(row.total_cents),
  };
}

/**
 * A billed subscription's invoices (accounts-devices-billing §6: a billed user sees invoices, no
 * card; decision 040). Owner only, 404 / 403 as the other subscription calls; a card
 * subscription has none.
 */
export const invoicesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/subscriptions/:Id/invoices',
    {
      schema: {
        tags: ['billed users'],
        summary: "A subscription's invoices, newest first (billed customers)",
        params: SubscriptionIdParams,
        response: { 200: SubscriptionInvoiceList },
      },
    },
    async (request) => {
      const row = await requireOwnSubscription(app.ctx, {
        callerId: request.caller.userId,
        subscriptionId: request.params.Id,
      });
      const invoices = await findInvoicesOfSubscription(app.ctx.db, row.id);
      return invoices.map(toSubscriptionInvoice);
    },
  );
};
