import { randomUUID } from 'node:crypto';
import type { Access } from '../../src/platform/http/openapi';
import { createDevice, deviceAuth } from '../helpers/devices';
import { attachPuck, registerUserDevice } from '../helpers/devices';
import { issueCertificate } from '../../src/modules/certificates/certificates.service';
import { createSubAccount, freePuck, registerUnit, uniqueEmail, type World } from './world';
import { issueReplacementToken } from '../../src/modules/store/replacement-tokens';
import { GOOD_CARDS, nonceFor } from '../helpers/payments';
import { placeOrder } from '../../src/modules/store/orders.service';
import { insertAuditEvents } from '../../src/modules/audit/audit.repository';
import { alarmLinkToken } from '../../src/modules/alarms/alarm-links';
import { insertAlarmDelivery, insertAlarmEvent } from '../helpers/alarm-events';

/**
 * How to feed every call of the route table, and who may make it. `feed` builds the request
 * from the owner's objects; `u` is the user id in the call's user slot (path, query or body):
 * the owner's for a call in the owner's path, the caller's for a call in their own path.
 * `prepare` makes what one call consumes (a unit to delete, a free puck to attach), once per call.
 */
export type Kind =
  /** Anyone, signed in or not. */
  | 'public'
  /** Any signed-in user; a non-owner's answer must not hold `secret` and must change nothing of the owner's. */
  | 'signed-in'
  /** Only the owner of the object (and, for reads marked `subMayRead`, a sub-account given the unit). */
  | 'owner'
  /** Only staff (a staff member's own session, not an impersonation). */
  | 'staff'
  /** Only the unit itself, by HTTP Basic with its IMEI and key (docs/device-protocol.md). */
  | 'device';

export type Prepared = Record<string, string | number>;
export type Fed = { url: string; body?: unknown; headers?: Record<string, string> };

export type MatrixEntry = {
  kind: Kind;
  /**
   * What the document declares when the class alone does not say it: a public call that acts for
   * an owner when given their ids (a sub-account's registration, a card token for a customer).
   */
  declared?: Access;
  /** A GET that changes data: checked as a write. */
  writes?: true;
  /**
   * A POST that changes none of the owner's data (it writes the caller a file of what it may
   * see, a CSV export): checked as a read, so `subMayRead` lets a sub-account make it.
   */
  reads?: true;
  /** A read a sub-account given the unit may make (device-management §6). */
  subMayRead?: true;
  /**
   * A write a sub-account may make through its own user device: asking for a report, spent from
   * the owner's instant updates (decision 017). Refused anywhere else.
   */
  subMayWrite?: true;
  /**
   * A public call whose link token is the permission to change something of the owner's (an alarm
   * link snoozes its unit): the link's holder may change it, as the owner may.
   */
  linkMayChange?: true;
  /** In the caller's own path the call is about the caller alone, so their 2xx there is no leak. */
  selfInOwnPath?: true;
  /** The call ends the session it is made with: each caller makes it with a fresh one. */
  endsSession?: true;
  /**
   * What a non-owner's answer must not contain: anyone's but the owner's for a signed-in call;
   * the other customer's and staff's for an owner call (a sub-account given the unit sees it).
   */
  secret?: (w: World) => string[];
  prepare?: (w: World) => Promise<Prepared>;
  feed: (w: World, u: number, x: Prepared) => Fed;
};

const q = (params: Record<string, unknown>) =>
  new URLSearchParams(
    Object.entries(params).map(([k, v]): [string, string] => [k, String(v)]),
  ).toString();

/** A history period: the hour up to the world's clock, in unix seconds. */
const lastHour = (w: World) => {
  const to = Math.floor(w.t.ctx.now().getTime() / 1000);
  return { from: to - 3600, to };
};

const address = (u: number) => ({
  UserId: u,
  FirstName: 'Olive',
  LastName: 'Owner',
  Address1: '2 Elm St',
  City: 'Springfield',
  State: 'IL',
  Zip: '62702',
});

const notification = (w: World) => ({
  DeviceId: w.userDeviceId,
  AlarmType: 'HUMIDITY',
  MessageType: 'EMAIL',
  MessageAddress: 'night-shift@example.com',
});

/** A second notification on the owner's unit, for a call that deletes one. */
async function extraNotification(w: World): Promise<Prepared> {
  const row = await w.t.ctx.db
    .insertInto('notifications')
    .values({
      user_device_id: w.userDeviceId,
      alarm_type: 'POWER',
      message_type: 'EMAIL',
      message_address: 'spare@example.com',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id };
}

/** A browser's P-256 public key as a push subscription gives it (65 bytes, base64url). */
const BROWSER_KEY = `B${'A'.repeat(86)}`;
const ownerEndpoint = (w: World) => `https://fcm.googleapis.com/fcm/send/owner-${w.owner.user.id}`;

/** A browser of the owner's that receives their push notifications. */
async function ownerBrowser(w: World): Promise<Prepared> {
  const row = await w.t.ctx.db
    .insertInto('push_subscriptions')
    .values({
      user_id: w.owner.user.id,
      endpoint: ownerEndpoint(w),
      p256dh: BROWSER_KEY,
      auth: 'AAAAAAAAAAAAAAAAAAAAAA',
      name: 'Kitchen iPad',
    })
    .onConflict((conflict) =>
      conflict.columns(['user_id', 'endpoint']).doUpdateSet({ name: 'Kitchen iPad' }),
    )
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id };
}

/**
 * A cleared alarm event of the owner's unit that was e-mailed to the owner, with the token of its
 * message's link (issue #23).
 */
async function alarmLink(w: World): Promise<Prepared> {
  const at = new Date(w.t.ctx.now().getTime() - 120_000);
  const id = await insertAlarmEvent(w.t.ctx, w.userDeviceId, {
    at,
    closed_at: at,
    closing_value: 70,
    closing_report_at: at,
  });
  const address = w.owner.user.email_address;
  await insertAlarmDelivery(w.t.ctx, id, { address, notification_id: w.notificationId });
  return { id, token: await alarmLinkToken(w.t.ctx, { eventId: id, address }) };
}

/**
 * Alarm events of the owner's unit: one that began with a reading from before the sub-account
 * was given the unit, which no answer to it may hold, and one after.
 */
async function alarmLog(w: World): Promise<Prepared> {
  const before = new Date(w.readingsBefore[0]!);
  await insertAlarmEvent(w.t.ctx, w.userDeviceId, {
    at: before,
    closed_at: before,
    closing_report_at: before,
  });
  return alarmLink(w);
}

/** A second puck on the owner's unit, for a call that removes or replaces one. */
async function extraPuck(w: World): Promise<Prepared> {
  const puck = await attachPuck(w.t.ctx, w.device.id);
  return { serial: puck.serial, free: await freePuck(w.t) };
}

/** The owner as a processor customer (`users.customer_id`), for the client-token calls. */
async function ownerCustomer(w: World): Promise<Prepared> {
  const { customerId } = await w.t.ctx.payments.createCustomer({
    firstName: 'Olive',
    lastName: 'Owner',
    email: w.owner.user.email_address,
  });
  await w.t.ctx.db
    .updateTable('users')
    .set({ customer_id: customerId })
    .where('id', '=', w.owner.user.id)
    .execute();
  return { customerId };
}

/** A fingerprint of a client token for a new card, as the local card-fields page sends it. */
async function cardFieldsFingerprint(w: World): Promise<Prepared> {
  const token = await w.t.ctx.payments.generateClientToken({});
  const decoded = JSON.parse(Buffer.from(token, 'base64').toString('utf8')) as {
    authorizationFingerprint: string;
  };
  return { fingerprint: decoded.authorizationFingerprint };
}

