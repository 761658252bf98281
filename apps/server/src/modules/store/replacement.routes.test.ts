import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';
import { createDevice, registerUserDevice } from '../../../test/helpers/devices';
import { bearer, createUser, signIn, type TestUser } from '../../../test/helpers/factories';
import { cardDecliningWith, GOOD_CARDS, nonceFor } from '../../../test/helpers/payments';
import { parseAdminCommand, runAdminCommand } from '../../admin/commands';
import { loadConfig } from '../../platform/config/config';
import {
  issueReplacementToken,
  REPLACEMENT_LINK_EXPIRED,
  REPLACEMENT_LINK_INVALID,
  REPLACEMENT_LINK_USED,
} from './replacement-tokens';

let address = 0;
const nextAddress = () => `10.2.0.${++address}`;

describe('the replacement offer (store-and-public-site §2 /deviceupgrade, §3, §4, §9; decision 045)', () => {
  let t: TestApp;
  let owner: TestUser;
  let other: TestUser;
  /** The owner's units: type 4 on carrier 1 (item 103), type 1 on carrier 2 (item 200). */
  let units: { serial: string; userDeviceId: number }[];
  let notEligibleSerial: string;
  let otherSerial: string;

  beforeAll(async () => {
    // Wednesday 10:00 in New York.
    t = await createTestApp({ start: new Date('2026-11-25T15:00:00Z') });
    owner = await createUser(t.ctx, { email: 'olive.owner@example.com' });
    other = await createUser(t.ctx);
    const professional = await createDevice(t.ctx, { deviceType: 4 });
    const standard = await createDevice(t.ctx, { deviceType: 1 });
    await t.ctx.db
      .updateTable('devices')
      .set({ device_nsp: 2 })
      .where('id', '=', standard.id)
      .execute();
    const carrier3 = await createDevice(t.ctx, { deviceType: 1 });
    await t.ctx.db
      .updateTable('devices')
      .set({ device_nsp: 3 })
      .where('id', '=', carrier3.id)
      .execute();
    units = [];
    for (const device of [professional, standard]) {
      const userDeviceId = await registerUserDevice(t.ctx, {
        userId: owner.id,
        deviceId: device.id,
      });
      units.push({ serial: device.serial, userDeviceId });
    }
    await registerUserDevice(t.ctx, { userId: owner.id, deviceId: carrier3.id });
    notEligibleSerial = carrier3.serial;
    const others = await createDevice(t.ctx, { deviceType: 4 });
    await registerUserDevice(t.ctx, { userId: other.id, deviceId: others.id });
    otherSerial = others.serial;
  });
  afterAll(() => t.close());

  const offer = (userId: number, token: string) =>
    t.app.inject({
      method: 'GET',
      url: `/api/verizonreplacement/${userId}?${new URLSearchParams({ token }).toString()}`,
      remoteAddress: nextAddress(),
    });

  const submit = async ({
    token,
    key = randomUUID(),
    items = [{ ItemId: 103, Quantity: 1, Serial: units[0]!.serial }],
    userId = owner.id,
    card = GOOD_CARDS.visa,
  }: {
    token: string;
    key?: string;
    items?: unknown[];
    userId?: number;
    card?: string;
  }) =>
    t.app.inject({
      method: 'POST',
      url: `/api/verizonreplacement/form/submit?${new URLSearchParams({ token }).toString()}`,
      remoteAddress: nextAddress(),
      headers: { 'idempotency-key': key },
      payload: {
        UserId: userId,
        RequestToken: token,
        priority: 1,
        BillingUser: 0,
        ShippingType: 'N',
        items,
        payer: {
          FirstName: 'Olive',
          LastName: 'Owner',
          Email: 'olive.owner@example.com',
          Address1: '1 Main St',
          City: 'Rochester',
          State: 'NY',
          Zip: '14614',
          PaymentNonce: await nonceFor(t.ctx, card),
        },
        TermsAccepted: true,
      },
    });

  const ordersOf = (userId: number) =>
    t.ctx.db
      .selectFrom('orders')
      .select(['id', 'source', 'shipping_type', 'shipping_cents', 'subtotal_cents'])
      .where('user_id', '=', userId)
      .execute();

  /** A token issued `secondsAgo` before the test clock. */
  const tokenFrom = async (userId: number, secondsAgo = 0) => {
    t.advanceTime(-secondsAgo * 1000);
    try {
      return await issueReplacementToken(t.ctx, userId);
    } finally {
      t.advanceTime(secondsAgo * 1000);
    }
  };

  it('puts the owner’s token in the VRPLink of each eligible device, and the link opens the offer (§2)', async () => {
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/users/${owner.id}/devices`,
      headers: bearer(await signIn(t.app, owner)),
    });
    const links = list
      .json<{ SerialNumber: string; VRPLink: string | null }[]>()
      .map((device) => [device.SerialNumber, device.VRPLink]);
    const [professional, standard] = units;
    const linkOf = (serial: string) => links.find(([s]) => s === serial)?.[1];
    expect(linkOf(notEligibleSerial)).toBeNull();
    expect(linkOf(professional!.serial)).toMatch(
      new RegExp(`^/deviceupgrade\\?customerid=${owner.id}&token=[0-9a-z]+\\.[\\w-]{43}&item=103$`),
    );
    expect(linkOf(standard!.serial)).toMatch(/&item=200$/);
    const token = new URL(linkOf(professional!.serial)!, 'http://x').searchParams.get('token')!;
    const answer = await offer(owner.id, token);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({
      Id: owner.id,
      FirstName: 'Test',
      LastName: 'User',
      EmailAddress: 'olive.owner@example.com',
      UnitPrice: 99,
      EligibleDevices: [
        expect.objectContaining({
          SerialNumber: professional!.serial,
          UserDeviceId: professional!.userDeviceId,
          DeviceNSP: 1,
          DeviceType: 4,
          ItemId: 103,
          Replace: true,
        }),
        expect.objectContaining({
          SerialNumber: standard!.serial,
          DeviceNSP: 2,
          DeviceType: 1,
          ItemId: 200,
          Replace: true,
        }),
      ],
    });
  });

  it('refuses a forged token, another user’s token and an expired one with 403 and its message', async () => {
    const token = await tokenFrom(owner.id);
    // One character of the signature changed, away from the last (whose low bits are padding).
    const at = token.length - 10;
    const forged = `${token.slice(0, at)}${token[at] === 'A' ? 'B' : 'A'}${token.slice(at + 1)}`;
    expect((await offer(owner.id, forged)).json()).toEqual({
      error: { code: 403, message: REPLACEMENT_LINK_INVALID },
    });
    const othersToken = await tokenFrom(other.id);
    const borrowed = await offer(owner.id, othersToken);
    expect(borrowed.statusCode).toBe(403);
    expect(borrowed.json().error.message).toBe(REPLACEMENT_LINK_INVALID);
    const old = await tokenFrom(owner.id, 31 * 24 * 3600);
    expect((await offer(owner.id, old)).json().error.message).toBe(REPLACEMENT_LINK_EXPIRED);
    const submitted = await submit({ token: othersToken });
    expect(submitted.statusCode).toBe(403);
    expect(await ordersOf(owner.id)).toEqual([]);
  });

  it('orders only the owner’s eligible devices, each once, with their own item (§3 Replacement request, §9)', async () => {
    const token = await tokenFrom(owner.id);
    const cases: [unknown[], string][] = [
      [
        [{ ItemId: 103, Quantity: 1, Serial: otherSerial }],
        `Device ${otherSerial} is not one of yours eligible for replacement.`,
      ],
      [
        [{ ItemId: 100, Quantity: 1, Serial: notEligibleSerial }],
        `Device ${notEligibleSerial} is not one of yours eligible for replacement.`,
      ],
      [
        [
          { ItemId: 103, Quantity: 1, Serial: units[0]!.serial },
          { ItemId: 103, Quantity: 1, Serial: units[0]!.serial.toLowerCase() },
        ],
        `Device ${units[0]!.serial.toLowerCase()} is listed more than once.`,
      ],
      [
        [{ ItemId: 100, Quantity: 1, Serial: units[0]!.serial }],
        `Item 100 is not the replacement for device ${units[0]!.serial}.`,
      ],
    ];
    for (const [items, message] of cases) {
      const response = await submit({ token, items });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toBe(message);
    }
    expect(await ordersOf(owner.id)).toEqual([]);
  });

  it('gives the link back when the card is declined: nothing changed, the same link still orders', async () => {
    const token = await tokenFrom(owner.id);
    const declined = await submit({ token, card: cardDecliningWith(10502) });
    expect(declined.statusCode).toBe(400);
    expect(await ordersOf(owner.id)).toEqual([]);
    expect((await offer(owner.id, token)).statusCode).toBe(200);
  });

  it('places the order at 99 a device, marks the token used, answers a repeat with the same order and refuses the link after (§3, §9)', async () => {
    const mailLink = await tokenFrom(owner.id, 3600);
    const token = await tokenFrom(owner.id);
    const key = randomUUID();
    const items = units.map((unit, i) => ({
      ItemId: i === 0 ? 103 : 200,
      Quantity: 1,
      Serial: unit.serial,
    }));
    const placed = await submit({ token, key, items });
    expect(placed.statusCode).toBe(200);
    const answer = placed.json<{ OrderNumber: string; OrderId: number }>();
    expect(answer).toEqual({ OrderNumber: expect.any(String), OrderId: expect.any(Number) });
    const lines = await t.ctx.db
      .selectFrom('order_lines')
      .select(['item_id', 'unit_price_cents', 'serial'])
      .where('order_id', '=', answer.OrderId)
      .orderBy('id')
      .execute();
    expect(lines).toEqual([
      { item_id: 103, unit_price_cents: 9900, serial: units[0]!.serial },
      { item_id: 200, unit_price_cents: 9900, serial: units[1]!.serial },
    ]);
    expect(await ordersOf(owner.id)).toEqual([
      // $99 a device, delivered: regular shipping at no charge (decision 045).
      {
        id: answer.OrderId,
        source: 'replacement',
        shipping_type: 'regularShipping',
        shipping_cents: 0,
        subtotal_cents: 19800,
      },
    ]);

    const repeat = await submit({ token, key, items });
    expect(repeat.json()).toEqual(answer);
    const again = await submit({ token, items });
    expect(again.statusCode).toBe(403);
    expect(again.json().error.message).toBe(REPLACEMENT_LINK_USED);
    expect((await offer(owner.id, token)).json().error.message).toBe(REPLACEMENT_LINK_USED);
    // A link issued before the order is retired with it: one order per offer.
    expect((await submit({ token: mailLink, items })).statusCode).toBe(403);
    expect(await ordersOf(owner.id)).toHaveLength(1);

    // A link issued after the order is a new offer.
    t.advanceTime(2000);
    expect((await offer(owner.id, await tokenFrom(owner.id))).statusCode).toBe(200);
  });

  it('e-mails an eligible owner the offer’s link from the admin command and prints it', async () => {
    const command = parseAdminCommand(['send-replacement-offer', String(owner.id)]);
    const printed = await runAdminCommand(t.ctx, command, { defaultTenantId: 2 });
    const link = /(http:\/\/localhost:3000\/deviceupgrade\?\S+)$/.exec(printed)?.[1];
    expect(printed).toMatch(/^E-mailed the replacement offer to olive.owner@example.com: /);
    expect(link).toMatch(new RegExp(`customerid=${owner.id}&token=[^&]+&item=103$`));
    const delivery = await t.ctx.db
      .selectFrom('deliveries')
      .select(['address', 'subject', 'body', 'kind'])
      .where('kind', '=', 'replacement-offer')
      .executeTakeFirstOrThrow();
    expect(delivery).toMatchObject({
      address: 'olive.owner@example.com',
      subject: expect.stringContaining('Replace your'),
    });
    expect(delivery.body).toContain(link);
    const token = new URL(link!).searchParams.get('token')!;
    expect((await offer(owner.id, token)).statusCode).toBe(200);

    await expect(
      runAdminCommand(
        t.ctx,
        parseAdminCommand(['send-replacement-offer', String(other.id + 1000)]),
        {
          defaultTenantId: 2,
        },
      ),
    ).rejects.toThrow(`No user has the id ${other.id + 1000}.`);
    const nobody = await createUser(t.ctx);
    await expect(
      runAdminCommand(t.ctx, parseAdminCommand(['send-replacement-offer', String(nobody.id)]), {
        defaultTenantId: 2,
      }),
    ).rejects.toThrow('has no device the replacement offer takes');
    expect(() => parseAdminCommand(['send-replacement-offer', 'x'])).toThrow(
      'send-replacement-offer takes one user id.',
    );
  });
});

describe('the replacement calls’ rate limit (decision 045)', () => {
  it('limits each address by RATE_LIMIT_STORE_WRITES, with a token or not', async () => {
    const t = await createTestApp({
      config: { rateLimits: { ...loadConfig({}).rateLimits, storeWrites: 2 } },
    });
    try {
      const owner = await createUser(t.ctx);
      const url = `/api/verizonreplacement/${owner.id}?token=${await issueReplacementToken(t.ctx, owner.id)}`;
      const send = (remoteAddress: string) => t.app.inject({ method: 'GET', url, remoteAddress });
      const codes = [];
      for (let i = 0; i < 3; i++) codes.push((await send('198.51.100.7')).statusCode);
      expect(codes).toEqual([200, 200, 429]);
      expect((await send('198.51.100.8')).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});
