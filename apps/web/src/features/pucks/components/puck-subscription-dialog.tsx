import { useRef, useState } from 'react';
import { Alert, Button, Group, Modal, Stack, Table, Text } from '@mantine/core';
import type { PeripheralSubscriptionDetails } from '@monitor/contract/peripheral-billing';
import { dollarsToCents, formatCents } from '@monitor/domain/shared/money';
import { ACCOUNT_ALERT_MESSAGES } from '@monitor/domain/shared/account-messages';
import { DEVICE_MANAGEMENT_MESSAGES } from '@monitor/domain/shared/device-messages';
import { errorMessageFor } from '../../../lib/api-client';
import { formatFriendlyDate } from '../../../lib/format';
import {
  CardFields,
  type CardFieldsHandle,
} from '../../../entities/payment/components/card-fields';
import { PaymentErrorAlert } from '../../../entities/payment/components/payment-error-alert';
import { usePaymentErrors } from '../../../entities/payment/hooks/use-payment-errors';
import { useCustomerId } from '../api/get-customer-id';
import { usePeripheralSubscriptionDetails } from '../api/get-peripheral-subscription-details';
import { useUserCreditCardInfo } from '../api/get-user-credit-card-info';
import { submitPeripheralUpfrontCharge } from '../api/submit-peripheral-upfront-charge';
import { updatePeripheralRecurringPayment } from '../api/update-peripheral-recurring-payment';
import { LoadingStatus } from '../../../components/ui/loading-status';

export const PUCK_SUBSCRIPTION_TITLE = 'Add the SPuck to your subscription';

const money = (dollars: number) => formatCents(dollarsToCents(dollars));

/** The monthly amount once this puck is counted: the plan's part plus every attached puck's. */
const newMonthly = (details: PeripheralSubscriptionDetails) =>
  (details.PlanMonthlyAmount ?? 0) + details.PuckCount * details.PuckMonthlyAmount;

/** What is charged today: each puck the server says awaits payment (issue #22), no other count. */
const dueToday = (details: PeripheralSubscriptionDetails) =>
  details.PucksAwaitingPayment * details.PuckUpfrontAmount;

const pucksLabel = (count: number) => `${count} SPuck${count === 1 ? '' : 's'}`;

export type PuckSubscriptionDialogProps = {
  opened: boolean;
  userId: number;
  userDeviceId: number;
  /** Device types 6 and 7: invoiced, no card; only the recurring amount changes (device-management §4, §6). */
  isBillable: boolean;
  /** True while the puck is being removed after Cancel. */
  isCancelling: boolean;
  /** The dialog's result false: the puck is removed (device-management §4). */
  onCancel: () => void;
  /** The dialog's result true: paid and the recurring payment updated; the flow goes on to step 2. */
  onPaid: () => void;
};

function Amounts({
  details,
  isBillable,
}: {
  details: PeripheralSubscriptionDetails;
  isBillable: boolean;
}) {
  return (
    <Table aria-label="SPuck charges" withRowBorders={false} verticalSpacing={4}>
      <Table.Tbody>
        {!isBillable && (
          <Table.Tr>
            <Table.Th scope="row" fw={400}>
              Due today ({pucksLabel(details.PucksAwaitingPayment)})
            </Table.Th>
            <Table.Td ta="right">{money(dueToday(details))}</Table.Td>
          </Table.Tr>
        )}
        <Table.Tr>
          <Table.Th scope="row" fw={400}>
            Added to your monthly amount
          </Table.Th>
          <Table.Td ta="right">{money(details.PuckMonthlyAmount)} / month</Table.Td>
        </Table.Tr>
        <Table.Tr>
          <Table.Th scope="row">New monthly amount</Table.Th>
          <Table.Td ta="right" fw={700}>
            {money(newMonthly(details))} / month
          </Table.Td>
        </Table.Tr>
      </Table.Tbody>
    </Table>
  );
}

/**
 * The add-SPuck wizard's subscription dialog (device-management §4 "Add puck flow"): step 1 the
 * details, step 2 the payment — the upfront charge (the card on file for a user with a customer
 * id, else a card in the processor's fields), then, once a TransactionId returns, the recurring
 * payment updated and the dialog closes with true. Types 6 and 7 (billed) only update the recurring
 * amount. Refusals through the payment error filter (§8); Cancel removes the puck.
 */
