import type { Cents } from '@monitor/domain/shared/money';
import { dollarsToCents } from '@monitor/domain/shared/money';
import { ApiError } from '../../../lib/api-client';
import { isTaxableZip, useCalculateSalesTax } from '../api/calculate-sales-tax';
import type { BillingAddressValues } from '../lib/billing-address';

export type SalesTaxState = {
  /** The tax in cents; null while none is known (no verified address, short ZIP, failure). */
  tax: Cents | null;
  isCalculating: boolean;
  /** The server's message when the calculation failed (§8 "Sales tax failure"). */
  error: string | null;
};

/** Wording ours: the spec shows the server's message, and a call with no answer has none. */
const TAX_UNREACHABLE = 'Sales tax could not be calculated. Please try again.';

/**
 * The sales tax on one period's subtotal at a VERIFIED address (accounts-devices-billing §5: verify
 * first; tax only when the ZIP has at least 5 characters, else no tax). A failure shows the
 * server's message and resets the tax (§8).
 */
export function useSalesTax({
  address,
  amount,
}: {
  /** The address after verification; null until it is verified. */
  address: BillingAddressValues | null;
  amount: Cents | null;
}): SalesTaxState {
  const params =
    address && amount !== null && isTaxableZip(address.zip)
      ? {
          zip: address.zip.trim(),
          state: address.state,
          city: address.city.trim(),
          street: address.address1.trim(),
          amount,
        }
      : null;
  const query = useCalculateSalesTax(params);
  if (!params) return { tax: null, isCalculating: false, error: null };
  if (query.isError) {
    const error = query.error;
    const message = error instanceof ApiError && error.status > 0 ? error.message : TAX_UNREACHABLE;
    return { tax: null, isCalculating: false, error: message };
  }
  return {
    tax: query.data ? dollarsToCents(query.data.Tax) : null,
    isCalculating: query.isFetching && !query.data,
    error: null,
  };
}
