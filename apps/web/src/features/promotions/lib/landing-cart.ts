import type { StoreItem } from '@monitor/contract/store';
import type { Cents } from '@monitor/domain/shared/money';

/**
 * What a landing page puts in the cart: one unit of a catalogue item at `unitPrice` (the
 * referral price for the standard device), with the promotion code to apply when there is one.
 * The page that composes the landing (app/routes) hands it to the cart and opens /cart.
 */
export type LandingCartAddition = {
  item: StoreItem;
  unitPrice: Cents;
  promoCode: string | null;
};

export type AddFromLanding = (addition: LandingCartAddition) => void | Promise<void>;
