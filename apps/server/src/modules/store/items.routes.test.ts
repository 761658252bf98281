import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StoreItems } from '@monitor/contract/store';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';
import { findItemsByIds } from './items.repository';

describe('the catalogue (store-and-public-site §3 "Store item", §7, §9)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const get = async (url: string) => {
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    return StoreItems.parse(response.json());
  };

  it('lists the active items without a token, at /api/items/ with its trailing slash (§7)', async () => {
    const items = await get('/api/items/');
    expect(items.map((item) => item.ItemId)).toEqual([
      1, 11, 16, 17, 19, 21, 20, 22, 14, 15, 4, 7, 13, 27,
    ]);
    expect(items.every((item) => item.Active)).toBe(true);
    expect(items[0]).toEqual({
      ItemId: 1,
      StoreName: 'Cellular Monitor',
      Description: expect.stringContaining('cellular') as string,
      UnitPrice: 229,
      Weight: 16,
      Active: true,
      Accessory: false,
      MarcellProItem: false,
    });
  });

  it('answers getactive as /api/items/, and in dollars with cents (§3)', async () => {
    const active = await get('/api/items/getactive');
    expect(active).toEqual(await get('/api/items'));
    expect(active.find((item) => item.ItemId === 13)?.UnitPrice).toBe(1.99);
    expect(active.find((item) => item.ItemId === 4)).toMatchObject({ Accessory: true });
    expect(active.find((item) => item.ItemId === 19)).toMatchObject({ MarcellProItem: true });
  });

  it('lists every item with getall, the inactive replacement items 100–205 at $99 too (§9)', async () => {
    const all = await get('/api/items/getall');
    const replacements = all.filter((item) => item.ItemId >= 100);
    expect(replacements.map((item) => item.ItemId)).toEqual([
      100, 101, 102, 103, 104, 105, 200, 201, 202, 203, 204, 205,
    ]);
    expect(replacements.every((item) => !item.Active && item.UnitPrice === 99)).toBe(true);
    expect(all).toHaveLength(26);
  });

  it('finds items by id for pricing an order, an unknown id left out', async () => {
    const rows = await findItemsByIds(t.ctx.db, [4, 1, 999]);
    expect(rows.map((row) => [row.item_id, row.unit_price_cents])).toEqual([
      [1, 22900],
      [4, 3900],
    ]);
    expect(await findItemsByIds(t.ctx.db, [])).toEqual([]);
  });

  it('stops listing an item made inactive, which getall still lists', async () => {
    await t.ctx.db
      .updateTable('items')
      .set({ is_active: false })
      .where('item_id', '=', 7)
      .execute();
    expect((await get('/api/items/')).map((item) => item.ItemId)).not.toContain(7);
    expect((await get('/api/items/getall')).map((item) => item.ItemId)).toContain(7);
  });
});
