import { isTenantId } from '@monitor/domain/shared/brands';
import type { AppContext } from '../../context';
import { forbidden, notFound } from '../../platform/errors';
import type { UserRow } from '../accounts/users.repository';
import type { SubscriptionRow } from '../billing/subscriptions.repository';
import { requireBillingManager, requireOwnSubscription } from '../billing/subscriptions.service';
import { findDeviceRowBySerial } from '../devices/device-lookup.repository';
import { findOwnerUserDeviceRow } from '../devices/user-devices.repository';
import { queueDelivery } from '../outbox/deliveries.service';
import { buildSubscriptionSwitchMail } from './subscription-switch.mail';

/** Queues the switch e-mail to the user through the outbox (delivery kind 'subscription-switch'). */
export async function queueSwitchEmail(
  ctx: AppContext,
  {
    user,
    serialNumber,
    old,
    created,
  }: { user: UserRow; serialNumber: string; old: SubscriptionRow; created: SubscriptionRow },
): Promise<number> {
  const mail = buildSubscriptionSwitchMail({
    to: user.email_address,
    firstName: user.first_name,
    serialNumber,
    oldSubscriptionId: old.id,
    newSubscriptionId: created.id,
    planType: created.plan_type,
    firstBillingDate: created.next_billing_date,
    brand: ctx.brands[isTenantId(user.tenant_id) ? user.tenant_id : 1],
  });
  const delivery = await queueDelivery(ctx, {
    kind: 'subscription-switch',
    channel: 'email',
    address: mail.to,
    subject: mail.subject,
    body: mail.text,
    html: mail.html,
    userId: user.id,
  });
  return delivery.id;
}

/**
 * sendEmailForSwitch (accounts-devices-billing §7): [old subscription, new subscription, user,
 * serial], all the caller's (a unit they own); the e-mail goes through the outbox.
 */
export async function sendEmailForSwitch(
  ctx: AppContext,
  {
    callerId,
    oldSubscriptionId,
    newSubscriptionId,
    userId,
    serialNumber,
  }: {
    callerId: number;
    oldSubscriptionId: number;
    newSubscriptionId: number;
    userId: number;
    serialNumber: string;
  },
): Promise<number> {
  if (userId !== callerId) throw forbidden();
  const user = await requireBillingManager(ctx, callerId);
  const old = await requireOwnSubscription(ctx, { callerId, subscriptionId: oldSubscriptionId });
  const created = await requireOwnSubscription(ctx, {
    callerId,
    subscriptionId: newSubscriptionId,
  });
  const device = await findDeviceRowBySerial(ctx.db, serialNumber);
  if (!device) throw notFound('This serial number does not exist. Please check it and try again.');
  if ((await findOwnerUserDeviceRow(ctx.db, device.id))?.user_id !== callerId) throw forbidden();
  return queueSwitchEmail(ctx, { user, serialNumber: device.serial_number, old, created });
}
