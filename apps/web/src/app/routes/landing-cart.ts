import { useNavigate } from 'react-router';
import { useCart } from '../../features/cart/hooks/use-cart';
import type { AddFromLanding } from '../../features/promotions/lib/landing-cart';

/**
 * Where the landing pages meet the cart (features do not import each other): one unit of the
 * item at the landing's price, the promotion code kept for the cart (it applies once a delivery
 * method is chosen, §4 "Promo"), then the cart page. A refusal is alerted by the cart itself.
 */
export function useAddFromLanding(): AddFromLanding {
  const cart = useCart();
  const navigate = useNavigate();
  return ({ item, unitPrice, promoCode }) => {
    const isAdded = cart.add({
      itemId: item.ItemId,
      quantity: 1,
      weight: item.Weight,
      unitPrice,
    });
    if (!isAdded) return;
    if (promoCode) cart.rememberPromoCode(promoCode);
    void navigate('/cart');
  };
}
