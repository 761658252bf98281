import type { Insertable, Kysely, Selectable, Transaction } from 'kysely';
import type {
  ContactMessagesTable,
  DB,
  InterestedCustomersTable,
} from '../../platform/database/schema';

export type ContactMessageRow = Selectable<ContactMessagesTable>;
export type InterestedCustomerRow = Selectable<InterestedCustomersTable>;

export function insertContactMessage(
  db: Kysely<DB> | Transaction<DB>,
  message: Insertable<ContactMessagesTable>,
): Promise<ContactMessageRow> {
  return db.insertInto('contact_messages').values(message).returningAll().executeTakeFirstOrThrow();
}

/**
 * Records a news sign-up; a second one for the same address and tenant changes nothing (the
 * unique key), so signing up twice is not an error and leaves one row.
 */
export async function insertInterestedCustomer(
  db: Kysely<DB>,
  customer: Insertable<InterestedCustomersTable>,
): Promise<void> {
  await db
    .insertInto('interested_customers')
    .values(customer)
    .onConflict((oc) => oc.columns(['tenant_id', 'email_address']).doNothing())
    .execute();
}

/** The newest contact messages first (the admin command's list). */
export function findLatestContactMessages(
  db: Kysely<DB>,
  limit: number,
): Promise<ContactMessageRow[]> {
  return db
    .selectFrom('contact_messages')
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** The newest news sign-ups first (the admin command's list). */
export function findLatestInterestedCustomers(
  db: Kysely<DB>,
  limit: number,
): Promise<InterestedCustomerRow[]> {
  return db
    .selectFrom('interested_customers')
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}
