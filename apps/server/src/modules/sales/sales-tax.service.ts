import { isZipLongEnoughForTax } from '@monitor/domain/store/cart-totals';
import {
  centsToDollars,
  multiplyCents,
  ZERO_CENTS,
  type Cents,
} from '@monitor/domain/shared/money';
import { TaxDestinationRefused, type TaxDestination } from '../../adapters/tax/sales-tax';
import type { AppContext } from '../../context';
import { AppError, badRequest } from '../../platform/errors';

/** Wording ours: the spec shows the server's message when the tax call fails (accounts-devices-billing §8). */
export const SALES_TAX_FAILED = 'An error occurred calculating sales tax. Please try again.';

/** The port's refusal is the caller's mistake (400); anything else is the service's (502). */
async function asked<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof TaxDestinationRefused) throw badRequest(error.message);
    throw new AppError(502, SALES_TAX_FAILED);
  }
}

export type TaxCalculation = {
  /** The tax to collect. */
  taxCents: Cents;
  /** The combined rate applied, a fraction; 0 where the brand has no nexus. */
  rate: number;
  /** What was taxed: amount × quantity, plus shipping where it is taxable. */
  taxableCents: Cents;
  hasNexus: boolean;
};

/**
 * The sales tax on `quantity` units of `amountCents` each plus `shippingCents`, sent to `address`
 * (accounts-devices-billing §5, §7; store-and-public-site §7). The caller passes a plan's period
 * subtotal (§9 "tax subtotal is amount times frequency": `computePlanSubtotal`). A ZIP shorter
 * than 5 characters is not taxed (§5 "Tax is calculated only when the ZIP has at least 5
 * characters") and asks no one. A destination the tax service refuses (an unknown ZIP, a ZIP in
 * another state) is a 400 saying why; a service that did not answer, a 502.
 */
export async function calculateTax(
  ctx: AppContext,
  {
    address,
    amountCents,
    shippingCents = ZERO_CENTS,
    quantity = 1,
  }: { address: TaxDestination; amountCents: Cents; shippingCents?: Cents; quantity?: number },
): Promise<TaxCalculation> {
  if (!isZipLongEnoughForTax(address.zip))
    return { taxCents: ZERO_CENTS, rate: 0, taxableCents: ZERO_CENTS, hasNexus: false };
  return asked(() =>
    ctx.tax.taxForOrder({
      to: address,
      amountCents: multiplyCents(amountCents, quantity),
      shippingCents,
    }),
  );
}

/** The rate charged at a ZIP (GET /api/taxrates): 0 outside the nexus states. */
export async function getTaxRate(ctx: AppContext, zip: string) {
  const rate = await asked(() => ctx.tax.rateForZip(zip));
  return { Zip: rate.zip, State: rate.state, Rate: rate.rate, HasNexus: rate.hasNexus };
}

/** The states the brand collects sales tax in (GET /api/taxrates/getNexusStates). */
export function getNexusStates(ctx: AppContext): Promise<string[]> {
  return asked(() => ctx.tax.nexusStates());
}

/** calculateTax's answer in dollars, as the web app reads amounts (store-and-public-site §7). */
export function toSalesTaxAnswer(tax: TaxCalculation) {
  return {
    Tax: centsToDollars(tax.taxCents),
    TaxableAmount: centsToDollars(tax.taxableCents),
    Rate: tax.rate,
    HasNexus: tax.hasNexus,
  };
}
