import { findDeviceBillingFamily } from '@monitor/domain/billing/billing-users';
import { pucksMonthlyCents, pucksToCharge } from '@monitor/domain/billing/puck-charges';
import type { Kysely } from 'kysely';
import type { DB } from '../../platform/database/schema';
import { badRequest, conflict } from '../../platform/errors';
import { insertAuditEvents } from '../audit/audit.repository';
import {
  countDevicePucks,
  findDeviceSubscription,
  markPucksPaid,
  setPuckMonthlyAmount,
} from '../billing/peripheral-billing.repository';

/** A unit as its owner registered it: the owner's user device row and the unit. */
export type OwnedUnit = { ownerRowId: number; deviceId: number; deviceType: number };

/**
 * Whether a puck attached to this unit now waits for its upfront charge before it is billed and
 * heard from (issue #22): yes on a card-billed unit — its subscription pays by card, or it has none
 * yet and its type pays by card. On an invoiced unit the puck goes on the next invoice at once;
 * a test unit pays nothing.
 */
export async function puckAwaitsPayment(db: Kysely<DB>, unit: OwnedUnit): Promise<boolean> {
  const subscription = await findDeviceSubscription(db, unit.ownerRowId);
  if (subscription) return subscription.payment_kind === 'card';
  return findDeviceBillingFamily(unit.deviceType) === 'card';
}

/**
 * Sets the pucks' part of the unit's subscription from its paid pucks, in the transaction that
 * attached, paid for or removed one; answers the subscription and the pucks counted, or null for
 * a unit without a subscription.
 */
export async function billPucksOf(
  trx: Kysely<DB>,
  unit: Omit<OwnedUnit, 'deviceType'>,
  now: Date,
): Promise<{ subscriptionId: number; paidPucks: number; puckCents: number } | null> {
  const subscription = await findDeviceSubscription(trx, unit.ownerRowId);
  if (!subscription) return null;
  const paidPucks = await countDevicePucks(trx, unit.deviceId, { paidOnly: true });
  const puckCents = pucksMonthlyCents(paidPucks);
  if (puckCents !== subscription.puck_monthly_cents)
    await setPuckMonthlyAmount(trx, subscription.id, puckCents, now);
  return { subscriptionId: subscription.id, paidPucks, puckCents };
}

/**
 * The pucks' part of the monthly amount a new subscription of this unit starts with: $3.00 for
 * each puck already paid for (an invoiced unit's pucks are billed from the start; a card unit's
 * wait for their upfront charge, which needs a subscription).
 */
export async function pucksPartOfNewSubscription(
  db: Kysely<DB>,
  deviceId: number,
): Promise<number> {
  return pucksMonthlyCents(await countDevicePucks(db, deviceId, { paidOnly: true }));
}

/**
 * How many pucks an upfront charge on this unit is for: exactly those awaiting payment (409 when
 * none waits, 400 when the quantity asked differs), so no one pays for a puck they do not have.
 */
export async function requirePucksToCharge(
  db: Kysely<DB>,
  { deviceId, requested }: { deviceId: number; requested: number },
): Promise<number> {
  const awaiting = await countDevicePucks(db, deviceId, { awaitingOnly: true });
  const decision = pucksToCharge({ awaiting, requested });
  if (!decision.ok)
    throw awaiting === 0 ? conflict(decision.message) : badRequest(decision.message);
  return decision.quantity;
}

/**
 * The upfront charge for `quantity` pucks succeeded: that many of the unit's pucks awaiting
 * payment become paid and the monthly amount counts them, audited, in the transaction that
 * records the charge.
 */
export async function grantPaidPucks(
  trx: Kysely<DB>,
  input: Omit<OwnedUnit, 'deviceType'> & {
    userId: number;
    quantity: number;
    chargeId: number;
    now: Date;
  },
): Promise<void> {
  const paid = await markPucksPaid(trx, input.deviceId, input.quantity);
  const billed = await billPucksOf(trx, input, input.now);
  await insertAuditEvents(trx, [
    {
      action: 'entitlement.pucks',
      userId: input.userId,
      actorId: input.userId,
      detail: {
        userDeviceId: input.ownerRowId,
        pucksPaid: paid,
        chargeId: input.chargeId,
        puckMonthlyCents: billed?.puckCents ?? null,
      },
      at: input.now,
    },
  ]);
}
