import { useRef, useState } from 'react';
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import type { BillingAddress } from '@monitor/contract/billing-addresses';
import type { OldProfileSubscription } from '@monitor/contract/old-profiles';
import type { User } from '@monitor/contract/users';
import { ACCOUNT_ALERT_MESSAGES } from '@monitor/domain/shared/account-messages';
import { formatFriendlyDate } from '../../../lib/format';
import { useBrandMessage } from '../../../lib/brand-context';
import { useSubscriptionOptions } from '../../../entities/billing/api/get-subscription-options';
import { BillingAddressFields } from '../../../entities/billing/components/billing-address-fields';
import { BillingTotals } from '../../../entities/billing/components/billing-totals';
import { PlanChoice } from '../../../entities/billing/components/plan-choice';
import { useAddressVerification } from '../../../entities/billing/hooks/use-address-verification';
import { useBillingAddressForm } from '../../../entities/billing/hooks/use-billing-address-form';
import { useSalesTax } from '../../../entities/billing/hooks/use-sales-tax';
import { billingToday } from '../../../entities/billing/lib/billing-today';
import {
  toBillingAddressInput,
  type BillingAddressValues,
} from '../../../entities/billing/lib/billing-address';
import {
  planSubtotal,
  toBillingPlan,
  type PlanSelection,
} from '../../../entities/billing/lib/plans';
import {
  CardFields,
  type CardFieldsHandle,
} from '../../../entities/payment/components/card-fields';
import { PaymentErrorAlert } from '../../../entities/payment/components/payment-error-alert';
import { usePaymentErrors } from '../../../entities/payment/hooks/use-payment-errors';
import {
  useConvertToCardProviderMutation,
  type ConvertSubscriptionAnswer,
} from '../api/convert-to-card-provider';
import { computeConvertStart } from '../lib/convert-start';
import { Form } from '../../../components/ui/form';

const CHOOSE_PLAN = 'Choose a plan.';

const sameAddress = (a: BillingAddressValues, b: BillingAddressValues) =>
  a.address1.trim() === b.address1.trim() &&
  a.address2.trim() === b.address2.trim() &&
  a.city.trim() === b.city.trim() &&
  a.state === b.state &&
  a.zip.trim() === b.zip.trim();

export type ConvertSubscriptionFormProps = {
  user: User;
  profile: OldProfileSubscription;
  address: BillingAddress | null;
  onConverted: (answer: ConvertSubscriptionAnswer) => void;
  onCancel: () => void;
};

/**
 * The convert-to-card-provider form (accounts-devices-billing §4): a plan, the billing address
 * verified before tax (§5), the card in the processor's fields, then one call that moves the old
 * payment profile's subscription to the card provider; refusals through the §8 filter.
 */
