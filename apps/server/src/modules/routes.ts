import type { FastifyInstance } from 'fastify';
import { signedInScope, staffScope } from '../platform/http/auth';
import { billingAddressesRoutes } from './accounts/billing-addresses.routes';
import { brandsRoutes } from './accounts/brands.routes';
import { siteMapRoutes } from './site/site-map.routes';
import { webManifestRoutes } from './site/web-manifest.routes';
import { impersonationRoutes } from './accounts/impersonation.routes';
import { loginRoutes } from './accounts/login.routes';
import { logoutRoutes } from './accounts/logout.routes';
import { passwordResetRoutes } from './accounts/password-reset.routes';
import { passwordRoutes } from './accounts/password.routes';
import { registrationRoutes } from './accounts/registration.routes';
import { staffRoutes } from './accounts/staff.routes';
import { usersRoutes } from './accounts/users.routes';
import { alarmLinksRoutes } from './alarms/alarm-links.routes';
import { alarmLogRoutes } from './alarms/alarm-log.routes';
import { alarmPointsRoutes } from './alarms/alarm-points.routes';
import { twilioWebhooksRoutes } from './alarms/twilio-webhooks.routes';
import { auditEventsRoutes } from './audit/audit.routes';
import { billedUsersRoutes } from './billing/billed-users.routes';
import { invoicesRoutes } from './billing/invoices.routes';
import { paymentCardsRoutes } from './billing/payment-cards.routes';
import { paymentSubscriptionsRoutes } from './billing/payment-subscriptions.routes';
import { subscriptionOptionsRoutes } from './billing/subscription-options.routes';
import { subscriptionsRoutes } from './billing/subscriptions.routes';
import { notificationsRoutes } from './alarms/notifications.routes';
import { snoozeRoutes } from './alarms/snooze.routes';
import { certificatesRoutes } from './certificates/certificates.routes';
import { deviceCommandsRoutes } from './devices/device-commands.routes';
import { deviceDebugRoutes } from './devices/device-debug.routes';
import { deviceLookupRoutes } from './devices/device-lookup.routes';
import { instantUpdatesRoutes } from './devices/instant-updates.routes';
import { userDevicesRoutes } from './devices/user-devices.routes';
import { fileLinksRoutes } from './files/file-links.routes';
import { reportLogRoutes } from './history/report-log.routes';
import { weeklyReportRoutes } from './history/weekly-report.routes';
import { reportFileRoutes } from './history/report-file.routes';
import { reportSummaryRoutes } from './history/report-summary.routes';
import { reportTableRoutes } from './history/report-table.routes';
import { outboxRoutes } from './outbox/outbox.routes';
import { outboxRepliesRoutes } from './outbox/outbox-replies.routes';
import { clientTokenRoutes, storeClientTokenRoutes } from './payments/client-token.routes';
import { commercialOrdersRoutes } from './registration/commercial-orders.routes';
import { convertRoutes } from './registration/convert.routes';
import { deviceRegistrationRoutes } from './registration/registration.routes';
import { oldDeviceAttemptsRoutes } from './registration/old-device-attempts.routes';
import { localProcessorRoutes } from './payments/local-processor.routes';
import { peripheralBillingRoutes } from './billing/peripheral-billing.routes';
import { peripheralsRoutes } from './pucks/peripherals.routes';
import { addressChecksRoutes } from './sales/address-checks.routes';
import { taxRatesRoutes } from './sales/tax-rates.routes';
import { postageRoutes } from './store/postage.routes';
import { replacementRoutes } from './store/replacement.routes';
import { subAccountsRoutes } from './sub-accounts/sub-accounts.routes';
import { liveRoutes } from './telemetry/live.routes';
import { ordersRoutes, userOrdersRoutes } from './store/orders.routes';
import { pushRoutes } from './push/push.routes';
import { deviceReportsRoutes } from './telemetry/reports.routes';
import { itemsRoutes } from './store/items.routes';
import { promotionsRoutes } from './store/promotions.routes';
import { contactRoutes } from './contact/contact.routes';

