import { useDefaultBillingAddress } from '../../../entities/billing/api/get-default-billing-address';
import type { CheckoutBuyer } from '../lib/checkout-cart';
import { CheckoutForm, type CheckoutProps } from './checkout-form';
import { LoadingStatus } from '../../../components/ui/loading-status';

/**
 * The checkout of /cart. A signed-in buyer's billing address starts from their default one
 * (issue #24 item 7), so the form waits for it; a guest's starts empty.
 */
export function Checkout(props: CheckoutProps) {
  if (!props.buyer) return <CheckoutForm {...props} storedAddress={null} />;
  return <SignedInCheckout {...props} buyer={props.buyer} />;
}

function SignedInCheckout(props: CheckoutProps & { buyer: CheckoutBuyer }) {
  const address = useDefaultBillingAddress(props.buyer.Id);
  if (address.isPending) {
    return <LoadingStatus>Loading your billing details…</LoadingStatus>;
  }
  return <CheckoutForm {...props} storedAddress={address.data} />;
}
