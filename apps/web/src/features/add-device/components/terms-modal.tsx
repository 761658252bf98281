import { Text } from '@mantine/core';
import {
  LegalTermsModal,
  type LegalTermsModalProps,
} from '../../../components/ui/legal-terms-modal';

/** The legal terms agreed before a device is saved (accounts-devices-billing §2, §5); wording ours. */
export function TermsModal({ brandName, ...props }: LegalTermsModalProps & { brandName: string }) {
  return (
    <LegalTermsModal {...props} termsLabel="Terms of service" agreeLabel="Agree and register">
      <Text size="sm">
        By registering this device you subscribe to the {brandName} monitoring service for the plan
        you chose. The service reports readings and sends the alarms you set up while the device has
        power, a cellular signal and an active subscription; it does not replace on-site
        supervision.
      </Text>
      <Text size="sm">
        Subscriptions renew at the end of each billing period until you suspend them. Charges
        already made are not refunded for a partial period. You may change your plan, card or alarm
        settings at any time from your account.
      </Text>
      <Text size="sm">
        Alarm messages are delivered through e-mail, text and phone carriers we do not control;
        delivery is not guaranteed. Keep your contact details up to date.
      </Text>
    </LegalTermsModal>
  );
}