export function PuckSubscriptionDialog({
  opened,
  userId,
  userDeviceId,
  isBillable,
  isCancelling,
  onCancel,
  onPaid,
}: PuckSubscriptionDialogProps) {
  const details = usePeripheralSubscriptionDetails(userDeviceId, { enabled: opened });
  const customer = useCustomerId(userId, { enabled: opened && !isBillable });
  const customerId = customer.data?.CustomerId ?? null;
  const cardInfo = useUserCreditCardInfo(userId, {
    enabled: opened && !isBillable && customerId !== null,
  });
  const [isNewCard, setIsNewCard] = useState(false);
  const [isWorking, setIsWorking] = useState(false);
  const [isCharged, setIsCharged] = useState(false);
  const [recurringError, setRecurringError] = useState<string | null>(null);
  const card = useRef<CardFieldsHandle>(null);
  const payment = usePaymentErrors();
  const isBusy = isWorking || isCancelling;

  async function updateRecurring() {
    setRecurringError(null);
    try {
      await updatePeripheralRecurringPayment(userDeviceId);
      onPaid();
    } catch (error) {
      setRecurringError(errorMessageFor(error, ACCOUNT_ALERT_MESSAGES.updateSubscriptionFailed));
    }
  }

  async function pay({ withNewCard, quantity }: { withNewCard: boolean; quantity: number }) {
    if (isBusy) return;
    payment.clear();
    setIsWorking(true);
    // A new attempt, a new key: a retry after a refusal must not answer the refusal again.
    const idempotencyKey = crypto.randomUUID();
    try {
      const nonce = withNewCard ? (await card.current!.tokenize()).nonce : undefined;
      const charge = await submitPeripheralUpfrontCharge({
        userDeviceId,
        quantity,
        paymentNonce: nonce,
        idempotencyKey,
      });
      if (!charge.TransactionId) {
        payment.fail(new Error('no transaction'), DEVICE_MANAGEMENT_MESSAGES.paymentFailed);
        return;
      }
      setIsCharged(true);
      await updateRecurring();
    } catch (error) {
      payment.fail(error, DEVICE_MANAGEMENT_MESSAGES.paymentFailed);
    } finally {
      setIsWorking(false);
    }
  }

  async function addToInvoice() {
    setIsWorking(true);
    try {
      await updateRecurring();
    } finally {
      setIsWorking(false);
    }
  }

  const isLoading =
    details.isPending ||
    (!isBillable && (customer.isPending || (customerId !== null && cardInfo.isPending)));
  const showCardFields = !isBillable && (customerId === null || isNewCard);
  const cardOnFile = cardInfo.data?.CreditCardNumber
    ? `${cardInfo.data.CreditCardType ?? 'Card'} ending in ${cardInfo.data.CreditCardNumber.slice(-4)}`
    : 'your card on file';

  let body;
  if (details.isError) {
    body = (
      <Alert color="red" role="alert">
        {ACCOUNT_ALERT_MESSAGES.subscriptionDetailsFailed(
          errorMessageFor(details.error, DEVICE_MANAGEMENT_MESSAGES.peripheralServerError),
        )}
      </Alert>
    );
  } else if (isLoading || !details.data) {
    body = <LoadingStatus>Loading subscription details…</LoadingStatus>;
  } else if (details.data.SubscriptionId === null) {
    body = (
      <Text>
        An SPuck on this device needs a monitoring subscription. The subscription is set up from the
        device&apos;s Subscription page. This SPuck will be removed for now; add it again once the
        subscription is in place.
      </Text>
    );
  } else {
    const info = details.data;
    body = (
      <Stack gap="md">
        <Text>
          {isBillable
            ? 'This device is billed by invoice: the SPuck is added to its monitoring subscription and appears on your next invoice.'
            : 'An SPuck is paid for once when it is added, and adds to the monthly amount of this device’s monitoring subscription.'}
        </Text>
        <Amounts details={info} isBillable={isBillable} />
        {info.NextBillingDate && (
          <Text size="sm" c="dimmed">
            The new monthly amount applies from {formatFriendlyDate(info.NextBillingDate)}.
          </Text>
        )}
        {!isBillable && !showCardFields && (
          <Text>
            We will charge {money(dueToday(info))} to {cardOnFile}.
          </Text>
        )}
        {showCardFields && (
          <CardFields ref={card} customerId={customerId} flags={payment.outcome?.flags} />
        )}
        <PaymentErrorAlert outcome={payment.outcome} />
        {recurringError && (
          <Alert color="red" role="alert">
            {recurringError}
          </Alert>
        )}
      </Stack>
    );
  }

  const info = details.data;
  const canPay = info !== undefined && info.SubscriptionId !== null && !isLoading;
  let confirm = null;
  if (canPay && isCharged) {
    confirm = (
      <Button onClick={() => void addToInvoice()} loading={isWorking}>
        Try again
      </Button>
    );
  } else if (canPay && isBillable) {
    confirm = (
      <Button onClick={() => void addToInvoice()} loading={isWorking} disabled={isCancelling}>
        Add to my subscription
      </Button>
    );
  } else if (canPay) {
    confirm = (
      <Button
        onClick={() =>
          void pay({ withNewCard: showCardFields, quantity: info.PucksAwaitingPayment })
        }
        loading={isWorking}
        disabled={isCancelling}
      >
        Pay {money(dueToday(info))}
      </Button>
    );
  }

  return (
    <Modal
      opened={opened}
      onClose={() => {
        if (!isWorking && !isCharged) onCancel();
      }}
      title={PUCK_SUBSCRIPTION_TITLE}
      size="lg"
      centered
      closeOnClickOutside={false}
    >
      {body}
      <Group justify="flex-end" mt="lg" gap="sm">
        {!isCharged && (
          <Button variant="default" onClick={onCancel} loading={isCancelling} disabled={isWorking}>
            Cancel
          </Button>
        )}
        {canPay && !isBillable && !isCharged && customerId !== null && !isNewCard && (
          <Button variant="subtle" onClick={() => setIsNewCard(true)} disabled={isBusy}>
            Use another card
          </Button>
        )}
        {confirm}
      </Group>
    </Modal>
  );
}
