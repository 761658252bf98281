import { randomBytes } from 'node:crypto';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { ROLE_STAFF } from '@monitor/domain/accounts/roles';
import { provisionPucks } from '../../src/modules/devices/inventory.service';
import { postReadings } from '../helpers/alarm-units';
import { bearer, createUser, signIn, type TestUser } from '../helpers/factories';
import { attachPuck, createDevice, registerUserDevice, type TestDevice } from '../helpers/devices';
import type { TestApp } from '../helpers/test-app';

/**
 * The objects every security test addresses: an owner with a unit registered through the API
 * (so it has its default alarm points), a puck on it, a notification, a billing address and a
 * sub-account given the unit; another customer with a unit of their own; and a staff member
 * allowed the debug pages, also acting as that other customer. Requests come from a non-loopback address, as from the network.
 */
export type Caller = { name: CallerName; user: TestUser | null; token: string | null };
export type CallerName =
  | 'anonymous'
  | 'other customer'
  | 'sub-account'
  | 'staff'
  | 'staff as the other customer'
  | 'owner';

export type World = {
  t: TestApp;
  owner: Caller & { user: TestUser };
  other: Caller & { user: TestUser };
  sub: Caller & { user: TestUser };
  staff: Caller & { user: TestUser };
  /**
   * The staff member impersonating the other customer: the other customer's powers, no more
   * (issue #22). Its `user` is the customer it acts as.
   */
  impersonation: Caller & { user: TestUser };
  anonymous: Caller;
  device: TestDevice;
  userDeviceId: number;
  subUserDeviceId: number;
  puck: { id: number; serial: string };
  alarmPointId: number;
  notificationId: number;
  billingAddressId: number;
  /**
   * Times of readings from before the sub-account was given the unit (the last one is the
   * matrix's own device call, which back-fills it): no answer to the sub-account may hold them.
   */
  readingsBefore: string[];
  /** Counts every request the harness sends. */
  sent: { count: number };
};

export const REMOTE_ADDRESS = '203.0.113.7';
const PASSWORD = 'correct horse battery';

export type Request = {
  method: string;
  url: string;
  body?: unknown;
  headers?: Record<string, string>;
};

/** Sends one request as `caller` from a network address; `raw` sends the body as given. */
export async function send(
  w: World,
  caller: Caller,
  request: Request & { raw?: string },
): Promise<LightMyRequestResponse> {
  w.sent.count += 1;
  const options: InjectOptions = {
    method: request.method as InjectOptions['method'],
    url: request.url,
    remoteAddress: REMOTE_ADDRESS,
    headers: {
      ...(caller.token && bearer(caller.token)),
      ...(request.body !== undefined && { 'content-type': 'application/json' }),
      ...request.headers,
    },
    ...(request.raw !== undefined
      ? { payload: request.raw }
      : request.body !== undefined && { payload: JSON.stringify(request.body) }),
  };
  return w.t.app.inject(options);
}

/** Fails the calling test with the answer when a set-up call does not succeed. */
export async function ok(w: World, caller: Caller, request: Request): Promise<unknown> {
  const response = await send(w, caller, request);
  if (response.statusCode >= 300)
    throw new Error(`${request.method} ${request.url}: ${response.statusCode} ${response.body}`);
  return response.json();
}

async function signedIn(t: TestApp, name: CallerName, user: TestUser) {
  return { name, user, token: await signIn(t.app, user) };
}

/**
 * A new session of `staff` acting as `customer`, from a new staff session of its own: a call that
 * ends the staff member's sessions (a password change) ends the impersonations they started.
 */
