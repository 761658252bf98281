import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB, InvoiceLineJson } from '../../platform/database/schema';

/**
 * Locks a billed subscription for its invoice and answers its next billing date and term, or undefined
 * when it is no longer an Active invoice subscription: a second process waits here, then finds
 * the date already moved on.
 */
export async function lockInvoiceSubscription(
  trx: Transaction<DB>,
  subscriptionId: number,
): Promise<{ next_billing_date: string | null; term: number } | undefined> {
  return trx
    .selectFrom('subscriptions')
    .select(sql<string | null>`to_char(next_billing_date, 'YYYY-MM-DD')`.as('next_billing_date'))
    .select('term')
    .where('id', '=', subscriptionId)
    .where('status', '=', 'Active')
    .where('payment_kind', '=', 'invoice')
    .forUpdate()
    .executeTakeFirst();
}

export type NewInvoice = {
  user_id: number;
  subscription_id: number;
  term: number;
  credit_cents: number;
  period_start: string;
  period_end: string;
  lines: InvoiceLineJson[];
  subtotal_cents: number;
  tax_cents: number;
  total_cents: number;
  issued_on: string;
  due_on: string;
  /** On the app's clock, as charges are: what the billing of that moment saw. */
  created_at: Date;
};

/** Numbers and inserts an invoice; undefined when the plan's period has one already. */
export async function insertInvoice(
  db: Kysely<DB>,
  invoice: NewInvoice,
): Promise<{ id: number; invoice_number: string } | undefined> {
  return db
    .insertInto('invoices')
    .values({
      ...invoice,
      invoice_number: sql<string>`nextval('invoice_numbers')::text`,
      lines: JSON.stringify(invoice.lines),
    })
    .onConflict((conflict) =>
      conflict.columns(['subscription_id', 'term', 'period_start']).doNothing(),
    )
    .returning(['id', 'invoice_number'])
    .executeTakeFirst();
}

export async function setInvoiceDelivery(
  db: Kysely<DB>,
  invoiceId: number,
  deliveryId: number,
): Promise<void> {
  await db
    .updateTable('invoices')
    .set({ delivery_id: deliveryId })
    .where('id', '=', invoiceId)
    .execute();
}

export type InvoiceListRow = {
  invoice_number: string;
  period_start: string;
  period_end: string;
  issued_on: string;
  due_on: string;
  subtotal_cents: number;
  tax_cents: number;
  total_cents: number;
};

/** A subscription's invoices, newest period first; days as `YYYY-MM-DD`. */
export async function findInvoicesOfSubscription(
  db: Kysely<DB>,
  subscriptionId: number,
): Promise<InvoiceListRow[]> {
  const day = (column: string) => sql<string>`to_char(${sql.ref(column)}, 'YYYY-MM-DD')`;
  return db
    .selectFrom('invoices')
    .select([
      'invoice_number',
      day('period_start').as('period_start'),
      day('period_end').as('period_end'),
      day('issued_on').as('issued_on'),
      day('due_on').as('due_on'),
      'subtotal_cents',
      'tax_cents',
      'total_cents',
    ])
    .where('subscription_id', '=', subscriptionId)
    .orderBy('period_start', 'desc')
    .execute();
}
