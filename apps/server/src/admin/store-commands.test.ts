import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers/test-app';
import { parseAdminCommand, runAdminCommand, UsageError } from './commands';

// The test clock starts at 2026-11-22T12:00:00Z: the 22nd in New York.
describe('store commands: items, promotions, contacts and news sign-ups (issue #15, decision 042)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  const run = (...argv: string[]) =>
    runAdminCommand(t.ctx, parseAdminCommand(argv), { defaultTenantId: 2 });
  const items = async () =>
    (await t.app.inject({ method: 'GET', url: '/api/items/' })).json<
      { ItemId: number; UnitPrice: number; StoreName: string }[]
    >();
  const validate = (PromoCode: string) =>
    t.app.inject({ method: 'POST', url: '/api/promotions/validate', body: { PromoCode } });

  it('lists every item with its price, weight and flags', async () => {
    const lines = (await run('list-items')).split('\n');
    expect(lines).toHaveLength(26);
    expect(lines[0]).toBe('#1 Cellular Monitor: $229.00, 16 oz, active, device');
    expect(lines).toContain('#4 Wireless Sensor Puck: $39.00, 2 oz, active, accessory');
    expect(lines).toContain('#19 Professional Monitor: $349.00, 18 oz, active, device, pro');
    expect(lines).toContain(
      '#100 Replacement Monitor (Carrier 1): $99.00, 16 oz, inactive, device',
    );
  });

  it('changes an item, and the store answers the new price and name', async () => {
    expect(await run('set-item', '4', '--price', '42.50', '--name', 'Sensor Puck')).toBe(
      'Changed #4 Sensor Puck: $42.50, 2 oz, active, accessory',
    );
    expect((await items()).find((item) => item.ItemId === 4)).toMatchObject({
      UnitPrice: 42.5,
      StoreName: 'Sensor Puck',
    });
  });

  it('takes an item off the store with --active false, and back', async () => {
    await run('set-item', '7', '--active', 'false');
    expect((await items()).map((item) => item.ItemId)).not.toContain(7);
    await run('set-item', '7', '--active', 'true');
    expect((await items()).map((item) => item.ItemId)).toContain(7);
  });

  it('adds an item with a new id, listed last, when given a name and a price', async () => {
    expect(
      await run(
        'set-item',
        '30',
        '--name',
        'Probe Extension Cable',
        '--price',
        '19.95',
        '--weight',
        '4',
        '--accessory',
        'true',
        '--pro',
        'true',
      ),
    ).toBe('Added #30 Probe Extension Cable: $19.95, 4 oz, active, accessory, pro');
    expect((await items()).at(-1)).toMatchObject({ ItemId: 30, UnitPrice: 19.95 });
    await expect(run('set-item', '31', '--price', '5')).rejects.toThrow(
      'No item has the id 31: adding it needs --name and --price.',
    );
  });

  it.each([
    [['set-item'], 'set-item takes one item id.'],
    [['set-item', '4'], 'set-item: give at least one change.'],
    [['set-item', 'x', '--price', '1'], 'ITEM_ID: must be an item id'],
    [['set-item', '4', '--price', '9.999'], '--price: must be dollars such as 229.00'],
    [['set-item', '4', '--active', 'yes'], '--active: must be true or false'],
    [['set-item', '4', '--weight', '-1'], '--weight: must be 0 or more ounces'],
    [['create-promotion'], '--code is required.'],
    [['create-promotion', '--code', 'X', '--discount', '-0.5'], '--discount: must be an amount'],
    [['create-promotion', '--code', 'X', '--discount', '-150'], '--discount: must be an amount'],
    [['create-promotion', '--code', 'X', '--discount', '0'], '--discount: must be an amount'],
    [['create-promotion', '--code', 'X', '--shipping-discount', '-101'], '--shipping-discount:'],
    [['create-promotion', '--code', 'A B', '--discount', '5'], '--code: must be 1 to 40'],
    [['create-promotion', '--code', 'X', '--expires', '2026-02-30'], '--expires: must be a date'],
    [['expire-promotion'], 'expire-promotion takes one promotion code.'],
    [['list-items', 'extra'], 'Unexpected argument: extra'],
    [['list-contacts', '--count', '0'], '--count: must be 1 or more'],
  ])('refuses %j with a message the operator can act on', (argv, message) => {
    expect(() => parseAdminCommand(argv)).toThrow(UsageError);
    expect(() => parseAdminCommand(argv)).toThrow(message);
  });

  it('creates a promotion the validate call then answers, its code upper-cased', async () => {
    expect(
      await run(
        'create-promotion',
        '--code',
        'winter20',
        '--discount',
        '-20',
        '--expires',
        '2026-12-31',
      ),
    ).toMatch(/^Created #\d+ WINTER20: 20% off the order; through 2026-12-31; in force$/);
    const response = await validate('WINTER20');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ Discount: -20, ExpirationDate: '2026-12-31' });
  });

  it('creates shipping, free-shipping and referral promotions', async () => {
    expect(await run('create-promotion', '--code', 'SHIP7', '--shipping-discount', '7.50')).toMatch(
      /SHIP7: \$7\.50 off shipping; never expires; in force$/,
    );
    expect(await run('create-promotion', '--code', 'FREESHIP', '--free-shipping')).toMatch(
      /FREESHIP: free shipping; never expires; in force$/,
    );
    expect(await run('create-promotion', '--code', 'FRIEND', '--device-price', '169')).toMatch(
      /FRIEND: device at \$169\.00; never expires; in force$/,
    );
    const referral = await t.app.inject({
      method: 'GET',
      url: '/api/promotions/getReferralPromo?promoCode=friend',
    });
    expect(referral.json()).toMatchObject({ PromoCode: 'FRIEND', DevicePrice: 169 });
  });

  it('refuses a promotion with no benefit, one already expired and a code taken (§5)', async () => {
    await expect(run('create-promotion', '--code', 'EMPTY')).rejects.toThrow(
      'A promotion must give something: --discount, --shipping-discount, --free-shipping or --device-price.',
    );
    await expect(
      run('create-promotion', '--code', 'LATE', '--discount', '5', '--expires', '2026-11-21'),
    ).rejects.toThrow('--expires 2026-11-21 is before today (2026-11-22, New York).');
    await expect(run('create-promotion', '--code', 'sun', '--discount', '5')).rejects.toThrow(
      'A promotion with the code SUN exists already.',
    );
    expect((await validate('EMPTY')).statusCode).toBe(404);
  });

  it('expires a promotion as of yesterday in New York: validation refuses it from then on', async () => {
    expect((await validate('SUN')).statusCode).toBe(200);
    expect(await run('expire-promotion', 'sun')).toMatch(
      /^Expired #\d+ SUN: device at \$174\.00; through 2026-11-21; expired$/,
    );
    expect((await validate('SUN')).statusCode).toBe(404);
    expect(await run('expire-promotion', 'SUN')).toMatch(/^SUN had already expired/);
    await expect(run('expire-promotion', 'NOSUCH')).rejects.toThrow(
      'No promotion has the code NOSUCH.',
    );
  });

  it('lists every promotion with its state today, expired ones too', async () => {
    const lines = (await run('list-promotions')).split('\n');
    expect(lines).toContainEqual(expect.stringMatching(/ SUN: .*; expired$/));
    expect(lines).toContainEqual(
      expect.stringMatching(/ CLVG: device at \$199\.00; never expires; in force$/),
    );
    expect(lines).toContainEqual(expect.stringMatching(/ WINTER20: /));
  });

  it('lists contact messages and news sign-ups, newest first', async () => {
    expect(await run('list-contacts')).toBe('No contact messages.');
    expect(await run('list-interested')).toBe('No news sign-ups.');
    for (const Name of ['First Writer', 'Second Writer'])
      await t.app.inject({
        method: 'POST',
        url: '/api/contactus',
        body: {
          TenantId: 3,
          Name,
          Email: 'writer@example.com',
          Phone: '5855550199',
          Message: 'Line one.\nLine two.',
        },
      });
    await t.app.inject({
      method: 'POST',
      url: '/api/interestedcustomers',
      body: { EmailAddress: 'fan@example.com', TenantId: 4 },
    });
    const contacts = (await run('list-contacts')).split('\n');
    expect(contacts).toHaveLength(2);
    expect(contacts[0]).toMatch(
      /^#\d+ 2026-11-22T12:00:00\.000Z tenant 3 Second Writer \(writer@example\.com, 15855550199\): Line one\. Line two\.$/,
    );
    expect(await run('list-contacts', '--count', '1')).not.toContain('First Writer');
    expect(await run('list-interested')).toMatch(
      /^#\d+ 2026-11-22T12:00:00\.000Z tenant 4 fan@example\.com$/,
    );
  });
});
