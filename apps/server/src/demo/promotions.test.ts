import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers/test-app';
import { DEMO_PROMOTIONS, ensureDemoPromotions } from './promotions';

describe('demo promotions (issue #15)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const codes = () =>
    t.ctx.db.selectFrom('promotions').select(['code', 'discount']).orderBy('code').execute();

  it('adds each demo code once and keeps an operator’s change on a later start', async () => {
    await ensureDemoPromotions(t.ctx);
    await t.ctx.db
      .updateTable('promotions')
      .set({ discount: -25 })
      .where('code', '=', 'SAVE15')
      .execute();
    await ensureDemoPromotions(t.ctx);
    const rows = await codes();
    for (const { code } of DEMO_PROMOTIONS)
      expect(rows.filter((row) => row.code === code)).toHaveLength(1);
    expect(rows.find((row) => row.code === 'SAVE15')?.discount).toBe(-25);
    // The §9 referral codes come from the migration, next to the demo ones.
    expect(rows.map((row) => row.code)).toContain('FL1704');
  });
});
