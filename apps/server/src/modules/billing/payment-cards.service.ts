import type { z } from 'zod';
import type {
  CardInfo,
  CardUpdate,
  CardValidated,
  CardValidation,
} from '@monitor/contract/subscriptions';
import { canUpdateCard } from '@monitor/domain/billing/subscription-status';
import type { AppContext } from '../../context';
import { notFound } from '../../platform/errors';
import { insertAuditEvents } from '../audit/audit.repository';
import { billingToday } from './billing-day';
import {
  cardAddress,
  cardColumns,
  releaseCard,
  vaultCard,
  withProcessor,
} from './payment-vault.service';
import { displayStatus, requireBillingManager } from './subscriptions.service';
import {
  findSubscriptionRowsOfUser,
  updateSubscription,
  type SubscriptionRow,
} from './subscriptions.repository';

/** Wording ours: the card form is refused (the filter shows the processor's reason, §8). */
export const CARD_REFUSED = 'The card was not accepted. Please check the card details.';
const NO_CARD_SUBSCRIPTION = 'There is no card subscription to update.';

/** The user's card subscriptions that are not cancelled profiles (§4 "card update is skipped"). */
async function cardSubscriptions(ctx: AppContext, userId: number, isBillable: boolean) {
  const today = billingToday(ctx);
  return (await findSubscriptionRowsOfUser(ctx.db, userId)).filter(
    (row) =>
      row.payment_kind === 'card' &&
      canUpdateCard({ status: displayStatus(row, today, isBillable) }),
  );
}

function toCardInfo(rows: SubscriptionRow[]): z.infer<typeof CardInfo> {
  const latest = rows.filter((row) => row.payment_method_token).at(-1);
  if (!latest) {
    return {
      SubscriptionIds: [],
      CreditCardType: null,
      CreditCardNumber: null,
      ExpDate: null,
      ExpMonth: null,
      ExpYear: null,
      CardMatch: true,
    };
  }
  const paidByIt = rows.filter((row) => row.payment_method_token === latest.payment_method_token);
  const month = latest.card_expiration_month;
  const year = latest.card_expiration_year;
  return {
    SubscriptionIds: paidByIt.map((row) => row.id),
    CreditCardType: latest.card_type,
    CreditCardNumber: latest.card_last4,
    ExpDate: month && year ? `${String(month).padStart(2, '0')}/${year}` : null,
    ExpMonth: month,
    ExpYear: year,
    CardMatch: paidByIt.length === rows.length,
  };
}

/**
 * Card info (accounts-devices-billing §3): the card of the user's newest card subscription, last
 * 4 only, the subscriptions it pays, and whether it pays all of them (CardMatch).
 */
export async function getCardInfo(
  ctx: AppContext,
  { userId }: { userId: number },
): Promise<z.infer<typeof CardInfo>> {
  const user = await requireBillingManager(ctx, userId);
  return toCardInfo(await cardSubscriptions(ctx, userId, user.billing_type !== 0));
}

/**
 * PUT updatecreditcard/ (accounts-devices-billing §4): vaults the new card and points every card
 * subscription of the user at it, except cancelled profiles, in one transaction with its audit
 * entry (card type and last 4 only; issue #22); an old card nothing references any more is
 * removed from the vault, and so is the new one when the change is not recorded.
 */
export async function updateCreditCard(
  ctx: AppContext,
  { input, actorId }: { input: z.infer<typeof CardUpdate>; actorId: number },
): Promise<z.infer<typeof CardInfo>> {
  const user = await requireBillingManager(ctx, input.UserId);
  const rows = await cardSubscriptions(ctx, user.id, user.billing_type !== 0);
  if (rows.length === 0) throw notFound(NO_CARD_SUBSCRIPTION);
  const card = await vaultCard(ctx, {
    user,
    nonce: input.PaymentNonce,
    deviceData: input.DeviceData,
    billingAddress: await cardAddress(ctx, user.id, input),
    refusal: CARD_REFUSED,
  });
  let updated: SubscriptionRow[];
  try {
    updated = await ctx.db.transaction().execute(async (trx) => {
      const changed: SubscriptionRow[] = [];
      for (const row of rows) {
        const saved = await updateSubscription(trx, row.id, {
          ...cardColumns(card),
          customer_id: card.customerId,
        });
        if (saved) changed.push(saved);
      }
      await insertAuditEvents(trx, [
        {
          action: 'billing.card-change',
          userId: user.id,
          actorId,
          detail: {
            cardType: card.cardType,
            last4: card.last4,
            subscriptionIds: changed.map((row) => row.id),
          },
          at: ctx.now(),
        },
      ]);
      return changed;
    });
  } catch (error) {
    // Nothing points at the new card: it leaves the vault rather than linger unused.
    await releaseCard(ctx, card.token).catch(() => undefined);
    throw error;
  }
  for (const token of new Set(rows.map((row) => row.payment_method_token))) {
    await releaseCard(ctx, token);
  }
  return toCardInfo(updated);
}

/**
 * POST validatecard/ (decision 033): verifies the nonce's card with its issuer and keeps nothing
 * of it: vaulted to verify, removed at once. The nonce is spent, as with Braintree's verification.
 */
export async function validateCard(
  ctx: AppContext,
  { input }: { input: z.infer<typeof CardValidation> },
): Promise<z.infer<typeof CardValidated>> {
  const user = await requireBillingManager(ctx, input.UserId);
  const card = await vaultCard(ctx, {
    user,
    nonce: input.PaymentNonce,
    deviceData: input.DeviceData,
    billingAddress: await cardAddress(ctx, user.id, input),
    refusal: CARD_REFUSED,
  });
  await withProcessor(() => ctx.payments.deleteCard(card.token));
  return {
    Valid: true,
    CreditCardType: card.cardType,
    CreditCardNumber: card.last4,
    ExpMonth: card.expirationMonth,
    ExpYear: card.expirationYear,
  };
}
