import { Text } from '@mantine/core';
import { formatCents, type Cents } from '@monitor/domain/shared/money';
import {
  LegalTermsModal,
  type LegalTermsModalProps,
} from '../../../components/ui/legal-terms-modal';

/** The legal terms agreed before an order (store-and-public-site §2 "Modals", §4); wording ours. */
export function OrderTermsModal({
  brandName,
  total,
  ...props
}: LegalTermsModalProps & { brandName: string; total: Cents }) {
  return (
    <LegalTermsModal {...props} termsLabel="Terms of sale" agreeLabel="Agree and place order">
      <Text size="sm">
        You are buying from {brandName}. Your card is charged{' '}
        <Text span fw={700} inherit>
          {formatCents(total)}
        </Text>
        , the total shown, once the order is placed; prices, discounts, shipping and tax are
        confirmed by our system when the order is recorded.
      </Text>
      <Text size="sm">
        Monitors need an active monitoring subscription, chosen when you register the device in your
        account. Instant updates and upgrades are credited to the device you chose and are not
        refundable once used.
      </Text>
      <Text size="sm">
        Unused products may be returned within 30 days as our returns page describes. Delivery dates
        are estimates from the carrier and are not guaranteed.
      </Text>
    </LegalTermsModal>
  );
}
