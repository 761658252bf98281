import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { computeCartTotals } from '@monitor/domain/store/cart-totals';
import { cents } from '@monitor/domain/shared/money';
import {
  STORE_CART_MESSAGES,
  STORE_PROMOTION_MESSAGES,
} from '@monitor/domain/shared/store-messages';
import { createTestApp, type TestApp, TEST_RATE_LIMITS } from '../../../test/helpers/test-app';
import { createDevice, registerUserDevice } from '../../../test/helpers/devices';
import { createUser, injectAs, signIn } from '../../../test/helpers/factories';
import { cardDecliningWith, GOOD_CARDS, nonceFor } from '../../../test/helpers/payments';
import { PaymentProcessorUnavailable } from '../../adapters/payments/payment-processor';
import { calculateTax } from '../sales/sales-tax.service';
import { quoteShipping } from './shipping.service';
import { ORDER_CHARGE_IN_FLIGHT_MS } from './orders.service';

let address = 0;
/** Each call from its own client address, so the per-address limit counts only where a test means it. */
const nextAddress = () => `10.1.${Math.floor(++address / 250)}.${(address % 250) + 1}`;

describe('POST /api/sales/ and the order history (store-and-public-site §4 Checkout, §7; decision 044)', () => {
  let t: TestApp;

  beforeAll(async () => {
    // Wednesday 10:00 in New York: before the afternoon cutoff.
    t = await createTestApp({ start: new Date('2026-11-25T15:00:00Z') });
    await t.ctx.db
      .insertInto('promotions')
      .values([
        { code: 'TENOFF', discount: -10 },
        { code: 'FIVER', discount: 5 },
        { code: 'SHIPFREE', discount: null, free_shipping: true },
        { code: 'OLDCODE', discount: -20, expiration_date: '2026-11-24' },
      ])
      .execute();
  });
  afterAll(() => t.close());

  const payer = async (overrides: Record<string, unknown> = {}) => ({
    FirstName: 'Ada',
    LastName: 'Buyer',
    Email: 'ada.buyer@example.com',
    phone: '5855550100',
    Address1: '1 Main St',
    City: 'Rochester',
    State: 'NY',
    Zip: '14614',
    PaymentNonce: await nonceFor(t.ctx, GOOD_CARDS.visa),
    ...overrides,
  });

  const order = async ({
    body = {},
    payerFields = {},
    key = randomUUID(),
    token = null,
    remoteAddress = nextAddress(),
  }: {
    body?: Record<string, unknown>;
    payerFields?: Record<string, unknown>;
    key?: string;
    token?: string | null;
    remoteAddress?: string;
  } = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/sales/',
      remoteAddress,
      headers: { 'idempotency-key': key, ...(token && { authorization: `Bearer ${token}` }) },
      payload: {
        payer: await payer(payerFields),
        items: [{ ItemId: 4, Quantity: 1 }],
        ShippingType: 'regularShipping',
        TermsAccepted: true,
        ...body,
      },
    });

  const countOrders = async (key: string) =>
    (
      await t.ctx.db
        .selectFrom('orders')
        .select(sql<number>`count(*)::int`.as('n'))
        .where('idempotency_key', '=', key)
        .executeTakeFirstOrThrow()
    ).n;
  const chargesFor = (key: string) =>
    t.ctx.db.selectFrom('charges').selectAll().where('charge_key', '=', `order:${key}`).execute();
  const salesFor = (key: string) =>
    t.ctx.db
      .selectFrom('local_processor_transactions')
      .selectAll()
      .where('order_id', '=', `order:${key}`)
      .execute();

  it('prices two units and a puck overnight with a percentage promo from its own tables, ignoring the client’s figures (§4 Checkout, §9)', async () => {
    const key = randomUUID();
    const response = await order({
      key,
      body: {
        items: [
          { ItemId: 1, Quantity: 2, UnitPrice: 0.01, Weight: 0 },
          { ItemId: 4, Quantity: 1, UnitPrice: 0.01 },
        ],
        ShippingType: 'overnightShipping',
        discountCode: 'tenoff',
        quantity: 3,
        shipping: 0,
        subTotal: 0.03,
        tax: 0,
        grandTotal: 0.03,
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    const placed = response.json();

    const items = [
      { itemId: 1, quantity: 2, unitPrice: cents(22900), weight: 16 },
      { itemId: 4, quantity: 1, unitPrice: cents(3900), weight: 2 },
    ];
    const quote = await quoteShipping(t.ctx, {
      items,
      toZip: '14614',
      method: 'overnightShipping',
    });
    const subTotal = 2 * 22900 + 3900;
    const discount = Math.round(subTotal * 0.1);
    const tax = await calculateTax(t.ctx, {
      address: { zip: '14614', state: 'NY' },
      amountCents: cents(subTotal - discount),
    });
    const expected = computeCartTotals({
      items,
      promo: {
        id: 0,
        code: 'TENOFF',
        discount: { kind: 'percent', percent: 10 },
        shippingDiscount: null,
        freeShipping: false,
        devicePrice: null,
        expirationDate: null,
      },
      shippingType: 'overnightShipping',
      shippingCost: quote.shippingCents,
      taxRate: tax.rate,
      zipCode: '14614',
    });
    expect(tax.rate).toBeGreaterThan(0);
    expect(placed).toMatchObject({
      Status: 'paid',
      SubTotal: subTotal / 100,
      Discount: discount / 100,
      Shipping: expected.shipping / 100,
      Tax: expected.tax / 100,
      GrandTotal: expected.grandTotal / 100,
      ShippingType: 'overnightShipping',
      DeliveryDate: quote.deliveryDate,
      DiscountCode: 'TENOFF',
      Lines: [
        { ItemId: 1, Quantity: 2, UnitPrice: 229, Amount: 458 },
        { ItemId: 4, Quantity: 1, UnitPrice: 39, Amount: 39 },
      ],
    });
    expect(placed.OrderNumber).toMatch(/^\d{6,}$/);
    const [charge] = await chargesFor(key);
    expect(charge).toMatchObject({
      kind: 'order',
      status: 'succeeded',
      amount_cents: expected.grandTotal,
      order_id: placed.OrderId,
      user_id: null,
    });
    const sales = await salesFor(key);
    expect(sales.map((sale) => sale.amount_cents)).toEqual([expected.grandTotal]);
  });

  it('queues one confirmation e-mail with the order number, lines, totals and delivery date (§4 Checkout)', async () => {
    const response = await order({
      body: { items: [{ ItemId: 7, Quantity: 2 }] },
      payerFields: { Email: 'mail.check@example.com', FirstName: 'Grace' },
    });
    expect(response.statusCode, response.body).toBe(200);
    const placed = response.json();
    const mails = await t.ctx.db
      .selectFrom('deliveries')
      .selectAll()
      .where('kind', '=', 'order-confirmation')
      .where('address', '=', 'mail.check@example.com')
      .execute();
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail!.subject).toContain(placed.OrderNumber);
    expect(mail!.body).toContain(`Your order number is ${placed.OrderNumber}.`);
    expect(mail!.body).toContain('2 × Water Sensor Cable at $29.00: $58.00');
    expect(mail!.body).toContain(`Total charged: $${placed.GrandTotal.toFixed(2)}`);
    expect(mail!.body).toMatch(/Expected delivery: \w+day, /);
    expect(mail!.html_body).toContain(placed.OrderNumber);
  });

  it('answers the same order to a repeated submit with the same Idempotency-Key and charges once (§4 Checkout)', async () => {
    const key = randomUUID();
    const payerFields = { Email: 'twice@example.com' };
    const first = await order({ key, payerFields });
    const again = await order({ key, payerFields });
    expect(first.statusCode).toBe(200);
    expect(again.statusCode).toBe(200);
    expect(again.json().OrderNumber).toBe(first.json().OrderNumber);
    expect(await countOrders(key)).toBe(1);
    expect(await chargesFor(key)).toHaveLength(1);
    expect(await salesFor(key)).toHaveLength(1);
    const mails = await t.ctx.db
      .selectFrom('deliveries')
      .select('id')
      .where('address', '=', 'twice@example.com')
      .execute();
    expect(mails).toHaveLength(1);
  });

  it('places one order and one charge for two submits arriving at once (§4 Checkout)', async () => {
    const key = randomUUID();
    const [a, b] = await Promise.all([order({ key }), order({ key })]);
    expect(a.statusCode, a.body).toBe(200);
    expect(b.statusCode, b.body).toBe(200);
    expect(a.json().OrderNumber).toBe(b.json().OrderNumber);
    expect(await countOrders(key)).toBe(1);
    expect(await chargesFor(key)).toHaveLength(1);
    expect(await salesFor(key)).toHaveLength(1);
  });

  it('refuses an Idempotency-Key sent again with a different request, 422, charging nothing more (issue #22)', async () => {
    const key = randomUUID();
    const first = await order({ key });
    expect(first.statusCode).toBe(200);
    const refusals = [
      await order({ key, payerFields: { Email: 'someone.else@example.com' } }),
      await order({ key, body: { items: [{ ItemId: 1, Quantity: 2 }] } }),
    ];
    for (const refused of refusals) {
      expect(refused.statusCode).toBe(422);
      expect(refused.json()).toEqual({
        error: {
          code: 422,
          message:
            'This Idempotency-Key was used for a different order. Send a new key for a new order.',
        },
      });
    }
    expect(await countOrders(key)).toBe(1);
    expect(await chargesFor(key)).toHaveLength(1);
    expect(await salesFor(key)).toHaveLength(1);
    // The request as first sent still answers its order.
    expect((await order({ key })).json().OrderNumber).toBe(first.json().OrderNumber);
  });

  it('answers a declined test card with a 400 carrying processorErrors and places no order (§8 payment error filter)', async () => {
    const key = randomUUID();
    const declined = await order({
      key,
      payerFields: { PaymentNonce: await nonceFor(t.ctx, cardDecliningWith(10502)) },
    });
    expect(declined.statusCode).toBe(400);
    expect(declined.json().error.processorErrors).toEqual([
      expect.objectContaining({ code: 10502 }),
    ]);
    expect(await countOrders(key)).toBe(0);
    expect(await chargesFor(key)).toEqual([expect.objectContaining({ status: 'declined' })]);
    const again = await order({ key });
    expect(again.statusCode).toBe(400);
    expect(await countOrders(key)).toBe(0);
  });

  it('settles a charge whose answer was lost from the processor’s record instead of charging again (decision 044)', async () => {
    const key = randomUUID();
    const realSale = t.ctx.payments.sale.bind(t.ctx.payments);
    const lost = vi.spyOn(t.ctx.payments, 'sale').mockImplementationOnce(async (input) => {
      await realSale(input);
      throw new PaymentProcessorUnavailable('answer lost');
    });
    const first = await order({ key });
    lost.mockRestore();
    expect(first.statusCode).toBe(503);
    expect(await countOrders(key)).toBe(0);
    t.advanceTime(ORDER_CHARGE_IN_FLIGHT_MS + 1000);
    const again = await order({ key });
    expect(again.statusCode, again.body).toBe(200);
    expect(await countOrders(key)).toBe(1);
    expect(await salesFor(key)).toHaveLength(1);
    expect((await chargesFor(key))[0]).toMatchObject({ status: 'succeeded' });
  });

  describe('instant updates and the pet monitor (§4, §5; decision 044)', () => {
    let owner: Awaited<ReturnType<typeof createUser>>;
    let token: string;
    let userDeviceId: number;

    beforeAll(async () => {
      owner = await createUser(t.ctx);
      token = await signIn(t.app, owner);
      const device = await createDevice(t.ctx);
      userDeviceId = await registerUserDevice(t.ctx, { userId: owner.id, deviceId: device.id });
    });

    /** The owner's entitlement entries in the audit log (issue #22), oldest first. */
    const grants = () =>
      t.ctx.db
        .selectFrom('audit_events')
        .select(['action', 'actor_id', 'detail'])
        .where('user_id', '=', owner.id)
        .where('action', 'like', 'entitlement.%')
        .orderBy('id')
        .execute();

    it('credits 5 instant updates bought signed in to the caller’s device, with nothing shipped (§4)', async () => {
      const response = await order({
        token,
        body: {
          items: [{ ItemId: 13, Quantity: 5 }],
          ShippingType: 'regularShipping',
          UserDeviceId: userDeviceId,
        },
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({
        ShippingType: 'none',
        Shipping: 0,
        DeliveryDate: null,
        SubTotal: 9.95,
        Credited: { UserDeviceId: userDeviceId, InstantUpdates: 5, PetMonitor: false },
      });
      const row = await t.ctx.db
        .selectFrom('user_devices')
        .select('instant_updates')
        .where('id', '=', userDeviceId)
        .executeTakeFirstOrThrow();
      expect(row.instant_updates).toBe(5);
      // The grant is in the audit log with the order that paid for it (issue #22).
      const { OrderId, OrderNumber } = response.json<{ OrderId: number; OrderNumber: string }>();
      expect(await grants()).toEqual([
        {
          action: 'entitlement.instant-updates',
          actor_id: owner.id,
          detail: { count: 5, userDeviceId, orderId: OrderId, orderNumber: OrderNumber },
        },
      ]);
    });

    it('credits nothing and records no grant when the card is declined (issue #22)', async () => {
      const before = await grants();
      const declined = await order({
        token,
        payerFields: { PaymentNonce: await nonceFor(t.ctx, cardDecliningWith(10502)) },
        body: {
          items: [{ ItemId: 13, Quantity: 2 }],
          ShippingType: 'none',
          UserDeviceId: userDeviceId,
        },
      });
      expect(declined.statusCode).toBe(400);
      expect(await grants()).toEqual(before);
    });

    it('turns the pet monitor on for the caller’s device (item 27)', async () => {
      const response = await order({
        token,
        body: {
          items: [{ ItemId: 27, Quantity: 1 }],
          ShippingType: 'none',
          UserDeviceId: userDeviceId,
        },
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().Credited).toMatchObject({ PetMonitor: true });
      expect((await grants()).at(-1)).toEqual({
        action: 'entitlement.pet-monitor',
        actor_id: owner.id,
        detail: {
          on: true,
          userDeviceId,
          orderId: response.json().OrderId,
          orderNumber: response.json().OrderNumber,
        },
      });
    });

    it('sells the pet monitor once per unit: a second upgrade, or 3 in one order, is refused and charges nothing (issue #22)', async () => {
      const cases = [
        {
          quantity: 1,
          device: userDeviceId,
          status: 409,
          message: 'This device already has the pet monitor upgrade.',
        },
        {
          quantity: 3,
          device: userDeviceId,
          status: 400,
          message: 'The pet monitor upgrade is one per device: set its quantity to 1.',
        },
      ];
      for (const { quantity, device, status, message } of cases) {
        const key = randomUUID();
        const response = await order({
          key,
          token,
          body: {
            items: [{ ItemId: 27, Quantity: quantity }],
            ShippingType: 'none',
            UserDeviceId: device,
          },
        });
        expect(response.statusCode).toBe(status);
        expect(response.json().error.message).toBe(message);
        expect(await chargesFor(key)).toHaveLength(0);
      }
      expect((await grants()).filter((g) => g.action === 'entitlement.pet-monitor')).toHaveLength(
        1,
      );
    });

    it('refuses to credit another user’s device, and charges nothing (§4)', async () => {
      const stranger = await createUser(t.ctx);
      const key = randomUUID();
      const response = await order({
        key,
        token: await signIn(t.app, stranger),
        body: {
          items: [{ ItemId: 13, Quantity: 1 }],
          ShippingType: 'none',
          UserDeviceId: userDeviceId,
        },
      });
      expect(response.statusCode).toBe(403);
      expect(await chargesFor(key)).toHaveLength(0);
    });

    it('refuses instant updates to a guest and with other items, with the store’s messages (§5, §8)', async () => {
      const guest = await order({
        body: {
          items: [{ ItemId: 13, Quantity: 1 }],
          ShippingType: 'none',
          UserDeviceId: userDeviceId,
        },
      });
      expect(guest.statusCode).toBe(400);
      expect(guest.json().error.message).toBe(STORE_CART_MESSAGES.instantUpdatesNeedLogin);
      const mixed = await order({
        token,
        body: {
          items: [
            { ItemId: 13, Quantity: 1 },
            { ItemId: 4, Quantity: 1 },
          ],
          UserDeviceId: userDeviceId,
        },
      });
      expect(mixed.statusCode).toBe(400);
      expect(mixed.json().error.message).toBe(STORE_CART_MESSAGES.instantUpdatesAlone);
    });

    it('lists the caller’s own orders newest first, and refuses anyone else’s (decision 044)', async () => {
      const response = await injectAs(t.app, token, 'GET', `/api/users/${owner.id}/orders`);
      expect(response.statusCode).toBe(200);
      const orders = response.json<{ OrderId: number; Lines: { ItemId: number }[] }[]>();
      expect(orders.map((placed) => placed.Lines[0]!.ItemId)).toEqual([27, 13]);
      expect(orders[0]!.OrderId).toBeGreaterThan(orders[1]!.OrderId);
      const stranger = await createUser(t.ctx);
      const other = await injectAs(
        t.app,
        await signIn(t.app, stranger),
        'GET',
        `/api/users/${owner.id}/orders`,
      );
      expect(other.statusCode).toBe(403);
    });
  });

  describe('promotions (§5, §9)', () => {
    it('takes a fixed amount off the subtotal', async () => {
      const response = await order({ body: { discountCode: 'FIVER' } });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({ SubTotal: 39, Discount: 5 });
    });

    it('ships free with a free-shipping promo on regular shipping', async () => {
      const response = await order({ body: { discountCode: 'SHIPFREE' } });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({ Shipping: 0, DiscountCode: 'SHIPFREE' });
    });

    it('refuses a free-shipping promo with overnight shipping (§5)', async () => {
      const key = randomUUID();
      const response = await order({
        key,
        body: { discountCode: 'SHIPFREE', ShippingType: 'overnightShipping' },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toBe(
        STORE_CART_MESSAGES.freeShippingPromoRefusedOvernight,
      );
      expect(await chargesFor(key)).toHaveLength(0);
    });

    it('refuses an expired or unknown code as an invalid promotion (§5)', async () => {
      for (const code of ['OLDCODE', 'NOSUCHCODE']) {
        const response = await order({ body: { discountCode: code } });
        expect(response.statusCode, code).toBe(400);
        expect(response.json().error.message).toBe(STORE_PROMOTION_MESSAGES.invalidPromotion);
      }
    });

    it('sells the standard device at a referral code’s price (§9)', async () => {
      const response = await order({
        body: { items: [{ ItemId: 1, Quantity: 1 }], discountCode: 'CLVG' },
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({
        SubTotal: 199,
        Lines: [{ ItemId: 1, UnitPrice: 199 }],
      });
    });
  });

  describe('cart and delivery rules (§4, §5)', () => {
    it('refuses no delivery method when something ships (§4 Shipping type)', async () => {
      const response = await order({ body: { ShippingType: 'none' } });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toBe(STORE_CART_MESSAGES.selectDeliveryMethod);
    });

    it('refuses a store order for a brand without a store, and charges nothing (§1; issue #22)', async () => {
      for (const tenantId of [4, 5] as const) {
        const before = await t.ctx.db.selectFrom('charges').select('id').execute();
        const response = await order({ body: { TenantId: tenantId } });
        expect(response.statusCode).toBe(403);
        const brand = t.ctx.brands[tenantId];
        expect(response.json().error.message).toBe(
          `${brand.name} does not sell online. Please contact us on ${brand.phone} to order.`,
        );
        expect(await t.ctx.db.selectFrom('charges').select('id').execute()).toEqual(before);
      }
    });

    it('asks for a call above the call-for-rate threshold, with the brand’s phone (§5, §8)', async () => {
      const response = await order({ body: { items: [{ ItemId: 1, Quantity: 6 }], TenantId: 2 } });
      expect(response.statusCode).toBe(400);
      const phone = t.ctx.brands[2].phone;
      expect(response.json().error.message).toBe(
        STORE_CART_MESSAGES.callForShippingRate.replace('{phone}', phone),
      );
    });

    it('refuses bundled units with other items, an inactive item and a replacement item (§5, §9)', async () => {
      const bundled = await order({
        body: {
          items: [
            { ItemId: 14, Quantity: 1 },
            { ItemId: 4, Quantity: 1 },
          ],
        },
      });
      expect(bundled.json().error.message).toBe(STORE_CART_MESSAGES.bundledUnitsRestriction);
      for (const ItemId of [100, 999]) {
        const response = await order({ body: { items: [{ ItemId, Quantity: 1 }] } });
        expect(response.statusCode, String(ItemId)).toBe(400);
        expect(response.json().error.message).toBe(`Item ${ItemId} is not for sale.`);
      }
    });

    it('ships to a Canadian postal code as international with the province as its state, untaxed (§5)', async () => {
      const response = await order({
        payerFields: {
          ShippingAddress1: '24 Sussex Dr',
          ShippingCity: 'Ottawa',
          ShippingState: 'ON',
          ShippingZip: 'k1a 0b1',
        },
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({ Tax: 0 });
      const row = await t.ctx.db
        .selectFrom('orders')
        .select(['shipping_zip', 'shipping_state', 'is_international'])
        .where('id', '=', response.json().OrderId)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ shipping_zip: 'K1A0B1', shipping_state: 'ON', is_international: true });
    });

    it('refuses an order without the legal terms agreed (§2 Modals)', async () => {
      const response = await order({ body: { TermsAccepted: false } });
      expect(response.statusCode).toBe(400);
    });
  });
});

describe('the order call’s rate limit (store-and-public-site §7, decision 042)', () => {
  let t: TestApp;
  const limit = 3;

  beforeAll(async () => {
    const open = 100_000;
    t = await createTestApp({
      config: {
        rateLimits: {
          ...TEST_RATE_LIMITS,
          anonymousCalls: open,
          login: open,
          registration: open,
          passwordReset: open,
          deviceAuthFailures: open,
          salesChecks: open,
          storeWrites: limit,
        },
      },
    });
  });
  afterAll(() => t.close());

  it('limits orders per client address, session or not', async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= limit; i += 1) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/sales/',
        remoteAddress: '10.9.9.9',
        payload: {},
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([400, 400, 400, 429]);
  });
});
