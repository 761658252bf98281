import { ACCOUNT_ALERT_MESSAGES } from '@monitor/domain/shared/account-messages';
import { useReactivateSubscriptionMutation } from '../api/reactivate-subscription';
import { CardFormModal } from './card-form-modal';

/**
 * Reactivating a suspended subscription whose paid service still runs (accounts-devices-billing
 * §4, card-vault variant): a card payment form, then the subscription saved with the nonce and
 * the device data, and the tab reloaded.
 */
export function ReactivateCardModal({
  opened,
  onClose,
  subscriptionId,
  customerId,
}: {
  opened: boolean;
  onClose: () => void;
  subscriptionId: number;
  customerId: string | null;
}) {
  const mutation = useReactivateSubscriptionMutation();
  return (
    <CardFormModal
      opened={opened}
      onClose={onClose}
      title="Reactivate subscription"
      description="Enter the card to pay for this device's monitoring from its next billing date."
      submitLabel="Reactivate"
      customerId={customerId}
      onSubmit={(card) =>
        mutation.mutateAsync({
          subscriptionId,
          PaymentNonce: card.nonce,
          DeviceData: card.deviceData,
        })
      }
      savedMessage="Your subscription is active again."
      closeDelayMs={1000}
      failureMessage={ACCOUNT_ALERT_MESSAGES.updateSubscriptionFailed}
    />
  );
}
