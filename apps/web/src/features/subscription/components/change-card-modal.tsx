import { ACCOUNT_ALERT_MESSAGES } from '@monitor/domain/shared/account-messages';
import { useUpdateCreditCardMutation } from '../api/update-credit-card';
import { CardFormModal } from './card-form-modal';

/** The change-card modal closes 2 s after the card is saved (accounts-devices-billing §9). */
export const CARD_SAVED_CLOSE_MS = 2000;

/**
 * The change credit card modal (accounts-devices-billing §2, §4): the new card, as a nonce, for
 * every card subscription of the user; the server leaves a cancelled profile's card alone.
 */
export function ChangeCardModal({
  opened,
  onClose,
  userId,
  customerId,
}: {
  opened: boolean;
  onClose: () => void;
  userId: number;
  customerId: string | null;
}) {
  const mutation = useUpdateCreditCardMutation();
  return (
    <CardFormModal
      opened={opened}
      onClose={onClose}
      title="Change credit card"
      description="The new card pays for every monitoring subscription on your account."
      submitLabel="Save card"
      customerId={customerId}
      onSubmit={(card) =>
        mutation.mutateAsync({
          UserId: userId,
          PaymentNonce: card.nonce,
          DeviceData: card.deviceData,
        })
      }
      savedMessage="Your card was saved."
      closeDelayMs={CARD_SAVED_CLOSE_MS}
      failureMessage={ACCOUNT_ALERT_MESSAGES.updateSubscriptionFailed}
    />
  );
}
