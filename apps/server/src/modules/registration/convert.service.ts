import type { ConvertSubscriptionRequest } from '@monitor/contract/registration';
import type { SubscriptionView } from '@monitor/contract/subscriptions';
import { applyAddressVerification } from '@monitor/domain/accounts/addresses';
import { parsePhoneInput } from '@monitor/domain/shared/phone';
import { MESSAGES } from '@monitor/domain/shared/messages';
import type { AppContext } from '../../context';
import { AppError, badRequest, forbidden, paymentRefused } from '../../platform/errors';
import {
  clearDefaultBillingAddress,
  findDefaultBillingAddressRow,
  insertBillingAddress,
  updateBillingAddress,
} from '../accounts/billing-addresses.repository';
import { updateUser, type UserRow } from '../accounts/users.repository';
import { insertAuditEvents } from '../audit/audit.repository';
import { billingToday } from '../billing/billing-day';
import {
  cardColumns,
  releaseCard,
  vaultCard,
  withProcessor,
} from '../billing/payment-vault.service';
import { chargeSubscriptionPeriod } from '../billing/subscription-charges.service';
import { periodColumns, requirePlanFor, startFor } from '../billing/subscriptions-plan';
import {
  deleteSubscription,
  insertSubscription,
  updateSubscription,
  type SubscriptionRow,
} from '../billing/subscriptions.repository';
import {
  currentOf,
  requireBillingManager,
  requireOwnSubscription,
  viewFor,
} from '../billing/subscriptions.service';
import { findUserDeviceRows } from '../devices/user-devices.repository';
import { checkAddress } from '../sales/address-checks.service';
import { queueSwitchEmail } from './subscription-switch.service';
import type { SagaLog } from './registration-saga';

/** The alert when converting fails at the processor (accounts-devices-billing §8). */
const CONVERT_REFUSED =
  'An error occurred creating subscription with payment vendor. Please contact customer support.';

/** Wording ours: the convert flow is for old payment profiles only (accounts-devices-billing §4). */
export const NOT_AN_OLD_PROFILE =
  'This subscription is not an old payment profile, so it cannot be converted.';
/** Wording ours: the flow takes the first active device (§4) and there is none. */
export const NO_ACTIVE_DEVICE = 'There is no active device to move to the new subscription.';

/** The caller's old payment-profile subscription still in force (accounts-devices-billing §4). */
export async function requireOldProfile(
  ctx: AppContext,
  { callerId, subscriptionId }: { callerId: number; subscriptionId: number },
): Promise<SubscriptionRow> {
  const row = await requireOwnSubscription(ctx, { callerId, subscriptionId });
  if (!row.is_legacy_profile || row.status === 'Cancelled') throw badRequest(NOT_AN_OLD_PROFILE);
  return row;
}

/**
 * cancelOldSubscription (accounts-devices-billing §7): the caller's old payment-profile
 * subscription becomes Cancelled, shown as CancelledProfile (§3, §4).
 */
export async function cancelOldSubscription(
  ctx: AppContext,
  {
    callerId,
    subscriptionId,
    userId,
  }: { callerId: number; subscriptionId: number; userId: number },
): Promise<SubscriptionView> {
  if (userId !== callerId) throw forbidden();
  const user = await requireBillingManager(ctx, callerId);
  const old = await requireOldProfile(ctx, { callerId, subscriptionId });
  const cancelled = await updateSubscription(ctx.db, old.id, {
    status: 'Cancelled',
    next_attempt_at: null,
  });
  return viewFor(ctx, user, cancelled ?? old);
}

/**
 * The convert-to-card-provider flow (accounts-devices-billing §4), in its order: the billing
 * address verified (its cleansed form used from then on), the first active device taken (the old
 * profile's own when it is active), the new
 * start date by plan type against the old subscription, the new card subscription saved and the
 * old one cancelled (one transaction: one index allows one subscription in force per device), the
 * switch e-mail sent (its failure is silent, §4), then the user and the default billing address
 * updated. A refused card or a declined first charge leaves the old subscription as it was.
 */
