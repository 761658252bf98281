import { addMonths, toIsoDate } from '@monitor/domain/shared/calendar-date';
import type { AppContext } from '../context';
import { findUserByEmail, insertUser } from '../modules/accounts/users.repository';
import { provisionDevices } from '../modules/devices/inventory.service';
import { registerUserDevice } from '../modules/devices/user-devices.service';
import { DEMO_LEGACY_CUSTOMER } from '../platform/config/demo-accounts';
import { hashPassword } from '../platform/security/passwords';

/**
 * Seeds, once, the demo's customer on an old payment profile (accounts-devices-billing §4
 * "Convert-to-card-provider flow"): a basic unit registered ten months ago whose Annual
 * subscription is a legacy profile (`is_legacy_profile`, no vault customer, no card token), so
 * signing in as them walks the convert flow (`POST /api/paymentprocessing/convertToCardProvider/`).
 */
export async function ensureLegacyProfileCustomer(ctx: AppContext): Promise<void> {
  if (await findUserByEmail(ctx.db, DEMO_LEGACY_CUSTOMER.email)) return;
  const tenantId = ctx.config.defaultTenantId;
  const user = await insertUser(ctx.db, {
    first_name: DEMO_LEGACY_CUSTOMER.firstName,
    last_name: DEMO_LEGACY_CUSTOMER.lastName,
    email_address: DEMO_LEGACY_CUSTOMER.email,
    password_hash: await hashPassword(DEMO_LEGACY_CUSTOMER.password),
    tenant_id: tenantId,
  });
  const start = addMonths(toIsoDate(ctx.now()), -10);
  const [device] = await provisionDevices(ctx.db, {
    deviceType: 1,
    count: 1,
    tenantId,
    firmwareVersion: '10.6',
    carrier: 1,
    // Made by the day it was registered, ten months ago (decision 055).
    provisionedAt: new Date(`${start}T00:00:00Z`),
  });
  if (!device) throw new Error('provisioning made no unit');
  const userDevice = await registerUserDevice(ctx, {
    userId: user.id,
    serial: device.SerialNumber,
    name: 'Boathouse',
    location: 'Dock',
    timeZone: -5,
    isRegistrationComplete: true,
  });
  const option = await ctx.db
    .selectFrom('subscription_options')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('plan_type', '=', 'Annual')
    .where('is_pro', '=', false)
    .orderBy('id')
    .executeTakeFirst();
  if (!option) throw new Error(`no Annual plan for tenant ${tenantId}`);
  await ctx.db
    .insertInto('subscriptions')
    .values({
      user_id: user.id,
      user_device_id: userDevice.Id,
      subscription_option_id: option.id,
      plan_type: option.plan_type,
      billing_amount_cents: option.billing_amount_cents,
      billing_frequency: option.billing_frequency,
      payment_kind: 'card',
      status: 'Active',
      is_legacy_profile: true,
      start_date: start,
      last_payment_date: start,
      next_billing_date: addMonths(start, option.billing_frequency),
    })
    .execute();
}
