import { useEffect } from 'react';
import type { Cents } from '@monitor/domain/shared/money';
import { useErrorModal } from '../../../components/ui/error-modal';
import {
  isTaxableZip,
  useCalculateSalesTax,
  type SalesTaxParams,
} from '../../../entities/billing/api/calculate-sales-tax';
import type { BillingAddressValues } from '../../../entities/billing/lib/billing-address';
import { ApiError } from '../../../lib/api-client';

/** Wording ours: the spec shows the server's message, and a call with no answer has none. */
const TAX_UNREACHABLE = 'Sales tax could not be calculated. Please try again.';

/**
 * The tax params of a verified address (store-and-public-site §4 "Tax"): enabled once Address1,
 * ZIP and State are filled, only for a ZIP of at least 5 characters; the amount is the cart's
 * subtotal after its discount, as one unit, shipping untaxed — what the server charges (decision 044).
 */
export function checkoutTaxParams(
  address: BillingAddressValues | null,
  amount: Cents,
): SalesTaxParams | null {
  if (!address?.address1.trim() || !address.state || !isTaxableZip(address.zip)) return null;
  return {
    zip: address.zip.trim(),
    state: address.state,
    city: address.city.trim(),
    street: address.address1.trim(),
    amount,
  };
}

/**
 * Keeps the cart's tax rate current after address verification and after every cart change (a new
 * amount is a new question); a failure shows the server's message and resets the tax (§7, §8).
 */
export function useCheckoutTax(
  params: SalesTaxParams | null,
  setTax: (zip: string | null, rate: number) => void,
) {
  const showError = useErrorModal();
  const query = useCalculateSalesTax(params);
  const zip = params?.zip ?? null;
  const rate = query.data?.Rate;
  useEffect(() => {
    if (zip !== null && rate !== undefined) setTax(zip, rate);
  }, [zip, rate, setTax]);
  const error = query.error;
  useEffect(() => {
    if (!error || zip === null) return;
    setTax(zip, 0);
    showError(error instanceof ApiError && error.status > 0 ? error.message : TAX_UNREACHABLE);
  }, [error, zip, setTax, showError]);
  return query;
}
