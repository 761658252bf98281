import type { AppContext } from '../../context';
import {
  PaymentProcessorUnavailable,
  type CardBillingAddress,
  type VaultedCard,
} from '../../adapters/payments/payment-processor';
import { AppError, forbidden, paymentRefused } from '../../platform/errors';
import type { UserRow } from '../accounts/users.repository';
import { findBillingAddressRow } from '../accounts/billing-addresses.repository';
import { setCustomerIdIfNone } from './billed-users.repository';
import { countSubscriptionsWithToken } from './subscriptions.repository';

/**
 * The card vault as the subscription calls use it: the user's vault customer, cards vaulted from
 * nonces, cards let go once nothing references them, and the processor's failures as answers.
 */

/** The answer when the processor cannot be reached (accounts-devices-billing §8 wording). */
export const VENDOR_UNAVAILABLE =
  'An error occurred creating subscription with payment vendor. Please contact customer support.';

/** Runs a processor call; an unreachable processor is a 503, never a 500 with internals. */
export async function withProcessor<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof PaymentProcessorUnavailable) {
      throw new AppError(503, VENDOR_UNAVAILABLE);
    }
    throw error;
  }
}

/**
 * A vault customer for the user: theirs (`users.customer_id`), or a new one that is kept on the
 * user only once a card is vaulted under it (`vaultCard`), so a refused card changes nothing.
 */
async function customerFor(
  ctx: AppContext,
  user: UserRow,
): Promise<{ customerId: string; isNew: boolean }> {
  if (user.customer_id) return { customerId: user.customer_id, isNew: false };
  const { customerId } = await withProcessor(() =>
    ctx.payments.createCustomer({
      firstName: user.first_name,
      lastName: user.last_name,
      email: user.email_address,
    }),
  );
  return { customerId, isNew: true };
}

export type AddressInput = {
  FirstName?: string | undefined;
  LastName?: string | undefined;
  Address1?: string | undefined;
  Address2?: string | null | undefined;
  City?: string | undefined;
  State?: string | undefined;
  Zip?: string | undefined;
  BillingAddressId?: number | null | undefined;
};

/** The card's billing address: the fields sent, else the caller's billing address named. */
export async function cardAddress(
  ctx: AppContext,
  userId: number,
  input: AddressInput,
): Promise<CardBillingAddress> {
  const saved = input.BillingAddressId
    ? await findBillingAddressRow(ctx.db, input.BillingAddressId)
    : undefined;
  if (saved && saved.user_id !== userId) throw forbidden();
  return {
    firstName: input.FirstName ?? saved?.first_name,
    lastName: input.LastName ?? saved?.last_name,
    streetAddress: input.Address1 ?? saved?.address1,
    extendedAddress: input.Address2 ?? saved?.address2 ?? undefined,
    locality: input.City ?? saved?.city,
    region: input.State ?? saved?.state,
    postalCode: input.Zip ?? saved?.zip,
  };
}

/**
 * Vaults the nonce's card for the user's vault customer (the processor verifies it first); a
 * refusal answers 400 with the processor's errors for the payment error filter, and nothing is
 * stored, a new customer id included.
 */
export async function vaultCard(
  ctx: AppContext,
  input: {
    user: UserRow;
    nonce: string;
    deviceData?: string | null | undefined;
    billingAddress: CardBillingAddress;
    refusal: string;
  },
): Promise<VaultedCard> {
  const { customerId, isNew } = await customerFor(ctx, input.user);
  const result = await withProcessor(() =>
    ctx.payments.vaultCard({
      customerId,
      nonce: input.nonce,
      billingAddress: input.billingAddress,
      deviceData: input.deviceData ?? null,
    }),
  );
  if (!result.ok) throw paymentRefused(input.refusal, result.errors);
  // Two first submits at once: the first customer kept is the user's; the other's card stays
  // usable under its own customer, which its subscription names.
  if (isNew) await setCustomerIdIfNone(ctx.db, input.user.id, customerId);
  return result.value;
}

/** The columns a subscription keeps of its card: never the number, only what may be shown. */
export function cardColumns(card: VaultedCard) {
  return {
    payment_method_token: card.token,
    card_type: card.cardType,
    card_last4: card.last4,
    card_expiration_month: card.expirationMonth,
    card_expiration_year: card.expirationYear,
  };
}

/** Removes a vaulted card no subscription references any more (nothing vaulted is left unused). */
export async function releaseCard(ctx: AppContext, token: string | null): Promise<void> {
  if (!token || (await countSubscriptionsWithToken(ctx.db, token)) > 0) return;
  await withProcessor(() => ctx.payments.deleteCard(token));
}
