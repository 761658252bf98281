import { ACCOUNT_ALERT_MESSAGES } from '@monitor/domain/shared/account-messages';
import { useReactivateSubscriptionMutation } from '../api/reactivate-subscription';
import { CardFormModal } from './card-form-modal';

/**
 * Reactivating a suspended subscription whose paid service still runs (accounts-devices-billing
 * §4, card-vault variant): a card payment form, then the subscription saved with the nonce and
 * the device data, and the tab reloaded. When the subscription has a card on file (the server's
 * `PaymentCard`) that card is offered first: the server reactivates with it when no nonce comes.
 */
export function ReactivateCardModal({
  opened,
  onClose,
  subscriptionId,
  customerId,
  cardLabel,
}: {
  opened: boolean;
  onClose: () => void;
  subscriptionId: number;
  customerId: string | null;
  /** The card on file as the tab shows it ('Visa ending in 1111, expires 12/2030'), or null. */
  cardLabel: string | null;
}) {
  const mutation = useReactivateSubscriptionMutation();
  return (
    <CardFormModal
      opened={opened}
      onClose={onClose}
      title="Reactivate subscription"
      description={
        cardLabel
          ? "Choose the card to pay for this device's monitoring from its next billing date."
          : "Enter the card to pay for this device's monitoring from its next billing date."
      }
      submitLabel="Reactivate"
      customerId={customerId}
      onSubmit={(card) =>
        mutation.mutateAsync({
          subscriptionId,
          PaymentNonce: card.nonce,
          DeviceData: card.deviceData,
        })
      }
      cardOnFile={
        cardLabel
          ? { label: cardLabel, onPay: () => mutation.mutateAsync({ subscriptionId }) }
          : undefined
      }
      savedMessage="Your subscription is active again."
      closeDelayMs={1000}
      failureMessage={ACCOUNT_ALERT_MESSAGES.updateSubscriptionFailed}
    />
  );
}