export async function convertToCardProvider(
  ctx: AppContext,
  {
    callerId,
    actorId = callerId,
    input,
    log,
  }: {
    callerId: number;
    /** Who to name in the audit log: the staff member behind an impersonation, else the caller. */
    actorId?: number;
    input: ConvertSubscriptionRequest;
    log: SagaLog;
  },
): Promise<{
  OldSubscription: SubscriptionView;
  NewSubscription: SubscriptionView;
  SwitchEmailSent: boolean;
}> {
  if (input.UserId !== callerId) throw forbidden();
  const user = await requireBillingManager(ctx, callerId);
  const old = await requireOldProfile(ctx, { callerId, subscriptionId: input.OldSubscriptionId });
  const phone = parsePhoneInput(input.PhoneNumber);
  if (!phone.isValid) throw badRequest(MESSAGES.invalidPhone);
  const address = await verifyBillingAddress(ctx, input);
  // The first active device, the old profile's own first: the new subscription takes its place.
  const active = (await findUserDeviceRows(ctx.db, callerId, { onlyActive: true })).filter(
    (row) => row.parent_user_device_id === null,
  );
  const device = active.find((row) => row.id === old.user_device_id) ?? active[0];
  if (!device) throw badRequest(NO_ACTIVE_DEVICE);
  const option = await requirePlanFor(ctx, device, input.billingPlan);
  const today = billingToday(ctx);
  const start = startFor({
    option,
    requested: input.billingPlan.StartDate,
    current: currentOf(old),
    isNewDevice: false,
    today,
  });

  const card = await vaultCard(ctx, {
    user,
    nonce: input.PaymentNonce,
    deviceData: input.DeviceData,
    billingAddress: {
      firstName: input.FirstName,
      lastName: input.LastName,
      streetAddress: address.address1,
      extendedAddress: address.address2 || undefined,
      locality: address.city,
      region: address.state,
      postalCode: address.zip,
    },
    refusal: CONVERT_REFUSED,
  });
  const { created, cancelled } = await ctx.db.transaction().execute(async (trx) => {
    const switched = {
      cancelled: await updateSubscription(trx, old.id, {
        status: 'Cancelled',
        next_attempt_at: null,
      }),
      created: await insertSubscription(trx, {
        user_id: callerId,
        user_device_id: device.id,
        payment_kind: 'card',
        status: 'Active',
        customer_id: card.customerId,
        ...cardColumns(card),
        ...periodColumns(option, start),
        idempotency_key: `${callerId}:convert-${old.id}`,
      }),
    };
    // The unit's payment moves to a new card: type and last 4 only (issue #22).
    await insertAuditEvents(trx, [
      {
        action: 'billing.card-change',
        userId: callerId,
        actorId,
        detail: {
          cardType: card.cardType,
          last4: card.last4,
          subscriptionIds: [switched.created.id],
          replaces: old.id,
        },
        at: ctx.now(),
      },
    ]);
    return switched;
  });
  if (created.next_billing_date && created.next_billing_date <= today) {
    const outcome = await withProcessor(() =>
      chargeSubscriptionPeriod(ctx, { subscriptionId: created.id }),
    ).catch(async (error: unknown) => {
      await restoreOld(ctx, { old, created, actorId });
      throw error;
    });
    if (outcome.kind === 'declined') {
      await restoreOld(ctx, { old, created, actorId });
      throw paymentRefused(CONVERT_REFUSED, outcome.errors);
    }
  }

  const SwitchEmailSent = await queueSwitchEmail(ctx, {
    user,
    serialNumber: device.serial_number,
    old,
    created,
  }).then(
    () => true,
    (error: unknown) => {
      log.warn({ err: error, userId: callerId }, 'the subscription switch e-mail was not queued');
      return false;
    },
  );
  await updateUserAndAddress(ctx, { user, input, address, phone: phone.value });
  return {
    OldSubscription: viewFor(ctx, user, cancelled ?? old),
    NewSubscription: viewFor(ctx, user, created),
    SwitchEmailSent,
  };
}

/**
 * Undoes the switch when the first charge failed: the old profile back in force, the new one
 * gone, and the audit log told that the card change it recorded did not last.
 */
async function restoreOld(
  ctx: AppContext,
  { old, created, actorId }: { old: SubscriptionRow; created: SubscriptionRow; actorId: number },
): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    await deleteSubscription(trx, created.id);
    await updateSubscription(trx, old.id, { status: old.status });
    await insertAuditEvents(trx, [
      {
        action: 'billing.card-change',
        userId: old.user_id,
        actorId,
        detail: { undone: true, subscriptionIds: [created.id], restored: old.id },
        at: ctx.now(),
      },
    ]);
  });
  await releaseCard(ctx, created.payment_method_token);
}

type VerifiedAddress = {
  address1: string;
  address2: string;
  city: string;
  state: string;
  zip: string;
};

/** Step 1: the billing address through the verifier; a rejected one is the §5 billing alert. */
async function verifyBillingAddress(
  ctx: AppContext,
  input: ConvertSubscriptionRequest,
): Promise<VerifiedAddress> {
  const entered = {
    address1: input.Address1,
    address2: input.Address2 ?? '',
    city: input.City,
    state: input.State.toUpperCase(),
    zip: input.Zip.toUpperCase(),
  };
  const result = await checkAddress(ctx, {
    Address1: entered.address1,
    Address2: entered.address2,
    City: entered.city,
    State: entered.state,
    Zip: entered.zip,
    FirstName: input.FirstName,
    LastName: input.LastName,
  });
  const outcome = applyAddressVerification({
    entered,
    result: {
      returnCode: result.ReturnCode,
      address1: result.Address1,
      address2: result.Address2,
      city: result.City,
      state: result.State,
      zip: result.Zip,
      cleansingResult: result.AddressCleansingResult,
    },
    variant: 'billing',
  });
  if (!outcome.isAccepted) throw new AppError(400, outcome.message);
  return outcome.address;
}

/** The last step: the user's name and the default billing address as verified (§4). */
async function updateUserAndAddress(
  ctx: AppContext,
  {
    user,
    input,
    address,
    phone,
  }: {
    user: UserRow;
    input: ConvertSubscriptionRequest;
    address: VerifiedAddress;
    phone: string | null;
  },
): Promise<void> {
  const values = {
    first_name: input.FirstName,
    last_name: input.LastName,
    address1: address.address1,
    address2: address.address2 || null,
    city: address.city,
    state: address.state,
    zip: address.zip,
    phone_number: phone,
  };
  await ctx.db.transaction().execute(async (trx) => {
    await updateUser(trx, user.id, { first_name: input.FirstName, last_name: input.LastName });
    const current = await findDefaultBillingAddressRow(trx, user.id);
    if (current) await updateBillingAddress(trx, current.id, values);
    else {
      await clearDefaultBillingAddress(trx, user.id);
      await insertBillingAddress(trx, { ...values, user_id: user.id, is_default: true });
    }
  });
}