/** The owner's plan for the world's unit (type 4: plan tenant 6, accounts-devices-billing §4). */
async function proPlanId(w: World, planType: 'Monthly' | 'Annual'): Promise<number> {
  const row = await w.t.ctx.db
    .selectFrom('subscription_options')
    .select('id')
    .where('tenant_id', '=', 6)
    .where('plan_type', '=', planType)
    .where('is_pro', '=', false)
    .executeTakeFirstOrThrow();
  return row.id;
}

const subscriptionBody = (u: number, userDeviceId: number, planId: number) => ({
  billingPlan: { Id: planId, PlanType: 'Monthly' },
  FirstName: 'Olive',
  LastName: 'Owner',
  Address1: '1 Main St',
  City: 'Springfield',
  State: 'IL',
  Zip: '62701',
  PaymentNonce: 'fake-valid-visa-nonce',
  UserId: u,
  UserDeviceId: userDeviceId,
});

/** A new unit of the owner with a card subscription, for a call on a subscription. */
async function ownerSubscription(w: World): Promise<Prepared> {
  const { userDeviceId } = await registerUnit(w);
  const saved = await w.t.app.inject({
    method: 'POST',
    url: '/api/subscriptions',
    headers: { authorization: `Bearer ${w.owner.token}` },
    payload: subscriptionBody(w.owner.user.id, userDeviceId, await proPlanId(w, 'Monthly')),
  });
  const { Id, PaymentMethodToken, CustomerId } = saved.json<{
    Id: number;
    PaymentMethodToken: string;
    CustomerId: string;
  }>();
  return {
    id: Id,
    token: PaymentMethodToken,
    customerId: CustomerId,
    annual: await proPlanId(w, 'Annual'),
  };
}

