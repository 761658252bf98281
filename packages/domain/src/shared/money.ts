/**
 * Money in whole cents. The brand keeps a dollar amount (or any other number) from being passed
 * where cents are meant; convert at the edge with `dollarsToCents` and show with `formatCents`.
 */
export type Cents = number & { readonly __brand: 'Cents' };

/** Marks a whole number of cents, rounding a stray fraction (conventions: money in integer cents; store-and-public-site §9). */
export function cents(n: number): Cents {
  if (!Number.isFinite(n)) throw new RangeError(`Not an amount of money: ${n}`);
  return Math.round(n) as Cents;
}

/** Converts dollars, as the spec writes prices (174.95), to cents, rounding half away from zero (store-and-public-site §9). */
export function dollarsToCents(dollars: number): Cents {
  if (!Number.isFinite(dollars)) throw new RangeError(`Not an amount of money: ${dollars}`);
  // toFixed avoids 174.95 * 100 = 17494.999…
  const rounded = Number((Math.abs(dollars) * 100).toFixed(6));
  return (Math.sign(dollars) * Math.round(rounded) || 0) as Cents;
}

/** Converts cents back to dollars for an outside service that wants a decimal amount (store-and-public-site §7). */
export function centsToDollars(amount: Cents): number {
  return amount / 100;
}

/**
 * Shows an amount as US dollars, `$1,234.50` or `-$5.00` (store-and-public-site §2 "checkout
 * summary"), as `Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' })` does (a test
 * holds the two equal). Written out because a browser's first currency formatter costs 15–30 ms
 * of loading locale data, one long task on a phone at the store's first paint (issue #25).
 */
export function formatCents(amount: Cents): string {
  const sign = amount < 0 ? '-' : '';
  const whole = Math.abs(amount);
  const dollars = String(Math.floor(whole / 100)).replace(/\B(?=(\d{3})+$)/g, ',');
  return `${sign}$${dollars}.${String(whole % 100).padStart(2, '0')}`;
}

/** Adds amounts of money, as the cart totals do (store-and-public-site §9). */
export function addCents(...amounts: Cents[]): Cents {
  return amounts.reduce<number>((sum, a) => sum + a, 0) as Cents;
}

/** Multiplies an amount by a quantity or a factor, rounding to the cent (store-and-public-site §9). */
export function multiplyCents(amount: Cents, factor: number): Cents {
  return cents(amount * factor);
}

/** Zero cents (store-and-public-site §9). */
export const ZERO_CENTS = 0 as Cents;
