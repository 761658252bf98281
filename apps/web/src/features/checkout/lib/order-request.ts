import type { z } from 'zod';
import type { OrderRequest } from '@monitor/contract/orders';
import { centsToDollars } from '@monitor/domain/shared/money';
import { joinPhoneParts } from '@monitor/domain/shared/phone';
import { isCanadianProvinceCode } from '@monitor/domain/shared/regions';
import { countCartUnits, type Cart, type CartItem } from '@monitor/domain/store/cart';
import type { CartTotals } from '@monitor/domain/store/cart-totals';
import { orderShippingType } from '@monitor/domain/store/shipping';
import {
  toBillingAddressInput,
  type BillingAddressValues,
} from '../../../entities/billing/lib/billing-address';

export type OrderRequestBody = z.input<typeof OrderRequest>;

export type OrderInput = {
  cart: Cart;
  /** The lines as charged (referral prices applied). */
  items: CartItem[];
  totals: CartTotals;
  email: string;
  billing: BillingAddressValues;
  /** The verified shipping address; the billing one for same-as-billing. */
  shipping: BillingAddressValues;
  card: { nonce: string; deviceData: string | null };
  /** Where instant updates (13) or the pet monitor upgrade (27) are credited. */
  userDeviceId: number | null;
  customerId: string | null;
  /** The site's brand: the one a guest buys from (a signed-in buyer's is their account's). */
  tenantId: number;
};

/** A Canadian address ships as international with its province as the state (§5). */
const provinceOf = (state: string) => (isCanadianProvinceCode(state) ? state : null);

/**
 * The body of POST /api/sales/ (store-and-public-site §3 "Order payload", "Checkout inputs"): the
 * buyer, both addresses, the card's nonce (never its number), the lines, the promo code and the
 * delivery method. The figures are the page's, informational only: the server prices the order.
 */
export function buildOrderRequest(input: OrderInput): OrderRequestBody {
  const billing = toBillingAddressInput(input.billing, 0);
  const shipping = toBillingAddressInput(input.shipping, 0);
  const dollars = centsToDollars;
  return {
    payer: {
      FirstName: billing.FirstName,
      LastName: billing.LastName,
      Email: input.email.trim(),
      phone: joinPhoneParts(input.billing.phone),
      Address1: billing.Address1,
      Address2: billing.Address2,
      City: billing.City,
      State: billing.State,
      Province: provinceOf(billing.State),
      Zip: billing.Zip,
      ShippingAddress1: shipping.Address1,
      ShippingAddress2: shipping.Address2,
      ShippingCity: shipping.City,
      ShippingState: shipping.State,
      ShippingZip: shipping.Zip,
      PaymentNonce: input.card.nonce,
      DeviceData: input.card.deviceData,
      CustomerId: input.customerId,
    },
    items: input.items.map((line) => ({
      ItemId: line.itemId,
      Quantity: line.quantity,
      UnitPrice: dollars(line.unitPrice),
      Weight: line.weight,
    })),
    discountCode: input.cart.promo?.code ?? null,
    ShippingType: orderShippingType(input.cart) ?? 'none',
    ...(input.userDeviceId === null ? {} : { UserDeviceId: input.userDeviceId }),
    TenantId: input.tenantId,
    TermsAccepted: true,
    quantity: countCartUnits(input.items),
    shipping: dollars(input.totals.shipping),
    subTotal: dollars(input.totals.subTotal),
    tax: dollars(input.totals.tax),
    grandTotal: dollars(input.totals.grandTotal),
  };
}

/** What makes two sends the same attempt: the body without the card's single-use nonce. */
export function attemptFingerprint(body: OrderRequestBody): string {
  const { PaymentNonce: _nonce, DeviceData: _data, ...payer } = body.payer;
  return JSON.stringify({ ...body, payer });
}