/** An invoice subscription of the owner (billed customers, accounts-devices-billing §4). */
async function ownerInvoiceSubscription(w: World): Promise<Prepared> {
  const row = await w.t.ctx.db
    .insertInto('subscriptions')
    .values({
      user_id: w.owner.user.id,
      plan_type: 'Annual',
      billing_amount_cents: 825,
      billing_frequency: 12,
      payment_kind: 'invoice',
      status: 'Active',
      start_date: '2026-11-22',
      next_billing_date: '2027-11-22',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id };
}
/** A monthly card subscription on the owner's unit (the billing calls need one); made once. */
async function subscribeOwnersUnit(w: World): Promise<Prepared> {
  await w.t.ctx.db
    .insertInto('subscriptions')
    .values({
      user_id: w.owner.user.id,
      user_device_id: w.userDeviceId,
      plan_type: 'Monthly',
      billing_amount_cents: 2475,
      billing_frequency: 1,
      payment_kind: 'card',
      status: 'Active',
      start_date: '2026-11-01',
      next_billing_date: '2026-12-01',
    })
    .onConflict((conflict) => conflict.doNothing())
    .execute();
  return {};
}
/** The owner's subscribed unit with exactly one puck awaiting its upfront charge (decision 056). */
async function pucksAwaitingOne(w: World): Promise<Prepared> {
  await subscribeOwnersUnit(w);
  await w.t.ctx.db
    .updateTable('peripherals')
    .set({ awaiting_payment: false })
    .where('device_id', '=', w.device.id)
    .execute();
  const puck = await attachPuck(w.t.ctx, w.device.id);
  await w.t.ctx.db
    .updateTable('peripherals')
    .set({ awaiting_payment: true })
    .where('id', '=', puck.id)
    .execute();
  return {};
}
/** A unit of the owner's paid by an old payment profile (the convert flow, accounts-devices-billing §4). */
async function legacyProfile(w: World): Promise<Prepared> {
  const unit = await createDevice(w.t.ctx, { deviceType: 1 });
  const userDeviceId = await registerUserDevice(w.t.ctx, {
    userId: w.owner.user.id,
    deviceId: unit.id,
  });
  const row = await w.t.ctx.db
    .insertInto('subscriptions')
    .values({
      user_id: w.owner.user.id,
      user_device_id: userDeviceId,
      plan_type: 'Annual',
      billing_amount_cents: 825,
      billing_frequency: 12,
      payment_kind: 'card',
      status: 'Active',
      is_legacy_profile: true,
      start_date: '2026-02-01',
      next_billing_date: '2027-02-01',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const plan = await w.t.ctx.db
    .selectFrom('subscription_options')
    .select('id')
    .where('tenant_id', '=', 2)
    .where('plan_type', '=', 'Annual')
    .where('is_pro', '=', false)
    .executeTakeFirstOrThrow();
  return { sub: row.id, serial: unit.serial, plan: plan.id };
}

const recalculateRecurring = (url: string): MatrixEntry => ({
  kind: 'owner',
  prepare: subscribeOwnersUnit,
  feed: (w) => ({
    url,
    body: { UserDeviceId: w.userDeviceId, IMEI: w.device.imei, DeviceType: 4 },
  }),
});

export const MATRIX: Record<string, MatrixEntry> = {
  'GET /api/brands': { kind: 'public', feed: () => ({ url: '/api/brands' }) },
  'GET /robots.txt': { kind: 'public', feed: () => ({ url: '/robots.txt?tid=2' }) },
  'GET /sitemap.xml': { kind: 'public', feed: () => ({ url: '/sitemap.xml?tid=2' }) },
  'GET /manifest.webmanifest': {
    kind: 'public',
    feed: () => ({ url: '/manifest.webmanifest?tid=2' }),
  },
  'POST /LoginGateway.php': {
    kind: 'public',
    feed: (w) => ({
      url: '/LoginGateway.php',
      body: { username: w.owner.user.email_address, password: 'not the password' },
    }),
  },
  'POST /RegistrationGateway.php': {
    // With ParentId and DeviceId: the owner creates a sub-account on their unit.
    kind: 'owner',
    declared: 'public',
    feed: (w, u) => ({
      url: '/RegistrationGateway.php',
      body: {
        FirstName: 'New',
        LastName: 'Helper',
        EmailAddress: uniqueEmail('helper'),
        Password: 'correct horse battery',
        ConfirmPassword: 'correct horse battery',
        ParentId: u,
        DeviceId: w.userDeviceId,
      },
    }),
  },
  'POST /api/authorization/logout': {
    kind: 'signed-in',
    endsSession: true,
    feed: () => ({ url: '/api/authorization/logout' }),
  },
  'GET /api/authorization/impersonate/{userId}': {
    kind: 'staff',
    feed: (w) => ({ url: `/api/authorization/impersonate/${w.owner.user.id}` }),
  },
  'POST /api/authorization/passwordreset/initiate': {
    kind: 'public',
    feed: (w) => ({
      url: '/api/authorization/passwordreset/initiate',
      body: { EmailAddress: w.owner.user.email_address },
    }),
  },
  'POST /api/users/{userId}/password/reset': {
    // The reset link's token is the credential: a guessed one changes nothing.
    kind: 'public',
    feed: (w) => ({
      url: `/api/users/${w.owner.user.id}/password/reset`,
      body: { Expires: 4102444800, RequestToken: 'guessed-token', NewPassword: 'taken over 123' },
    }),
  },
  'POST /api/users/{userId}/password/reset/check': {
    // The reset link's token is the credential: a guessed one learns only that it is not valid.
    kind: 'public',
    reads: true,
    feed: (w) => ({
      url: `/api/users/${w.owner.user.id}/password/reset/check`,
      body: { Expires: 4102444800, RequestToken: 'guessed-token' },
    }),
  },
  'GET /api/users/{Id}': {
    kind: 'owner',
    selfInOwnPath: true,
    feed: (_w, u) => ({ url: `/api/users/${u}` }),
  },
  'PUT /api/users/{Id}': {
    kind: 'owner',
    selfInOwnPath: true,
    feed: (_w, u) => ({ url: `/api/users/${u}`, body: { FirstName: 'Renamed' } }),
  },
  'POST /api/users/saveProductOrigin': {
    kind: 'owner',
    selfInOwnPath: true,
    feed: (_w, u) => ({
      url: '/api/users/saveProductOrigin',
      body: { UserId: u, ProductOrigin: 1 },
    }),
  },
  'GET /api/users/{userId}/auditevents': {
    kind: 'owner',
    selfInOwnPath: true,
    // The owner's own entry (issue #22): its words must reach no one else.
    prepare: async (w) => {
      const marker = `audit-${w.owner.user.id}-${Math.random().toString(36).slice(2)}`;
      await insertAuditEvents(w.t.ctx.db, [
        {
          action: 'account.email-change',
          userId: w.owner.user.id,
          actorId: w.owner.user.id,
          detail: { from: `${marker}@example.com`, to: w.owner.user.email_address },
          at: w.t.ctx.now(),
        },
      ]);
      return { marker };
    },
    secret: () => ['audit-'],
    feed: (_w, u) => ({ url: `/api/users/${u}/auditevents` }),
  },
  'PUT /api/users/{userId}/password': {
    kind: 'owner',
    selfInOwnPath: true,
    feed: (_w, u) => ({
      url: `/api/users/${u}/password`,
      body: { CurrentPassword: 'correct horse battery', NewPassword: 'correct horse battery' },
    }),
  },
  'GET /api/billingaddresses': {
    kind: 'owner',
    selfInOwnPath: true,
    feed: (_w, u) => ({ url: `/api/billingaddresses?${q({ user_id: u })}` }),
  },
  'POST /api/billingaddresses': {
    kind: 'owner',
    selfInOwnPath: true,
    feed: (_w, u) => ({ url: '/api/billingaddresses', body: address(u) }),
  },
  'GET /api/billingaddresses/{id}': {
    kind: 'owner',
    feed: (w) => ({ url: `/api/billingaddresses/${w.billingAddressId}` }),
  },
  'PUT /api/billingaddresses/{id}': {
    kind: 'owner',
    feed: (w, u) => ({ url: `/api/billingaddresses/${w.billingAddressId}`, body: address(u) }),
  },
  'GET /api/outbox': { kind: 'staff', feed: () => ({ url: '/api/outbox' }) },
  'POST /api/outbox/replies': {
    // The local stand-in for Twilio's webhooks (issue #23): whom the mailbox answers, local mode only.
    kind: 'staff',
    feed: () => ({
      url: '/api/outbox/replies',
      body: { Channel: 'sms', From: '15855550100', Body: 'ACK' },
    }),
  },
  'GET /api/paymentprocessing/getClientToken': {
    // With a customer id only the caller's own (decision 034); without one, a token for a new card.
    kind: 'owner',
    prepare: ownerCustomer,
    feed: (_w, _u, x) => ({
      url: `/api/paymentprocessing/getClientToken?${q({ customerId: x.customerId })}`,
    }),
  },
  'GET /api/paymentprocessing/generateClientToken': {
    kind: 'owner',
    declared: 'public',
    prepare: ownerCustomer,
    feed: (_w, _u, x) => ({
      url: `/api/paymentprocessing/generateClientToken?${q({ customerId: x.customerId })}`,
    }),
  },
  'POST /local-processor/tokenize': {
    // The local card fields: a client token's fingerprint is the permission (decision 034).
    kind: 'public',
    prepare: cardFieldsFingerprint,
    feed: (_w, _u, x) => ({
      url: '/local-processor/tokenize',
      body: {
        authorizationFingerprint: x.fingerprint,
        number: '4111111111111111',
        expirationMonth: '12',
        expirationYear: '2030',
        cvv: '123',
      },
    }),
  },
  'GET /api/files': {
    // A link signed by a call that checked access: the link is the permission (decision 031).
    kind: 'public',
    prepare: async (w) => {
      const info = { contentType: 'text/csv', downloadName: 'export.csv' };
      await w.t.ctx.files.put('exports/matrix/export.csv', Buffer.from('a,b\n'), info);
      return { url: (await w.t.ctx.files.signedLink('exports/matrix/export.csv', info, 300)).url };
    },
    feed: (_w, _u, x) => ({ url: String(x.url) }),
  },
  'GET /api/sales/checkAddressValidity': {
    kind: 'public',
    feed: (_w, u) => ({
      url: `/api/sales/checkAddressValidity?${q({ userInfo: JSON.stringify(address(u)) })}`,
    }),
  },
  'GET /api/sales/checkShippingAddressValidity': {
    kind: 'public',
    feed: (_w, u) => ({
      url: `/api/sales/checkShippingAddressValidity?${q({ userInfo: JSON.stringify(address(u)) })}`,
    }),
  },
  'GET /api/taxrates': {
    kind: 'public',
    feed: () => ({ url: `/api/taxrates?${q({ zip: '14624' })}` }),
  },
  'GET /api/taxrates/calculateSalesTax': {
    kind: 'public',
    feed: () => ({
      url: `/api/taxrates/calculateSalesTax?${q({ toZip: '14624', toState: 'NY', amount: 99, shipping: 0, quantity: 1 })}`,
    }),
  },
  'GET /api/taxrates/getNexusStates': {
    kind: 'public',
    feed: () => ({ url: '/api/taxrates/getNexusStates' }),
  },
  'POST /device-api/v1/reports': {
    kind: 'device',
    feed: (w) => ({
      url: '/device-api/v1/reports',
      headers: deviceAuth(w.device),
      body: {
        Reports: [
          { ReportTimestamp: w.readingsBefore[2], Temperature: 20, Humidity: 40, Power: 1 },
        ],
      },
    }),
  },
  'POST /api/devices/{id}/sendtext/{message}': {
    kind: 'owner',
    feed: (w) => ({ url: `/api/devices/${w.userDeviceId}/sendtext/RLY` }),
  },
  'POST /api/devices/{id}/sendtcp/{message}': {
    kind: 'owner',
    feed: (w) => ({ url: `/api/devices/${w.userDeviceId}/sendtcp/UPD` }),
  },
  'GET /api/reportlog/lastUpdatedTime': {
    kind: 'owner',
    subMayRead: true,
    feed: (w) => ({ url: `/api/reportlog/lastUpdatedTime?${q({ imei: w.device.imei })}` }),
  },
  'GET /api/users/getInstantUpdates': {
    kind: 'owner',
    subMayRead: true,
    feed: (w, u) => ({
      url: `/api/users/getInstantUpdates?${q({ id: u, serialNumber: w.device.serial })}`,
    }),
  },
  'GET /api/users/decrementInstantUpdate': {
    kind: 'owner',
    writes: true,
    subMayWrite: true,
    prepare: async (w) => {
      await w.t.ctx.db
        .updateTable('user_devices')
        .set({ instant_updates: 5 })
        .where('id', '=', w.userDeviceId)
        .execute();
      return {};
    },
    feed: (w, u) => ({
      url: `/api/users/decrementInstantUpdate?${q({ id: u, userdeviceId: w.userDeviceId })}`,
    }),
  },
  'PUT /api/users/resetLastRequestedTime': {
    // Acts on the caller's own units among the serials: anyone's call leaves the owner's alone.
    kind: 'signed-in',
    feed: (w) => ({ url: '/api/users/resetLastRequestedTime', body: [w.device.serial] }),
  },
  'GET /api/users/{userId}/devices': {
    kind: 'owner',
    selfInOwnPath: true,
    secret: (w) => [w.device.imei],
    feed: (_w, u) => ({ url: `/api/users/${u}/devices` }),
  },
  'POST /api/users/{userId}/devices': {
    // The owner registers a free unit; anyone else names the owner's unit, which must be refused.
    kind: 'owner',
    prepare: async (w) => ({ serial: (await createDevice(w.t.ctx)).serial }),
    feed: (w, u, x) => ({
      url: `/api/users/${u}/devices`,
      body: { SerialNumber: u === w.owner.user.id ? x.serial : w.device.serial, Name: 'Mine' },
    }),
  },
  'GET /api/users/{userId}/devices/{userDeviceId}': {
    kind: 'owner',
    feed: (w, u) => ({ url: `/api/users/${u}/devices/${w.userDeviceId}` }),
  },
  'PUT /api/users/{userId}/devices/{userDeviceId}': {
    kind: 'owner',
    feed: (w, u) => ({
      url: `/api/users/${u}/devices/${w.userDeviceId}`,
      body: { Name: 'Cellar' },
    }),
  },
  'DELETE /api/users/{userId}/devices/{userDeviceId}': {
    kind: 'owner',
    prepare: async (w) => ({ id: (await registerUnit(w)).userDeviceId }),
    feed: (_w, u, x) => ({ url: `/api/users/${u}/devices/${x.id}` }),
  },
  'GET /api/users/getDeviceCount': {
    kind: 'owner',
    selfInOwnPath: true,
    feed: (_w, u) => ({ url: `/api/users/getDeviceCount?${q({ userId: u })}` }),
  },
  'GET /api/users/getActiveDeviceByUserId': {
    kind: 'owner',
    selfInOwnPath: true,
    secret: (w) => [w.device.imei],
    feed: (_w, u) => ({ url: `/api/users/getActiveDeviceByUserId?${q({ userId: u })}` }),
  },
  'GET /api/users/peripherals/{deviceId}': {
    kind: 'owner',
    feed: (w) => ({ url: `/api/users/peripherals/${w.userDeviceId}` }),
  },
  'GET /api/devices/{id}': {
    kind: 'owner',
    subMayRead: true,
    feed: (w) => ({ url: `/api/devices/${w.device.id}` }),
  },
  'GET /api/devices/findbyserial/{serial}': {
    // Registration asks it of any unit; only the owner learns more than exists, free or taken.
    kind: 'signed-in',
    // The fields stay in the answer's shape, with null for a non-owner: only values are secret.
    secret: (w) => [
      w.device.imei,
      '"DeviceNSP":1',
      '"ModemActivated":false',
      '"ModemActivated":true',
    ],
    feed: (w) => ({ url: `/api/devices/findbyserial/${w.device.serial}` }),
  },
  'GET /api/devices/getDeviceFirmware': {
    kind: 'signed-in',
    secret: (w) => [w.device.imei],
    feed: (w) => ({
      url: `/api/devices/getDeviceFirmware?${q({ serialNumber: w.device.serial })}`,
    }),
  },
  'POST /api/devices/{imei}/activate': {
    kind: 'owner',
    feed: (w) => ({ url: `/api/devices/${w.device.imei}/activate` }),
  },
  'GET /api/validation/serialnumber': {
    // "Is this unit free to register?": the owner asks of a free one, everyone else of the owner's.
    kind: 'signed-in',
    secret: (w) => [w.device.imei],
    prepare: async (w) => ({ serial: (await createDevice(w.t.ctx)).serial }),
    feed: (w, u, x) => ({
      url: `/api/validation/serialnumber?${q({ serial: u === w.owner.user.id ? x.serial : w.device.serial })}`,
    }),
  },
  'GET /api/validation/peripheral': {
    kind: 'signed-in',
    prepare: async (w) => ({ free: await freePuck(w.t) }),
    feed: (w, u, x) => ({
      url: `/api/validation/peripheral?${q({ serial: u === w.owner.user.id ? x.free : w.puck.serial })}`,
    }),
  },
  'PUT /api/devices/transferSpuck': {
    kind: 'owner',
    prepare: extraPuck,
    feed: (w, _u, x) => ({
      url: '/api/devices/transferSpuck',
      body: [x.serial, x.free, w.device.imei],
    }),
  },
  'DELETE /api/devices/{DeviceId}/peripherals/{Id}': {
    kind: 'owner',
    prepare: extraPuck,
    feed: (w, _u, x) => ({ url: `/api/devices/${w.userDeviceId}/peripherals/${x.serial}` }),
  },
  'GET /api/peripherals': {
    kind: 'owner',
    feed: (w) => ({ url: `/api/peripherals?${q({ device_id: w.userDeviceId })}` }),
  },
  'POST /api/peripherals': {
    kind: 'owner',
    prepare: async (w) => ({ free: await freePuck(w.t) }),
    feed: (w, _u, x) => ({
      url: '/api/peripherals',
      body: { DeviceId: w.userDeviceId, SerialNumber: x.free, Name: 'Freezer', Location: 'Hall' },
    }),
  },
  'GET /api/peripherals/getSpucksByDevice': {
    kind: 'owner',
    feed: (w) => ({ url: `/api/peripherals/getSpucksByDevice?${q({ deviceId: w.userDeviceId })}` }),
  },
  'GET /api/peripherals/getSpuckDetails': {
    kind: 'owner',
    subMayRead: true,
    feed: (w) => ({ url: `/api/peripherals/getSpuckDetails?${q({ spuckId: w.puck.serial })}` }),
  },
  'GET /api/peripherals/{id}': {
    kind: 'owner',
    subMayRead: true,
    feed: (w) => ({ url: `/api/peripherals/${w.puck.serial}` }),
  },
  'PUT /api/peripherals/updatelogiclevel': {
    kind: 'owner',
    feed: (w) => ({
      url: '/api/peripherals/updatelogiclevel',
      body: { id: w.puck.serial, alarmType: ['WATER'], setType: 1 },
    }),
  },
  'PUT /api/peripherals/{id}': {
    kind: 'owner',
    feed: (w) => ({
      url: `/api/peripherals/${w.puck.serial}`,
      body: { Name: 'Fridge', Location: 'Bar' },
    }),
  },
  'GET /api/alarmpoints': {
    kind: 'owner',
    feed: (w) => ({ url: `/api/alarmpoints?${q({ device_id: w.userDeviceId })}` }),
  },
  'GET /api/alarmpoints/{Id}': {
    kind: 'owner',
    subMayRead: true,
    feed: (w) => ({ url: `/api/alarmpoints/${w.alarmPointId}` }),
  },
  'PUT /api/alarmpoints/{Id}': {
    kind: 'owner',
    feed: (w) => ({
      url: `/api/alarmpoints/${w.alarmPointId}`,
      body: { RangeMin: 35, RangeMax: 80 },
    }),
  },
  'POST /api/alarmpoints/{id}/enable': {
    kind: 'owner',
    feed: (w) => ({ url: `/api/alarmpoints/${w.alarmPointId}/enable` }),
  },
  'POST /api/alarmpoints/{id}/disable': {
    kind: 'owner',
    feed: (w) => ({ url: `/api/alarmpoints/${w.alarmPointId}/disable` }),
  },
  'GET /api/notifications': {
    kind: 'owner',
    feed: (w) => ({ url: `/api/notifications?${q({ device_id: w.userDeviceId })}` }),
  },
  'POST /api/notifications': {
    kind: 'owner',
    feed: (w) => ({ url: '/api/notifications', body: notification(w) }),
  },
  'GET /api/notifications/getNotificationDetails': {
    kind: 'owner',
    subMayRead: true,
    feed: (w) => ({
      url: `/api/notifications/getNotificationDetails?${q({ IMEI: w.device.imei })}`,
    }),
  },
  'PUT /api/notifications/{Id}': {
    kind: 'owner',
    feed: (w) => ({ url: `/api/notifications/${w.notificationId}`, body: notification(w) }),
  },
  'DELETE /api/notifications/{Id}': {
    kind: 'owner',
    prepare: extraNotification,
    feed: (_w, _u, x) => ({ url: `/api/notifications/${x.id}` }),
  },
  // Push notifications to the caller's browsers (issue #27, decision 082): each row its user's.
  'GET /api/push/publickey': { kind: 'signed-in', feed: () => ({ url: '/api/push/publickey' }) },
  'GET /api/push/subscriptions': {
    kind: 'signed-in',
    prepare: ownerBrowser,
    secret: (w) => [ownerEndpoint(w)],
    feed: () => ({ url: '/api/push/subscriptions' }),
  },
  'POST /api/push/subscriptions': {
    // Each caller saves a browser of their own: the owner's stay the owner's.
    kind: 'signed-in',
    feed: () => ({
      url: '/api/push/subscriptions',
      body: {
        Endpoint: `https://fcm.googleapis.com/fcm/send/matrix-${randomUUID()}`,
        Keys: { P256dh: BROWSER_KEY, Auth: 'AAAAAAAAAAAAAAAAAAAAAA' },
        Name: 'Matrix browser',
      },
    }),
  },
  'DELETE /api/push/subscriptions/{Id}': {
    kind: 'owner',
    prepare: ownerBrowser,
    feed: (_w, _u, x) => ({ url: `/api/push/subscriptions/${x.id}` }),
  },
  // The alarm log, acknowledging and snoozing (issue #23).
  'GET /api/alarms': {
    kind: 'owner',
    subMayRead: true,
    prepare: alarmLog,
    feed: (w) => ({ url: `/api/alarms?${q({ userDeviceId: w.userDeviceId })}` }),
  },
  'POST /api/alarms/snooze': {
    kind: 'owner',
    feed: (w) => ({
      url: '/api/alarms/snooze',
      body: { UserDeviceId: w.userDeviceId, Hours: 1 },
    }),
  },
  'DELETE /api/alarms/snooze': {
    kind: 'owner',
    feed: (w) => ({ url: `/api/alarms/snooze?${q({ userDeviceId: w.userDeviceId })}` }),
  },
  'GET /api/alarms/{Id}': {
    // The alarm message's link: its token is the permission, for its event only.
    kind: 'public',
    prepare: alarmLink,
    feed: (_w, _u, x) => ({ url: `/api/alarms/${x.id}?${q({ token: x.token })}` }),
  },
  'POST /api/alarms/{Id}/acknowledge': {
    kind: 'public',
    prepare: alarmLink,
    feed: (_w, _u, x) => ({ url: `/api/alarms/${x.id}/acknowledge?${q({ token: x.token })}` }),
  },
  'POST /api/alarms/{Id}/snooze': {
    // The link's holder snoozes the event's unit, as its owner may.
    kind: 'public',
    linkMayChange: true,
    prepare: alarmLink,
    feed: (_w, _u, x) => ({
      url: `/api/alarms/${x.id}/snooze?${q({ token: x.token })}`,
      body: { Hours: 1 },
    }),
  },
  // Twilio's webhooks (issue #23): public, Twilio's signature is the permission; without Twilio
  // configured (as here) they answer 404, and a forged signature is a 403 (twilio-webhooks.routes.test.ts).
  'POST /api/twilio/sms': {
    kind: 'public',
    feed: () => ({
      url: '/api/twilio/sms',
      headers: { 'x-twilio-signature': 'forged' },
      body: { From: '+15855550100', Body: 'ACK' },
    }),
  },
  'POST /api/twilio/voice/{Id}': {
    kind: 'public',
    prepare: alarmLink,
    feed: (_w, _u, x) => ({
      url: `/api/twilio/voice/${x.id}?${q({ token: x.token })}`,
      headers: { 'x-twilio-signature': 'forged' },
      body: { Digits: '1' },
    }),
  },
  'GET /api/reportlog/devices/{deviceId}': {
    kind: 'owner',
    feed: (w) => ({ url: `/api/reportlog/devices/${w.userDeviceId}` }),
  },
  'GET /api/reportschedule/devices/{deviceId}': {
    kind: 'owner',
    feed: (w) => ({ url: `/api/reportschedule/devices/${w.userDeviceId}` }),
  },
  'PUT /api/reportschedule/devices/{deviceId}': {
    kind: 'owner',
    feed: (w) => ({
      url: `/api/reportschedule/devices/${w.userDeviceId}`,
      body: { WeeklyReport: true },
    }),
  },
  'GET /api/nistcertificate/devices/{deviceId}': {
    kind: 'owner',
    subMayRead: true,
    // A NIST unit of the owner's with its certificate issued.
    prepare: async (w) => {
      const unit = await createDevice(w.t.ctx, { deviceType: 8 });
      const userDeviceId = await registerUserDevice(w.t.ctx, {
        userId: w.owner.user.id,
        deviceId: unit.id,
      });
      await issueCertificate(w.t.ctx, { deviceId: unit.id });
      return { userDeviceId };
    },
    feed: (_w, _u, x) => ({ url: `/api/nistcertificate/devices/${x.userDeviceId}` }),
  },
  'GET /api/reportlog/getSpuckLog': {
    kind: 'owner',
    subMayRead: true,
    feed: (w) => ({ url: `/api/reportlog/getSpuckLog?${q({ spuckId: w.puck.serial })}` }),
  },
  'GET /api/reportsummary/devices/{deviceId}': {
    kind: 'owner',
    subMayRead: true,
    feed: (w, u) => ({
      url: `/api/reportsummary/devices/${w.userDeviceId}?${q({ userId: u, ...lastHour(w) })}`,
    }),
  },
  'GET /api/reportsummary/getspuckreport': {
    kind: 'owner',
    subMayRead: true,
    feed: (w, u) => ({
      url: `/api/reportsummary/getspuckreport?${q({
        userId: u,
        deviceId: w.userDeviceId,
        peripheralId: w.puck.serial,
        ...lastHour(w),
      })}`,
    }),
  },
  'GET /api/reporttable/devices/{deviceId}': {
    kind: 'owner',
    subMayRead: true,
    feed: (w) => ({ url: `/api/reporttable/devices/${w.userDeviceId}?${q(lastHour(w))}` }),
  },
  'GET /api/reporttable/queryspucktable': {
    kind: 'owner',
    subMayRead: true,
    feed: (w) => ({
      url: `/api/reporttable/queryspucktable?${q({ peripheralId: w.puck.serial, ...lastHour(w) })}`,
    }),
  },
  // Writing a CSV reads the unit's history into a file of the caller's: a sub-account given the
  // unit may make it (its file holds only what it may see), nobody else.
  'POST /api/reportlog/devices/{deviceId}/generatefile': {
    kind: 'owner',
    reads: true,
    subMayRead: true,
    feed: (w) => ({
      url: `/api/reportlog/devices/${w.userDeviceId}/generatefile?${q(lastHour(w))}`,
    }),
  },
  'POST /api/reportlog/generatespuckfile': {
    kind: 'owner',
    reads: true,
    subMayRead: true,
    feed: (w) => ({
      url: `/api/reportlog/generatespuckfile?${q({
        serial: w.device.serial,
        peripheralId: w.puck.serial,
        ...lastHour(w),
      })}`,
    }),
  },
  'GET /api/reportlog/getLastResetInfo': {
    kind: 'owner',
    subMayRead: true,
    feed: (w) => ({ url: `/api/reportlog/getLastResetInfo?${q({ imei: w.device.imei })}` }),
  },
  'GET /api/users/getAllSubAccounts': {
    kind: 'owner',
    feed: (w, u) => ({
      url: `/api/users/getAllSubAccounts?${q({ userId: u, deviceId: w.userDeviceId })}`,
    }),
  },
  'GET /api/users/checkMarcellProValidity': {
    // Answers whether the unit is the caller's own: "no" is the right answer to anyone else.
    kind: 'owner',
    selfInOwnPath: true,
    feed: (w, u) => ({
      url: `/api/users/checkMarcellProValidity?${q({ userId: u, deviceId: w.userDeviceId })}`,
    }),
  },
  'GET /api/users/fetchSubAccountDetails': {
    kind: 'owner',
    feed: (w) => ({ url: `/api/users/fetchSubAccountDetails?${q({ id: w.sub.user.id })}` }),
  },
  'PUT /api/users/editSubAccountDetails': {
    kind: 'owner',
    feed: (w) => ({
      url: '/api/users/editSubAccountDetails',
      body: { Id: w.sub.user.id, FirstName: 'Sam', LastName: 'Helper' },
    }),
  },
  'DELETE /api/users/removeSubAccount': {
    kind: 'owner',
    prepare: async (w) => {
      const sub = await createSubAccount(w, w.userDeviceId);
      return { id: sub.id, userDeviceId: sub.userDeviceId };
    },
    feed: (_w, _u, x) => ({
      url: `/api/users/removeSubAccount?${q({ subUserId: x.id, subUserDeviceId: x.userDeviceId })}`,
    }),
  },
  'DELETE /api/users/deleteSubAccount': {
    kind: 'owner',
    prepare: async (w) => ({ id: (await createSubAccount(w, w.userDeviceId)).id }),
    feed: (_w, _u, x) => ({ url: `/api/users/deleteSubAccount?${q({ subUserId: x.id })}` }),
  },
  'POST /api/users/addSubAccountToDevice': {
    kind: 'owner',
    prepare: async (w) => ({ userDeviceId: (await registerUnit(w)).userDeviceId }),
    feed: (w, _u, x) => ({
      url: '/api/users/addSubAccountToDevice',
      body: { deviceId: x.userDeviceId, userId: w.sub.user.id },
    }),
  },
  'PUT /api/users/editParentName': {
    kind: 'owner',
    selfInOwnPath: true,
    feed: (_w, u) => ({ url: '/api/users/editParentName', body: { id: u, name: 'Olive Owner' } }),
  },
  'GET /api/users/getDeviceDebugList': {
    kind: 'staff',
    feed: (_w, u) => ({ url: `/api/users/getDeviceDebugList?${q({ userId: u })}` }),
  },
  'GET /api/users/getDeviceDebugDetails': {
    kind: 'staff',
    feed: (w, u) => ({
      url: `/api/users/getDeviceDebugDetails?${q({ userId: u, imei: w.device.imei })}`,
    }),
  },
  'GET /api/staff/users': {
    kind: 'staff',
    feed: (w) => ({ url: `/api/staff/users?${q({ search: w.device.imei })}` }),
  },
  // Plans, subscriptions, cards and billed users (modules/billing, issue #13).
  'GET /api/subscriptions/options/{tenantId}': {
    kind: 'signed-in',
    feed: () => ({ url: '/api/subscriptions/options/2' }),
  },
  'GET /api/users/getProSubscriptionOptions': {
    kind: 'owner',
    selfInOwnPath: true,
    feed: (w, u) => ({
      url: `/api/users/getProSubscriptionOptions?${q({ userId: u, serial: w.device.serial })}`,
    }),
  },
  'POST /api/subscriptions': {
    kind: 'owner',
    prepare: async (w) => ({
      unit: (await registerUnit(w)).userDeviceId,
      plan: await proPlanId(w, 'Monthly'),
    }),
    feed: (w, u, x) => ({
      url: '/api/subscriptions',
      body: subscriptionBody(
        u,
        w.userDeviceId === w.subUserDeviceId ? w.subUserDeviceId : Number(x.unit),
        Number(x.plan),
      ),
    }),
  },
  'POST /api/paymentprocessing/saveSubscription': {
    kind: 'owner',
    prepare: async (w) => ({
      unit: (await registerUnit(w)).userDeviceId,
      plan: await proPlanId(w, 'Monthly'),
    }),
    feed: (w, u, x) => ({
      url: '/api/paymentprocessing/saveSubscription/',
      body: subscriptionBody(
        u,
        w.userDeviceId === w.subUserDeviceId ? w.subUserDeviceId : Number(x.unit),
        Number(x.plan),
      ),
    }),
  },
  'PUT /api/subscriptions/{Id}': {
    kind: 'owner',
    prepare: ownerSubscription,
    feed: (_w, _u, x) => ({
      url: `/api/subscriptions/${x.id}`,
      body: { billingPlan: { Id: x.annual, PlanType: 'Annual' } },
    }),
  },
  'POST /api/subscriptions/{Id}/previewChange': {
    kind: 'owner',
    prepare: ownerSubscription,
    feed: (_w, _u, x) => ({
      url: `/api/subscriptions/${x.id}/previewChange`,
      body: { billingPlan: { Id: x.annual, PlanType: 'Annual' } },
    }),
  },
  'POST /api/subscriptions/{Id}/suspend': {
    kind: 'owner',
    prepare: ownerSubscription,
    feed: (_w, _u, x) => ({ url: `/api/subscriptions/${x.id}/suspend/` }),
  },
  'POST /api/subscriptions/{Id}/reactivate': {
    kind: 'owner',
    prepare: ownerSubscription,
    feed: (_w, _u, x) => ({ url: `/api/subscriptions/${x.id}/reactivate/`, body: {} }),
  },
  'GET /api/paymentprocessing/getSubscription': {
    kind: 'owner',
    prepare: ownerSubscription,
    secret: () => ['1111'],
    feed: (_w, _u, x) => ({
      url: `/api/paymentprocessing/getSubscription/?${q({ subscriptionId: x.id })}`,
    }),
  },
  'PUT /api/paymentprocessing/{Id}/updateSubscription': {
    kind: 'owner',
    prepare: ownerSubscription,
    feed: (_w, _u, x) => ({
      url: `/api/paymentprocessing/${x.id}/updateSubscription/`,
      body: { billingPlan: { Id: x.annual, PlanType: 'Annual' } },
    }),
  },
  'POST /api/paymentprocessing/{Id}/suspendSubscription': {
    kind: 'owner',
    prepare: ownerSubscription,
    feed: (_w, _u, x) => ({ url: `/api/paymentprocessing/${x.id}/suspendSubscription/` }),
  },
  'POST /api/paymentprocessing/{Id}/reactivateSubscription': {
    kind: 'owner',
    prepare: ownerSubscription,
    feed: (_w, _u, x) => ({
      url: `/api/paymentprocessing/${x.id}/reactivateSubscription/`,
      body: { PaymentNonce: 'fake-valid-visa-nonce', DeviceData: '{}' },
    }),
  },
  'GET /api/paymentprocessing/getPaymentNonce': {
    kind: 'owner',
    prepare: ownerSubscription,
    feed: (_w, _u, x) => ({
      url: `/api/paymentprocessing/getPaymentNonce/?${q({ subscriptionToken: x.token })}`,
    }),
  },
  'GET /api/subscriptions/getusercreditcardinfo/{userId}': {
    kind: 'owner',
    selfInOwnPath: true,
    prepare: ownerSubscription,
    feed: (_w, u) => ({ url: `/api/subscriptions/getusercreditcardinfo/${u}` }),
  },
  'PUT /api/subscriptions/updatecreditcard': {
    kind: 'owner',
    selfInOwnPath: true,
    prepare: ownerSubscription,
    feed: (_w, u) => ({
      url: '/api/subscriptions/updatecreditcard/',
      body: { UserId: u, PaymentNonce: 'fake-valid-mastercard-nonce' },
    }),
  },
  'POST /api/subscriptions/validatecard': {
    kind: 'owner',
    selfInOwnPath: true,
    feed: (_w, u) => ({
      url: '/api/subscriptions/validatecard/',
      body: { UserId: u, PaymentNonce: 'fake-valid-visa-nonce' },
    }),
  },
  'GET /api/users/checkBillingUser': {
    kind: 'owner',
    selfInOwnPath: true,
    feed: (_w, u) => ({ url: `/api/users/checkBillingUser?${q({ userId: u })}` }),
  },
  'GET /api/users/checkAPContact': {
    kind: 'owner',
    selfInOwnPath: true,
    feed: (_w, u) => ({ url: `/api/users/checkAPContact?${q({ userId: u })}` }),
  },
  'GET /api/users/getCustomerId': {
    kind: 'owner',
    selfInOwnPath: true,
    feed: (_w, u) => ({ url: `/api/users/getCustomerId?${q({ userId: u })}` }),
  },
  'PUT /api/users/setCustomerId': {
    // The owner sets the customer id they have (a subscription made it), so later calls still pay.
    kind: 'owner',
    selfInOwnPath: true,
    prepare: ownerSubscription,
    feed: (_w, u, x) => ({
      url: '/api/users/setCustomerId',
      body: { UserId: u, CustomerId: x.customerId },
    }),
  },
  'GET /api/subscriptions/getBillableSubscription': {
    kind: 'owner',
    prepare: ownerInvoiceSubscription,
    feed: (_w, _u, x) => ({
      url: `/api/subscriptions/getBillableSubscription/?${q({ subscriptionId: x.id })}`,
    }),
  },
  'GET /api/subscriptions/checkIfInvoicedSubscription': {
    kind: 'owner',
    prepare: ownerInvoiceSubscription,
    feed: (_w, _u, x) => ({
      url: `/api/subscriptions/checkIfInvoicedSubscription/?${q({ subscriptionId: x.id })}`,
    }),
  },
  // Peripheral (SPuck) billing (decision 036): the unit's owner only.
  'GET /api/paymentprocessing/getPeripheralSubscriptionDetails': {
    kind: 'owner',
    feed: (w) => ({
      url: `/api/paymentprocessing/getPeripheralSubscriptionDetails/?${q({ userDeviceId: w.userDeviceId, deviceId: w.device.id })}`,
    }),
  },
  'POST /api/paymentprocessing/submitPeripheralUpfrontCharge': {
    kind: 'owner',
    prepare: pucksAwaitingOne,
    feed: (w) => ({
      url: '/api/paymentprocessing/submitPeripheralUpfrontCharge/',
      body: {
        UserDeviceId: w.userDeviceId,
        Quantity: 1,
        PaymentNonce: 'fake-valid-visa-nonce',
        IdempotencyKey: `matrix-${Math.random().toString(36).slice(2)}`,
      },
    }),
  },
  'PUT /api/paymentprocessing/updatePeripheralRecurringPayment': recalculateRecurring(
    '/api/paymentprocessing/updatePeripheralRecurringPayment/',
  ),
  'POST /api/paymentprocessing/recalculateRecurringPayment': recalculateRecurring(
    '/api/paymentprocessing/recalculateRecurringPayment/',
  ),
  'POST /api/subscriptions/recalculateRecurringPayment': recalculateRecurring(
    '/api/subscriptions/recalculateRecurringPayment/',
  ),
  'POST /api/paymentprocessing/cancelOldSubscription': {
    kind: 'owner',
    prepare: legacyProfile,
    feed: (_w, u, x) => ({
      url: '/api/paymentprocessing/cancelOldSubscription/',
      body: [x.sub, u],
    }),
  },
  'POST /api/paymentprocessing/convertToCardProvider': {
    kind: 'owner',
    prepare: legacyProfile,
    feed: (_w, u, x) => ({
      url: '/api/paymentprocessing/convertToCardProvider/',
      body: {
        OldSubscriptionId: x.sub,
        UserId: u,
        billingPlan: { Id: x.plan, PlanType: 'Annual' },
        PaymentNonce: 'fake-valid-visa-nonce',
        FirstName: 'Olive',
        LastName: 'Owner',
        Address1: '2 Elm St',
        City: 'Springfield',
        State: 'IL',
        Zip: '62702',
      },
    }),
  },
  'POST /api/paymentprocessing/sendEmailForSwitch': {
    kind: 'owner',
    prepare: legacyProfile,
    feed: (_w, u, x) => ({
      url: '/api/paymentprocessing/sendEmailForSwitch/',
      body: [x.sub, x.sub, u, x.serial],
    }),
  },
  'POST /api/users/{userId}/devices/multiunit': {
    kind: 'owner',
    prepare: async (w) => ({ serial: (await createDevice(w.t.ctx, { deviceType: 5 })).serial }),
    feed: (w, u, x) => ({
      url: `/api/users/${u}/devices/multiunit`,
      headers: { 'idempotency-key': `matrix-${u}-${x.serial}` },
      body: {
        TermsAccepted: true,
        Units: [{ SerialNumber: u === w.owner.user.id ? x.serial : w.device.serial, Name: 'Mine' }],
      },
    }),
  },
  'POST /api/users/{userId}/devices/registration': {
    // The owner registers a free test unit (no payment); anyone else names the owner's unit.
    kind: 'owner',
    prepare: async (w) => ({ serial: (await createDevice(w.t.ctx, { deviceType: 5 })).serial }),
    feed: (w, u, x) => ({
      url: `/api/users/${u}/devices/registration`,
      headers: { 'idempotency-key': `matrix-${u}-${x.serial}` },
      body: {
        SerialNumber: u === w.owner.user.id ? x.serial : w.device.serial,
        Name: 'Mine',
        TermsAccepted: true,
      },
    }),
  },
  'PUT /api/sales/updateCommercialOrder': {
    kind: 'owner',
    feed: (w, u) => ({
      url: '/api/sales/updateCommercialOrder/',
      body: [w.device.serial, '2026-11-01', u],
    }),
  },
  // A billed subscription's invoices (decision 040): the owner only.
  'GET /api/subscriptions/{Id}/invoices': {
    kind: 'owner',
    prepare: ownerInvoiceSubscription,
    feed: (_w, _u, x) => ({ url: `/api/subscriptions/${x.id}/invoices` }),
  },
  'GET /api/paymentprocessing/getOldProfileSubscriptions': {
    kind: 'owner',
    // Lists the caller's own old profiles (none for the other users): their own path answers them.
    selfInOwnPath: true,
    prepare: legacyProfile,
    secret: (w) => [w.device.serial],
    feed: (_w, u) => ({
      url: `/api/paymentprocessing/getOldProfileSubscriptions?${q({ userId: u })}`,
    }),
  },
  'POST /api/devices/oldDeviceRegistrationAttempt': {
    // About the caller alone (their own attempt at any unit): refused in another user's id.
    kind: 'owner',
    selfInOwnPath: true,
    prepare: async (w) => ({
      serial: (await createDevice(w.t.ctx, { firmwareVersion: '3.1' })).serial,
    }),
    feed: (_w, u, x) => ({
      url: '/api/devices/oldDeviceRegistrationAttempt',
      body: { SerialNumber: x.serial, UserId: u },
    }),
  },
  // The store's catalogue, promotions, contact form and news sign-up: sent without a token
  // (store-and-public-site §7; decision 042). Nothing in them belongs to a user.
  'GET /api/items': { kind: 'public', feed: () => ({ url: '/api/items/' }) },
  'GET /api/items/getactive': { kind: 'public', feed: () => ({ url: '/api/items/getactive' }) },
  'GET /api/items/getall': { kind: 'public', feed: () => ({ url: '/api/items/getall' }) },
  'GET /api/promotions': { kind: 'public', feed: () => ({ url: '/api/promotions/' }) },
  'POST /api/promotions/validate': {
    kind: 'public',
    feed: () => ({ url: '/api/promotions/validate', body: { PromoCode: 'sun' } }),
  },
  'GET /api/promotions/getReferralPromo': {
    kind: 'public',
    feed: () => ({ url: `/api/promotions/getReferralPromo?${q({ promoCode: 'CLVG' })}` }),
  },
  'POST /api/contactus': {
    kind: 'public',
    feed: () => ({
      url: '/api/contactus',
      body: {
        TenantId: 2,
        Name: 'Matrix Visitor',
        Email: uniqueEmail('contact'),
        Phone: '5855550100',
        Message: 'Do you ship to Canada?',
      },
    }),
  },
  'POST /api/interestedcustomers': {
    kind: 'public',
    feed: () => ({
      url: '/api/interestedcustomers',
      body: { EmailAddress: uniqueEmail('news'), TenantId: 2 },
    }),
  },
  // Orders (decision 044): anyone may order (a puck, with the local processor's fixed nonce, a
  // new Idempotency-Key per request); the history is the caller's own.
  'POST /api/sales': {
    kind: 'public',
    feed: () => ({
      url: '/api/sales/',
      headers: { 'idempotency-key': `matrix-${Math.random().toString(36).slice(2)}` },
      body: {
        payer: {
          FirstName: 'Olive',
          LastName: 'Owner',
          Email: uniqueEmail('buyer'),
          Address1: '2 Elm St',
          City: 'Springfield',
          State: 'IL',
          Zip: '62702',
          PaymentNonce: 'fake-valid-visa-nonce',
        },
        items: [{ ItemId: 4, Quantity: 1 }],
        ShippingType: 'regularShipping',
        TermsAccepted: true,
      },
    }),
  },
  'GET /api/users/{userId}/orders': {
    kind: 'owner',
    selfInOwnPath: true,
    // The owner's own order: its buyer e-mail must reach no one else.
    prepare: async (w) => {
      const placed = await placeOrder(w.t.ctx, {
        callerId: w.owner.user.id,
        idempotencyKey: `matrix-history-${w.owner.user.id}-${Math.random().toString(36).slice(2)}`,
        payer: {
          FirstName: 'Olive',
          LastName: 'Owner',
          Email: w.owner.user.email_address,
          Address1: '2 Elm St',
          City: 'Springfield',
          State: 'IL',
          Zip: '62702',
          PaymentNonce: 'fake-valid-visa-nonce',
        },
        lines: [{ itemId: 4, quantity: 1 }],
        shippingType: 'regularShipping',
        source: 'store',
      });
      return { orderNumber: placed.OrderNumber };
    },
    secret: (w) => [w.owner.user.email_address],
    feed: (_w, u) => ({ url: `/api/users/${u}/orders` }),
  },
  // Postage and the replacement offer (issue #15; decisions 043, 045).
  'GET /api/sales/calculatePostageRateEstore': {
    kind: 'public',
    feed: () => ({
      url: `/api/sales/calculatePostageRateEstore?${q({ weight: 43.9, toZipCode: '10001', fromZipCode: '14624', shippingType: 1 })}`,
    }),
  },
  'GET /api/sales/getShippingRateRegular': {
    kind: 'public',
    feed: () => ({ url: '/api/sales/getShippingRateRegular/' }),
  },
  'GET /api/sales/getShippingRateOvernight': {
    kind: 'public',
    feed: () => ({ url: '/api/sales/getShippingRateOvernight/' }),
  },
  'GET /api/verizonreplacement/{userId}': {
    // The link's token is the permission, not a session: the owner's own token, as e-mailed.
    kind: 'public',
    prepare: async (w) => ({ token: await issueReplacementToken(w.t.ctx, w.owner.user.id) }),
    feed: (w, _u, x) => ({
      url: `/api/verizonreplacement/${w.owner.user.id}?${q({ token: x.token })}`,
    }),
  },
  'POST /api/verizonreplacement/form/submit': {
    // The owner's token orders a replacement of the owner's unit (type 4, carrier 1: item 103).
    kind: 'public',
    prepare: async (w) => ({
      token: await issueReplacementToken(w.t.ctx, w.owner.user.id),
      nonce: await nonceFor(w.t.ctx, GOOD_CARDS.visa),
    }),
    feed: (w, _u, x) => ({
      url: `/api/verizonreplacement/form/submit?${q({ token: x.token })}`,
      headers: { 'idempotency-key': `matrix-replacement-${x.token}` },
      body: {
        UserId: w.owner.user.id,
        RequestToken: x.token,
        items: [{ ItemId: 103, Quantity: 1, Serial: w.device.serial }],
        payer: {
          FirstName: 'Olive',
          LastName: 'Owner',
          Email: w.owner.user.email_address,
          Address1: '2 Elm St',
          City: 'Springfield',
          State: 'IL',
          Zip: '62702',
          PaymentNonce: x.nonce,
        },
        TermsAccepted: true,
      },
    }),
  },
};

/** Routes outside the OpenAPI document (schema.hide), each with the reason it is not in the matrix. */
export const EXEMPT: Record<string, string> = {
  'GET /health':
    'liveness for a load balancer: the same answer for everyone, no user data (platform/observability/observability.test.ts)',
  'GET /ready':
    'readiness for a load balancer: names a failing part only, no user data (platform/observability/observability.test.ts)',
  'GET /metrics':
    'Prometheus metrics: answered on loopback or with METRICS_TOKEN, counts only, no user data (platform/observability/observability.test.ts)',
  'GET /local-processor/hosted-fields':
    'the local payment processor’s card-fields page: the same static page for everyone, no user data (modules/payments/local-processor.routes.test.ts)',
  'GET /local-processor/hosted-fields.js':
    'the local card fields’ client script: static, the same for everyone (modules/payments/local-processor.routes.test.ts)',
  'GET /api/docs': 'the OpenAPI document itself: public by design, it holds no user data',
  'GET /live':
    'the live WebSocket: 401 without a session and 404 for a unit not the caller’s are tested in routes/live/live.routes.test.ts',
  'GET /live/alarms':
    'the alarm-state WebSocket: 401 without a session, only units the caller sees, and the socket caps are tested in routes/live/live-alarms.routes.test.ts',
};
