import { parsePostalCode } from '@monitor/domain/shared/postal-codes';
import type { CheckoutPayer } from '@monitor/contract/orders';
import { badRequest } from '../../platform/errors';

export type OrderAddress = {
  address1: string;
  address2: string | null;
  city: string;
  /** The state, or for a Canadian postal code the province (§5). */
  state: string | null;
  /** The ZIP as parsed (a Canadian postal code upper-cased, no space), or as typed when it is neither. */
  zip: string;
  isInternational: boolean;
};

export type OrderAddresses = { billing: OrderAddress; shipping: OrderAddress | null };

function address(
  parts: { address1: string; address2?: string | null; city: string; zip: string },
  { state, province }: { state?: string | null; province?: string | null },
): OrderAddress {
  const postal = parsePostalCode(parts.zip);
  const isInternational = postal?.country === 'CA';
  return {
    address1: parts.address1,
    address2: parts.address2 || null,
    city: parts.city,
    // A Canadian postal code ships as international with the province as its state (§5).
    state: (isInternational ? province || state : state || province) || null,
    zip: postal?.code ?? parts.zip.trim(),
    isInternational,
  };
}

/**
 * The billing address and, when something ships, the shipping address of an order: the payer's
 * Shipping… fields, or the billing address when none are given (same-as-billing). The shipping
 * ZIP must be a US ZIP or a Canadian postal code (store-and-public-site §5); the billing ZIP is
 * checked by the address verification before checkout.
 */
export function orderAddresses(
  payer: CheckoutPayer,
  { ships }: { ships: boolean },
): OrderAddresses {
  const billing = address(
    { address1: payer.Address1, address2: payer.Address2, city: payer.City, zip: payer.Zip },
    { state: payer.State, province: payer.Province },
  );
  if (!ships) return { billing, shipping: null };
  const shipping = payer.ShippingAddress1
    ? address(
        {
          address1: payer.ShippingAddress1,
          address2: payer.ShippingAddress2,
          city: payer.ShippingCity ?? '',
          zip: payer.ShippingZip ?? '',
        },
        { state: payer.ShippingState, province: payer.ShippingState },
      )
    : billing;
  if (!shipping.city) throw badRequest('ShippingCity is required.');
  if (!parsePostalCode(shipping.zip)) {
    throw badRequest('ShippingZip: enter a US ZIP or a Canadian postal code.');
  }
  return { billing, shipping };
}