export function ConvertSubscriptionForm({
  user,
  profile,
  address,
  onConverted,
  onCancel,
}: ConvertSubscriptionFormProps) {
  const fill = useBrandMessage();
  const today = billingToday();
  const options = useSubscriptionOptions({
    tenantId: user.TenantId,
    serial: profile.SerialNumber,
  });
  const [selection, setSelection] = useState<PlanSelection | null>(null);
  const [planError, setPlanError] = useState<string | null>(null);
  const form = useBillingAddressForm({ address, user });
  const verification = useAddressVerification();
  const [verified, setVerified] = useState<BillingAddressValues | null>(null);
  const isVerifiedCurrent = verified !== null && sameAddress(verified, form.values);
  const salesTax = useSalesTax({
    address: isVerifiedCurrent ? verified : null,
    amount: selection ? planSubtotal(selection.option) : null,
  });
  const card = useRef<CardFieldsHandle>(null);
  const payment = usePaymentErrors();
  const convert = useConvertToCardProviderMutation();
  const [isTokenizing, setIsTokenizing] = useState(false);
  const start = selection
    ? computeConvertStart({ ...selection, old: profile.Subscription, today })
    : null;

  async function verifyAddress(values: BillingAddressValues) {
    const cleansed = await verification.verify(values);
    if (!cleansed) return null;
    form.setValues(cleansed);
    setVerified(cleansed);
    return cleansed;
  }

  async function submit(values: BillingAddressValues) {
    payment.clear();
    if (!selection) {
      setPlanError(CHOOSE_PLAN);
      return;
    }
    if (start && !start.startDate) return;
    const checked = isVerifiedCurrent && verified ? verified : await verifyAddress(values);
    if (!checked) return;
    setIsTokenizing(true);
    let tokenized;
    try {
      tokenized = await card.current!.tokenize();
    } catch (error) {
      payment.fail(error);
      return;
    } finally {
      setIsTokenizing(false);
    }
    const input = toBillingAddressInput(checked, user.Id);
    let answer;
    try {
      // mutateAsync: the answer reaches the page even when the refreshed list has unmounted this form.
      answer = await convert.mutateAsync({
        OldSubscriptionId: profile.Subscription.Id,
        UserId: user.Id,
        billingPlan: toBillingPlan(selection),
        PaymentNonce: tokenized.nonce,
        DeviceData: tokenized.deviceData,
        FirstName: input.FirstName,
        LastName: input.LastName,
        Address1: input.Address1,
        Address2: input.Address2,
        City: input.City,
        State: input.State,
        Zip: input.Zip,
        PhoneNumber: input.PhoneNumber,
      });
    } catch (error) {
      payment.fail(error, ACCOUNT_ALERT_MESSAGES.createSubscriptionFailed);
      return;
    }
    onConverted(answer);
  }

  const isBusy = verification.isVerifying || isTokenizing || convert.isPending;

  return (
    <Form noValidate onSubmit={(event) => form.onSubmit((values) => void submit(values))(event)}>
      <Stack gap="lg">
        <Stack gap="xs">
          <Title order={3} fz="h5">
            1. Choose a plan
          </Title>
          {options.isPending ? (
            <Text size="sm" c="dimmed">
              Loading plans…
            </Text>
          ) : options.isError ? (
            <Text size="sm" c="red" role="alert">
              {ACCOUNT_ALERT_MESSAGES.loadSubscriptionOptionsFailed}
            </Text>
          ) : (
            <PlanChoice
              options={options.data}
              value={selection}
              onChange={(next) => {
                setSelection(next);
                setPlanError(null);
              }}
              isNewDevice={false}
              nextBillingDate={profile.Subscription.NextBillingDate}
              error={planError}
              disabled={isBusy}
              today={today}
            />
          )}
          {start?.startDate && (
            <Text size="sm">
              Your card subscription starts on {formatFriendlyDate(start.startDate)}.
            </Text>
          )}
          {start?.message && (
            <Text size="sm" c="red" role="alert">
              {start.message}
            </Text>
          )}
        </Stack>

        <Stack gap="xs">
          <Title order={3} fz="h5">
            2. Billing address
          </Title>
          <BillingAddressFields
            form={form}
            verificationError={verification.error}
            disabled={isBusy}
          />
          <Group>
            <Button
              variant="default"
              loading={verification.isVerifying}
              disabled={isBusy || isVerifiedCurrent}
              onClick={() => {
                const checked = form.validate();
                if (!checked.hasErrors) void verifyAddress(form.getValues());
              }}
            >
              {isVerifiedCurrent ? 'Address verified' : 'Verify address'}
            </Button>
          </Group>
        </Stack>

        <Stack gap="xs">
          <Title order={3} fz="h5">
            3. Card
          </Title>
          <CardFields ref={card} customerId={user.CustomerId} flags={payment.outcome?.flags} />
        </Stack>

        <BillingTotals option={selection?.option ?? null} salesTax={salesTax} />
        <PaymentErrorAlert outcome={payment.outcome} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} disabled={isBusy}>
            Not now
          </Button>
          <Button type="submit" loading={isBusy}>
            Move to card payments
          </Button>
        </Group>
        <Text size="xs" c="dimmed">
          {fill('Questions? Call customer support at {phone}.')}
        </Text>
      </Stack>
    </Form>
  );
}
