import type { AppContext } from '../context';

/**
 * The demo's promotion codes, so every rule of the cart can be tried on a fresh start
 * (store-and-public-site §3 "Promotion", §5, §9): a percentage off, an amount off, free shipping,
 * a shipping discount, an expired code and an expired referral landing. The §9 referral codes
 * themselves are seeded by migration 020 for every install.
 */
export const DEMO_PROMOTIONS = [
  { code: 'SAVE15', description: '15% off the order', discount: -15 },
  { code: 'TAKE20', description: '$20 off the order', discount: 20 },
  { code: 'FREESHIP', description: 'Free regular shipping', free_shipping: true },
  { code: 'SHIPHALF', description: 'Half off shipping', shipping_discount: -50 },
  {
    code: 'OLDDEAL',
    description: 'An expired offer',
    discount: -10,
    expiration_date: '2025-01-31',
  },
  {
    code: 'WINTER25',
    description: 'An expired referral price',
    device_price_cents: 16900,
    expiration_date: '2025-03-31',
  },
] as const;

/** Adds the demo promotions that are not there yet; an operator's changes to them are kept. */
export async function ensureDemoPromotions(ctx: AppContext): Promise<void> {
  await ctx.db
    .insertInto('promotions')
    .values(DEMO_PROMOTIONS.map((promotion) => ({ ...promotion })))
    .onConflict((conflict) => conflict.column('code').doNothing())
    .execute();
}