/**
 * Every route plugin of every module, registered here and nowhere else, in one of three places:
 * outside any scope (public calls, and calls that check their caller themselves), the
 * authenticated scope (401 without a session) or the staff scope (401, then 403 unless staff).
 */
export async function routes(app: FastifyInstance): Promise<void> {
  // Public: anyone may call. Registration creates a sub-account only for a signed-in parent
  // (`request.caller`, 401 otherwise); the local outbox answers this machine or staff.
  await app.register(brandsRoutes);
  await app.register(siteMapRoutes);
  await app.register(webManifestRoutes);
  await app.register(loginRoutes);
  await app.register(registrationRoutes);
  await app.register(passwordResetRoutes);
  await app.register(outboxRoutes);
  // Its stand-in for answers to texts and calls (issue #23): this machine or staff, local mode only.
  await app.register(outboxRepliesRoutes);
  // Address checks and sales tax: sent without a token (store-and-public-site §7), limited per address.
  await app.register(addressChecksRoutes);
  await app.register(taxRatesRoutes);
  // Postage and the replacement offer (issue #15): postage sent without a token, limited per
  // address; the replacement link's token is its permission (decision 045).
  await app.register(postageRoutes);
  await app.register(replacementRoutes);
  // A stored file behind a signed link: the link is the permission (decision 031).
  await app.register(fileLinksRoutes);
  // The local payment processor's card fields: a client token is the permission (decision 034).
  await app.register(localProcessorRoutes);
  // The store's card fields: a guest checks out too (decision 046).
  await app.register(storeClientTokenRoutes);
  // The device protocol: the unit signs in itself (HTTP Basic, in the route's onRequest).
  await app.register(deviceReportsRoutes);
  // The store's catalogue and promotions, the contact form and news sign-up: sent without a token
  // (store-and-public-site §7); the writes are limited per address (RATE_LIMIT_STORE_WRITES).
  await app.register(itemsRoutes);
  await app.register(promotionsRoutes);
  await app.register(contactRoutes);
  // Orders (decision 044): public with an optional session, limited per address.
  await app.register(ordersRoutes);
  // An alarm message's link (issue #23): its token is the permission, for its event and unit;
  // without one the call needs a session that sees the event (checked in the service).
  await app.register(alarmLinksRoutes);
  // Twilio's webhooks for answers to alarms (issue #23): Twilio's signature is the permission.
  await app.register(twilioWebhooksRoutes);

  await app.register(
    signedInScope(
      logoutRoutes,
      usersRoutes,
      passwordRoutes,
      billingAddressesRoutes,
      deviceCommandsRoutes,
      instantUpdatesRoutes,
      userDevicesRoutes,
      deviceRegistrationRoutes,
      commercialOrdersRoutes,
      convertRoutes,
      oldDeviceAttemptsRoutes,
      deviceLookupRoutes,
      peripheralsRoutes,
      alarmPointsRoutes,
      notificationsRoutes,
      pushRoutes,
      alarmLogRoutes,
      snoozeRoutes,
      reportLogRoutes,
      weeklyReportRoutes,
      certificatesRoutes,
      reportSummaryRoutes,
      reportTableRoutes,
      reportFileRoutes,
      peripheralBillingRoutes,
      liveRoutes,
      subAccountsRoutes,
      deviceDebugRoutes,
      clientTokenRoutes,
      subscriptionOptionsRoutes,
      subscriptionsRoutes,
      paymentSubscriptionsRoutes,
      paymentCardsRoutes,
      billedUsersRoutes,
      invoicesRoutes,
      userOrdersRoutes,
      auditEventsRoutes,
    ),
  );

  await app.register(staffScope(impersonationRoutes, staffRoutes));
}
