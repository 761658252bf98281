import type { SubscriptionView } from '@monitor/contract/subscriptions';
import type { AppContext } from '../../context';
import { conflict, notFound } from '../../platform/errors';
import { findUserById, type UserRow } from '../accounts/users.repository';
import { isCustomerIdTaken, setCustomerId } from './billed-users.repository';
import {
  invoicedNextBillingDate,
  requireBillingManager,
  requireOwnSubscription,
  SUBSCRIPTION_NOT_FOUND,
  viewFor,
} from './subscriptions.service';

/** Billed (invoice) customers and the vault customer id (accounts-devices-billing §5, §6, §7). */

async function requireUser(ctx: AppContext, userId: number): Promise<UserRow> {
  const user = await findUserById(ctx.db, userId);
  if (!user) throw notFound('User not found.');
  return user;
}

/** checkBillingUser: the user's billing type; 0 means not billable (§6). */
export async function checkBillingUser(ctx: AppContext, userId: number): Promise<number> {
  return (await requireUser(ctx, userId)).billing_type;
}

/**
 * checkAPContact (§5 "a billed user without an AP contact is flagged invalid"): whether the user
 * has an accounts-payable contact, and, when an address is given, whether it is that contact.
 */
export async function checkApContact(
  ctx: AppContext,
  { userId, emailAddress }: { userId: number; emailAddress?: string | undefined },
): Promise<boolean> {
  const contact = (await requireUser(ctx, userId)).ap_contact_email?.trim().toLowerCase();
  if (!contact) return false;
  return emailAddress === undefined || emailAddress === contact;
}

export async function getCustomerId(
  ctx: AppContext,
  userId: number,
): Promise<{ CustomerId: string | null }> {
  return { CustomerId: (await requireUser(ctx, userId)).customer_id };
}

/** Wording ours: one vault customer belongs to one user. */
export const CUSTOMER_ID_TAKEN = 'This customer id belongs to another account.';

/** Sets the caller's vault customer id; one another user holds is refused (409). */
export async function changeCustomerId(
  ctx: AppContext,
  { userId, customerId }: { userId: number; customerId: string },
): Promise<{ CustomerId: string | null }> {
  await requireBillingManager(ctx, userId);
  if (await isCustomerIdTaken(ctx.db, userId, customerId)) throw conflict(CUSTOMER_ID_TAKEN);
  await setCustomerId(ctx.db, userId, customerId);
  return { CustomerId: customerId };
}

/** getBillableSubscription: the caller's invoice subscription, management view (§6). */
export async function getBillableSubscription(
  ctx: AppContext,
  { callerId, subscriptionId }: { callerId: number; subscriptionId: number },
): Promise<SubscriptionView> {
  const row = await requireOwnSubscription(ctx, { callerId, subscriptionId });
  if (row.payment_kind !== 'invoice') throw notFound(SUBSCRIPTION_NOT_FOUND);
  return viewFor(ctx, await requireBillingManager(ctx, callerId), row);
}

/** checkIfInvoicedSubscription: an invoice subscription's next billing date, else null (§4). */
export async function checkIfInvoicedSubscription(
  ctx: AppContext,
  { callerId, subscriptionId }: { callerId: number; subscriptionId: number },
): Promise<{ NextBillingDate: string | null }> {
  const row = await requireOwnSubscription(ctx, { callerId, subscriptionId });
  return { NextBillingDate: invoicedNextBillingDate(row) };
}