export async function impersonationToken(
  t: TestApp,
  staff: TestUser,
  customer: TestUser,
): Promise<string> {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/authorization/impersonate/${customer.id}`,
    headers: bearer(await signIn(t.app, staff)),
  });
  if (response.statusCode !== 200)
    throw new Error(`impersonation failed: ${response.statusCode} ${response.body}`);
  return response.json<{ AccessToken: string }>().AccessToken;
}

export const uniqueEmail = (label: string) =>
  `${label}-${randomBytes(4).toString('hex')}@example.com`;

/** A puck in inventory, not on any unit. */
export async function freePuck(t: TestApp): Promise<string> {
  const [puck] = await provisionPucks(t.ctx.db, { count: 1, logicLevel: 32775 });
  if (!puck) throw new Error('no puck provisioned');
  return puck.Serial;
}

/** A sub-account of the owner given the owner's user device, created as the web app does. */
export async function createSubAccount(
  w: Pick<World, 't' | 'owner' | 'sent'>,
  userDeviceId: number,
): Promise<TestUser & { userDeviceId: number }> {
  const email = uniqueEmail('sub');
  const body = {
    FirstName: 'Sub',
    LastName: 'Account',
    EmailAddress: email,
    Password: PASSWORD,
    ConfirmPassword: PASSWORD,
    ParentId: w.owner.user.id,
    DeviceId: userDeviceId,
  };
  const created = (await ok(w as World, w.owner, {
    method: 'POST',
    url: '/RegistrationGateway.php',
    body,
  })) as { Id: number };
  const row = await w.t.ctx.db
    .selectFrom('user_devices')
    .select('id')
    .where('user_id', '=', created.Id)
    .where('parent_user_device_id', '=', userDeviceId)
    .executeTakeFirstOrThrow();
  const user = await w.t.ctx.db
    .selectFrom('users')
    .selectAll()
    .where('id', '=', created.Id)
    .executeTakeFirstOrThrow();
  return { ...user, password: PASSWORD, userDeviceId: row.id };
}

/** A unit registered to the owner through the API (default alarm points included). */
export async function registerUnit(
  w: Pick<World, 't' | 'owner' | 'sent'>,
): Promise<{ device: TestDevice; userDeviceId: number }> {
  const device = await createDevice(w.t.ctx);
  const registered = (await ok(w as World, w.owner, {
    method: 'POST',
    url: `/api/users/${w.owner.user.id}/devices`,
    body: { SerialNumber: device.serial, Name: 'Walk-in freezer', Location: 'Kitchen' },
  })) as { Id: number };
  return { device, userDeviceId: registered.Id };
}

export async function createWorld(t: TestApp): Promise<World> {
  const [ownerUser, otherUser, staffUser] = await Promise.all([
    createUser(t.ctx, { email: uniqueEmail('owner'), password: PASSWORD }),
    createUser(t.ctx, { email: uniqueEmail('other'), password: PASSWORD }),
    createUser(t.ctx, { email: uniqueEmail('staff'), password: PASSWORD, roles: [ROLE_STAFF] }),
  ]);
  // The staff member may open the debug pages (DEBUG_USER_IDS).
  Object.assign(t.ctx.config, { debugUserIds: [staffUser.id] });
  const sent = { count: 0 };
  const owner = await signedIn(t, 'owner', ownerUser);
  const base = { t, owner, sent };
  const { device, userDeviceId } = await registerUnit(base);
  const w0 = base as World;
  const puckSerial = await freePuck(t);
  const puck = (await ok(w0, owner, {
    method: 'POST',
    url: '/api/peripherals',
    body: { DeviceId: userDeviceId, SerialNumber: puckSerial, Name: 'Cooler', Location: 'Back' },
  })) as { Id: string };
  const notification = (await ok(w0, owner, {
    method: 'POST',
    url: '/api/notifications',
    body: {
      DeviceId: userDeviceId,
      AlarmType: 'TEMP',
      MessageType: 'EMAIL',
      MessageAddress: ownerUser.email_address,
    },
  })) as { Id: number };
  const address = (await ok(w0, owner, {
    method: 'POST',
    url: '/api/billingaddresses',
    body: {
      UserId: ownerUser.id,
      FirstName: 'Olive',
      LastName: 'Owner',
      Address1: '1 Main St',
      City: 'Springfield',
      State: 'IL',
      Zip: '62701',
    },
  })) as { Id: number };
  // The unit and its puck report, then, ten minutes later, the sub-account is given the unit:
  // none of these readings may reach the sub-account (device-management §5, §6).
  const start = t.ctx.now().getTime();
  const readingsBefore = [433, 347, 301].map((s) => new Date(start - s * 1000));
  const [first, second] = readingsBefore;
  const puckReading = { Id: puck.Id, Temperature: 38, BatteryLevel: 201 };
  await postReadings(t, device, [
    [first!, { Peripherals: [puckReading] }],
    [second!, { Peripherals: [puckReading] }],
  ]);
  t.advanceTime(10 * 60_000);
  const subUser = await createSubAccount(base, userDeviceId);
  const alarmPoint = await t.ctx.db
    .selectFrom('alarm_points')
    .select('id')
    .where('user_device_id', '=', userDeviceId)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  // The other customer has a unit and a puck of their own, so their answers are not empty.
  const otherDevice = await createDevice(t.ctx);
  await registerUserDevice(t.ctx, { userId: otherUser.id, deviceId: otherDevice.id });
  await attachPuck(t.ctx, otherDevice.id);
  const staff = await signedIn(t, 'staff', staffUser);
  return {
    t,
    owner,
    other: await signedIn(t, 'other customer', otherUser),
    sub: await signedIn(t, 'sub-account', subUser),
    staff,
    impersonation: {
      name: 'staff as the other customer',
      user: otherUser,
      token: await impersonationToken(t, staffUser, otherUser),
    },
    anonymous: { name: 'anonymous', user: null, token: null },
    device,
    userDeviceId,
    subUserDeviceId: subUser.userDeviceId,
    puck: { id: 0, serial: puck.Id },
    alarmPointId: alarmPoint.id,
    notificationId: notification.Id,
    billingAddressId: address.Id,
    readingsBefore: readingsBefore.map((at) => at.toISOString()),
    sent,
  };
}

/**
 * Everything the owner has, as rows: the owner and their sub-accounts, roles, billing addresses,
 * user devices (theirs and those given to sub-accounts), alarm points, notifications, the units
 * with their pucks, commands and readings. Tokens, login failures, mail and jobs are left out:
 * they change by design. Compared before and after a call to prove it changed nothing; the
 * caller's own user and billing rows are left out when the caller is one of the owner's sub-accounts.
 */
export async function ownerData(w: World, exceptUserId = 0): Promise<string> {
  const owner = w.owner.user.id;
  const rows = (table: string, where: string, order = 'x.id') =>
    sql`(SELECT json_agg(x ORDER BY ${sql.raw(order)}) FROM ${sql.raw(table)} x WHERE ${sql.raw(where)})`;
  const { data } = await sql<{ data: string }>`
    WITH u AS (SELECT id FROM users WHERE id = ${owner} OR parent_id = ${owner}),
    ud AS (SELECT id, device_id FROM user_devices WHERE user_id IN (SELECT id FROM u))
    SELECT json_build_object(
      'users', ${rows('users', `x.id IN (SELECT id FROM u) AND x.id <> ${exceptUserId}`)},
      'roles', ${rows('user_roles', `x.user_id IN (SELECT id FROM u) AND x.user_id <> ${exceptUserId}`, 'x.user_id, x.name')},
      'billing', ${rows('billing_addresses', `x.user_id IN (SELECT id FROM u) AND x.user_id <> ${exceptUserId}`)},
      -- A sub-account's browsers are its own (decision 082): the owner's are the owner's data.
      'push', ${rows('push_subscriptions', `x.user_id = ${owner}`)},
      'userDevices', ${rows('user_devices', 'x.id IN (SELECT id FROM ud)')},
      'alarmPoints', ${rows('alarm_points', 'x.user_device_id IN (SELECT id FROM ud)')},
      'notifications', ${rows('notifications', 'x.user_device_id IN (SELECT id FROM ud)')},
      'devices', ${rows('devices', 'x.id IN (SELECT device_id FROM ud)')},
      'pucks', ${rows('peripherals', 'x.device_id IN (SELECT device_id FROM ud)')},
      'commands', ${rows('device_commands', 'x.device_id IN (SELECT device_id FROM ud)')},
      'reports', ${rows('device_reports', 'x.device_id IN (SELECT device_id FROM ud)', 'x.device_id, x.report_timestamp')}
    )::text AS data`
    .execute(w.t.ctx.db)
    .then((result) => result.rows[0] ?? { data: '' });
  return data;
}
