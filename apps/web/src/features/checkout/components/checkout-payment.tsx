import type { RefObject } from 'react';
import { Button, Group, Stack } from '@mantine/core';
import type { Cents } from '@monitor/domain/shared/money';
import {
  CardFields,
  type CardFieldsHandle,
} from '../../../entities/payment/components/card-fields';
import { PaymentErrorAlert } from '../../../entities/payment/components/payment-error-alert';
import type { usePaymentErrors } from '../../../entities/payment/hooks/use-payment-errors';
import { useBrand } from '../../../lib/brand-context';
import type { CheckoutPhase } from '../hooks/use-checkout-submission';
import { OrderTermsModal } from './order-terms-modal';
import { LoadingStatus } from '../../../components/ui/loading-status';

/**
 * The card in the payment adapter's fields with the payment error filter's message, Cancel and
 * Place order, and the legal terms that name the total charged (store-and-public-site §4
 * "Checkout", §8 "Payment error filter"). Props one by one, not the submission: the card's ref
 * inside it would make every read of it a ref read during render (react-hooks/refs).
 */
export function CheckoutPayment({
  phase,
  isWorking,
  outcome,
  cardRef,
  customerId,
  total,
  isRating,
  onCancel,
  onCheckOut,
  onCloseTerms,
  onAgree,
}: {
  phase: CheckoutPhase;
  isWorking: boolean;
  outcome: ReturnType<typeof usePaymentErrors>['outcome'];
  cardRef: RefObject<CardFieldsHandle | null>;
  customerId: string | null | undefined;
  total: Cents;
  /** A postage rate is being fetched: the total is not known yet. */
  isRating: boolean;
  onCancel: () => void;
  onCheckOut: () => void;
  onCloseTerms: () => void;
  onAgree: () => void;
}) {
  const brand = useBrand();
  return (
    <>
      <Stack gap="sm">
        <PaymentErrorAlert outcome={outcome} />
        <CardFields ref={cardRef} customerId={customerId} flags={outcome?.flags} />
      </Stack>
      {phase === 'ordering' && <LoadingStatus>Placing your order…</LoadingStatus>}
      <Group justify="space-between">
        <Button variant="default" onClick={onCancel} disabled={isWorking}>
          Cancel
        </Button>
        <Button onClick={onCheckOut} loading={isWorking} disabled={isRating}>
          Place order
        </Button>
      </Group>
      <OrderTermsModal
        opened={phase === 'terms'}
        brandName={brand.name}
        total={total}
        onCancel={onCloseTerms}
        onAgree={onAgree}
      />
    </>
  );
}
