import { CART_REFUSAL_MESSAGES, type LineRoom } from '@monitor/domain/store/cart';

/** What the store's add answers a product card: the line's room when it would pass 10 (issue #24). */
export type StoreAddAnswer = { isAdded: boolean; lineRoom: LineRoom | null };

/**
 * The card's words for an add that would take its line past 10: what the cart holds and how many
 * more fit, before our limit message ({phone} still to fill with the brand's). The item's name is
 * not made plural: names such as 'Cellular Monitor (Carrier 2)' have no safe plural.
 */
export function describeLineLimit(storeName: string, { inCart, addable }: LineRoom): string {
  const cause =
    addable > 0
      ? `Your cart already holds ${inCart} of the ${storeName}; you can add up to ${addable} more.`
      : `Your cart already holds ${inCart} of the ${storeName}.`;
  return `${cause} ${CART_REFUSAL_MESSAGES.lineOverLimit}`;
}
