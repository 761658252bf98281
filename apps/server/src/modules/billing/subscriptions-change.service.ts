import type { Kysely, Updateable } from 'kysely';
import type { AppContext } from '../../context';
import type { VaultedCard } from '../../adapters/payments/payment-processor';
import type { DB, SubscriptionsTable } from '../../platform/database/schema';
import { badRequest, conflict, notFound, paymentRefused } from '../../platform/errors';
import type { UserRow } from '../accounts/users.repository';
import { insertAuditEvents, type AuditAction } from '../audit/audit.repository';
import { billingToday } from './billing-day';
import { invoiceIfBegun } from './invoices.service';
import {
  cardAddress,
  cardColumns,
  releaseCard,
  vaultCard,
  withProcessor,
  type AddressInput,
} from './payment-vault.service';
import { lockSubscriptionTerm } from './subscription-charges.repository';
import { chargeSubscriptionPeriod } from './subscription-charges.service';
import {
  requireBillingManager,
  requireOwnSubscription,
  SUBSCRIPTION_NOT_FOUND,
} from './subscriptions.service';
import { updateSubscription, type SubscriptionRow } from './subscriptions.repository';

/**
 * How a subscription call writes its change (plan change, suspend, reactivate): with its audit
 * entry in one transaction (issue #22), charged at once when its billing date has come, and put
 * back as it was when that charge is declined.
 */

/** The spec's alert for a failed subscription change (accounts-devices-billing §8). */
export const UPDATE_REFUSED =
  'An error occurred updating subscription information. Please contact customer service.';
/** Wording ours: a cancelled profile is not changed (accounts-devices-billing §3, §4). */
export const SUBSCRIPTION_CANCELLED = 'This subscription was cancelled and cannot be changed.';

/**
 * The caller and their subscription. `actorId`: who acts, for the audit log — the staff member
 * behind an impersonation when the route knows one; the caller otherwise.
 */
export type Access = { callerId: number; subscriptionId: number; actorId?: number | undefined };

/** Wording ours: two changes of one subscription at once; the later one is refused (409). */
export const CHANGED_MEANWHILE =
  'This subscription was changed meanwhile. Please reload it and try again.';

/**
 * How a change is written: what the audit log records of it (issue #22), in its transaction; the
 * term the row must still be in (another change made meanwhile is a 409); more writes of the
 * change in the same transaction, and their undoing when its charge is declined.
 */
export type ChangeWrite = {
  action: AuditAction;
  actorId: number;
  detail: Record<string, unknown>;
  expectTerm?: number;
  alongside?: {
    apply: (trx: Kysely<DB>) => Promise<void>;
    undo: (trx: Kysely<DB>) => Promise<void>;
  };
};

/** Writes a subscription's change, its other writes and its audit entry in one transaction. */
export async function updateRecorded(
  ctx: AppContext,
  row: SubscriptionRow,
  values: Updateable<SubscriptionsTable>,
  write: ChangeWrite,
  { isUndo = false } = {},
): Promise<SubscriptionRow | undefined> {
  return ctx.db.transaction().execute(async (trx) => {
    const term = await lockSubscriptionTerm(trx, row.id);
    if (term === undefined) return undefined;
    if (!isUndo && write.expectTerm !== undefined && term !== write.expectTerm) {
      throw conflict(CHANGED_MEANWHILE);
    }
    const changed = await updateSubscription(trx, row.id, values);
    await (isUndo ? write.alongside?.undo(trx) : write.alongside?.apply(trx));
    await insertAuditEvents(trx, [
      {
        action: write.action,
        userId: row.user_id,
        actorId: write.actorId,
        detail: {
          subscriptionId: row.id,
          ...write.detail,
          ...(isUndo && { undone: 'The charge was declined.' }),
        },
        at: ctx.now(),
      },
    ]);
    return changed;
  });
}

/** The caller's own subscription, managed by them (a parent account), not cancelled (400). */
export async function requireManagedSubscription(ctx: AppContext, access: Access) {
  const user = await requireBillingManager(ctx, access.callerId);
  const row = await requireOwnSubscription(ctx, access);
  if (row.status === 'Cancelled') throw badRequest(SUBSCRIPTION_CANCELLED);
  return { user, row };
}

/** A new card from a nonce, when one is sent (card subscriptions only). */
export async function newCardIfSent(
  ctx: AppContext,
  user: UserRow,
  row: SubscriptionRow,
  input: AddressInput & { PaymentNonce?: string | null | undefined; DeviceData?: string | null },
): Promise<VaultedCard | null> {
  if (row.payment_kind !== 'card' || !input.PaymentNonce) return null;
  return vaultCard(ctx, {
    user,
    nonce: input.PaymentNonce,
    deviceData: input.DeviceData,
    billingAddress: await cardAddress(ctx, user.id, input),
    refusal: UPDATE_REFUSED,
  });
}

/**
 * Writes a change with its audit entry and, when the subscription's billing date has come,
 * charges (or invoices) it at once; a declined charge puts the subscription back as it was (the log records the
 * undoing too), lets the new card go and answers the refusal. A replaced card is let go once
 * nothing references it.
 */
export async function applyAndCharge(
  ctx: AppContext,
  row: SubscriptionRow,
  values: Updateable<SubscriptionsTable>,
  card: VaultedCard | null,
  write: ChangeWrite,
): Promise<SubscriptionRow> {
  let changed: SubscriptionRow | undefined;
  try {
    changed = await updateRecorded(
      ctx,
      row,
      {
        ...values,
        ...(card && cardColumns(card)),
        ...(card && { customer_id: card.customerId }),
      },
      write,
    );
  } catch (error) {
    if (card) await releaseCard(ctx, card.token);
    throw error;
  }
  if (!changed) throw notFound(SUBSCRIPTION_NOT_FOUND);
  const today = billingToday(ctx);
  await invoiceIfBegun(ctx, changed);
  if (
    changed.payment_kind === 'card' &&
    changed.next_billing_date &&
    changed.next_billing_date <= today
  ) {
    const outcome = await withProcessor(() =>
      chargeSubscriptionPeriod(ctx, { subscriptionId: row.id, whileOwnerWaits: true }),
    );
    if (outcome.kind === 'declined') {
      await updateRecorded(ctx, row, restoreOf(row), write, { isUndo: true });
      if (card) await releaseCard(ctx, card.token);
      throw paymentRefused(UPDATE_REFUSED, outcome.errors);
    }
  }
  if (card) await releaseCard(ctx, row.payment_method_token);
  return await requireOwnSubscription(ctx, { callerId: row.user_id, subscriptionId: row.id });
}

/** The columns a change may touch, as they were. */
export function restoreOf(row: SubscriptionRow): Updateable<SubscriptionsTable> {
  return {
    subscription_option_id: row.subscription_option_id,
    plan_type: row.plan_type,
    billing_amount_cents: row.billing_amount_cents,
    billing_frequency: row.billing_frequency,
    term: row.term,
    credit_cents: row.credit_cents,
    free_months_after: row.free_months_after,
    status: row.status,
    customer_id: row.customer_id,
    payment_method_token: row.payment_method_token,
    card_type: row.card_type,
    card_last4: row.card_last4,
    card_expiration_month: row.card_expiration_month,
    card_expiration_year: row.card_expiration_year,
    start_date: row.start_date,
    end_date: row.end_date,
    next_billing_date: row.next_billing_date,
    expiration_date: row.expiration_date,
    first_charge_discount_cents: row.first_charge_discount_cents,
    failed_attempts: row.failed_attempts,
    next_attempt_at: row.next_attempt_at,
  };
}
