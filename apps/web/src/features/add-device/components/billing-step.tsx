// Component CSS not in app/styles.ts (decision 003): loaded with this lazy page only.
import '@mantine/core/styles/Fieldset.css';
import { useRef, useState } from 'react';
import { Alert, Button, Fieldset, Group, Stack, Text } from '@mantine/core';
import type { RegistrationSubscription } from '@monitor/contract/registration';
import type { BillingAddress } from '@monitor/contract/billing-addresses';
import { ACCOUNT_ALERT_MESSAGES } from '@monitor/domain/shared/account-messages';
import { useErrorModal } from '../../../components/ui/error-modal';
import { BillingAddressFields } from '../../../entities/billing/components/billing-address-fields';
import { BillingTotals } from '../../../entities/billing/components/billing-totals';
import { PlanChoice } from '../../../entities/billing/components/plan-choice';
import { useDefaultBillingAddress } from '../../../entities/billing/api/get-default-billing-address';
import { useSubscriptionOptions } from '../../../entities/billing/api/get-subscription-options';
import { useAddressVerification } from '../../../entities/billing/hooks/use-address-verification';
import { useBillingAddressForm } from '../../../entities/billing/hooks/use-billing-address-form';
import { useSalesTax } from '../../../entities/billing/hooks/use-sales-tax';
import { useSaveAsBillingAddress } from '../../../entities/billing/hooks/use-save-as-billing-address';
import { SaveBillingAddressCheckbox } from '../../../entities/billing/components/save-billing-address-checkbox';
import {
  toSubscriptionAddress,
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
import { processorErrorsOf } from '../../../entities/payment/lib/processor-errors';
import { ApiError, errorMessageFor } from '../../../lib/api-client';
import { useBrandMessage } from '../../../lib/brand-context';
import { paymentOf } from '../lib/wizard-rules';
import { LoadingStatus } from '../../../components/ui/loading-status';

/** The signed-in user as the wizard needs it. */
export type WizardUser = {
  Id: number;
  FirstName: string;
  LastName: string;
  EmailAddress: string;
  CustomerId: string | null;
};

export type BillingStepProps = {
  user: WizardUser;
  serial: string;
  deviceType: number;
  tenantId: number;
  /** Opens the legal terms; true once agreed (§5: agreed before saving). */
  confirmTerms: () => Promise<boolean>;
  /** The registration call; throws the server's refusal. */
  register: (subscription: RegistrationSubscription | null) => Promise<void>;
  onBack: () => void;
  /** What the register button says. */
  registerLabel?: string;
  /** What the back button says. */
  backLabel?: string;
  /** How many units the payment covers (multi-unit registration); each is billed on the plan. */
  quantity?: number;
  isBusy?: boolean;
};

/**
 * Step 4, Billing Information (accounts-devices-billing §2, §4 "Device types and billing", §5, §8):
 * a test device registers without payment; a billed (invoice) device takes a plan and no card; any
 * other takes a plan, the billing address (verified before the tax is worked out), the card in the
 * payment adapter's fields and the totals. A refused card flags the fields and alerts word for
 * word (the §8 filter); nothing is registered then.
 */
export function BillingStep(props: BillingStepProps) {
  const family = paymentOf(props.deviceType);
  if (family === 'test') return <TestDeviceFinish {...props} />;
  return <PaidFinish {...props} family={family} />;
}

/**
 * A refused registration (accounts-devices-billing §8): the saga answers each step's message — the
 * carrier's 502 too — and a 500 or no answer gets the friendly saving message.
 */
export function registrationFailureMessage(error: unknown): string {
  return error instanceof ApiError && error.status > 0 && error.status !== 500 && error.message
    ? error.message
    : ACCOUNT_ALERT_MESSAGES.saveNewDeviceFailed;
}

function useRegistrationErrors() {
  const showError = useErrorModal();
  const brandMessage = useBrandMessage();
  return (error: unknown) => showError(brandMessage(registrationFailureMessage(error)));
}

function TestDeviceFinish({
  confirmTerms,
  register,
  onBack,
  registerLabel,
  backLabel,
  isBusy,
}: BillingStepProps) {
  const showFailure = useRegistrationErrors();
  const [isWorking, setIsWorking] = useState(false);

  async function submit() {
    if (isWorking) return;
    setIsWorking(true);
    try {
      if (!(await confirmTerms())) return;
      await register(null);
    } catch (error) {
      showFailure(error);
    } finally {
      setIsWorking(false);
    }
  }

  return (
    <Stack gap="md">
      <Alert color="blue" title="No payment needed">
        This is a test device: it needs no subscription and no card.
      </Alert>
      <Group justify="space-between">
        <Button variant="default" onClick={onBack} disabled={isWorking || isBusy}>
          {backLabel ?? 'Back'}
        </Button>
        <Button onClick={() => void submit()} loading={isWorking || isBusy}>
          {registerLabel ?? 'Register device'}
        </Button>
      </Group>
    </Stack>
  );
}

function PaidFinish(props: BillingStepProps & { family: 'billed' | 'card' }) {
  const address = useDefaultBillingAddress(props.user.Id);
  if (address.isPending) {
    return <LoadingStatus>Loading your billing details…</LoadingStatus>;
  }
  return <PaidFinishForm {...props} storedAddress={address.data} />;
}

function PaidFinishForm({
  user,
  serial,
  tenantId,
  family,
  storedAddress,
  confirmTerms,
  register,
  onBack,
  registerLabel,
  backLabel,
  quantity = 1,
  isBusy,
}: BillingStepProps & {
  family: 'billed' | 'card';
  /** The default billing address; null when there is none yet, undefined when its lookup failed. */
  storedAddress: BillingAddress | null | undefined;
}) {
  const showFailure = useRegistrationErrors();
  const options = useSubscriptionOptions({ tenantId, serial });
  const [plan, setPlan] = useState<PlanSelection | null>(null);
  const [planError, setPlanError] = useState<string | null>(null);
  const form = useBillingAddressForm({ address: storedAddress, user });
  const verification = useAddressVerification();
  const saveAs = useSaveAsBillingAddress({ userId: user.Id, storedAddress });
  const [verified, setVerified] = useState<BillingAddressValues | null>(null);
  const salesTax = useSalesTax({
    address: verified,
    amount: plan ? planSubtotal(plan.option) : null,
  });
  const cardRef = useRef<CardFieldsHandle>(null);
  const payment = usePaymentErrors();
  const [isWorking, setIsWorking] = useState(false);
  const isCard = family === 'card';

  const isCurrent = (values: BillingAddressValues) =>
    verified !== null && JSON.stringify(values) === JSON.stringify(verified);

  /** Verification before tax (§5): the cleansed address replaces the input. */
  async function verifyAddress(): Promise<BillingAddressValues | null> {
    if (form.validate().hasErrors) return null;
    if (isCurrent(form.getValues())) return verified;
    const cleansed = await verification.verify(form.getValues());
    if (!cleansed) {
      setVerified(null);
      return null;
    }
    form.setValues(cleansed);
    setVerified(cleansed);
    return cleansed;
  }

  async function submit() {
    if (isWorking) return;
    payment.clear();
    if (!plan) {
      setPlanError('Choose a plan.');
      return;
    }
    setIsWorking(true);
    try {
      const address = await verifyAddress();
      if (!address) return;
      if (!(await confirmTerms())) return;
      let card = null;
      if (isCard) {
        try {
          card = await cardRef.current!.tokenize();
        } catch (error) {
          payment.fail(error);
          return;
        }
      }
      try {
        await register({
          billingPlan: toBillingPlan(plan),
          ...toSubscriptionAddress(address),
          PaymentNonce: card?.nonce ?? null,
          DeviceData: card?.deviceData ?? null,
        });
        await saveAs.saveAfterUse(address);
      } catch (error) {
        // A refused card: flags and the §8 alert on the form; anything else the saga's message.
        if (processorErrorsOf(error)) payment.fail(error);
        else showFailure(error);
      }
    } finally {
      setIsWorking(false);
    }
  }

  const isDisabled = isWorking || isBusy;
  return (
    <Stack gap="lg">
      <div>
        {options.isPending ? (
          <LoadingStatus>Loading plans…</LoadingStatus>
        ) : options.isError ? (
          <Alert color="red" role="alert">
            {errorMessageFor(options.error, ACCOUNT_ALERT_MESSAGES.loadSubscriptionOptionsFailed)}
          </Alert>
        ) : (
          <PlanChoice
            options={options.data}
            value={plan}
            isNewDevice
            error={planError}
            disabled={isDisabled}
            onChange={(selection) => {
              setPlan(selection);
              setPlanError(null);
            }}
          />
        )}
      </div>
      <Fieldset legend="Billing address">
        <Stack gap="sm">
          <BillingAddressFields
            form={form}
            verificationError={verification.error}
            disabled={isDisabled}
          />
          {saveAs.isOffered && (
            <SaveBillingAddressCheckbox
              checked={saveAs.isChecked}
              onChange={saveAs.setIsChecked}
              disabled={isDisabled}
            />
          )}
          <Group>
            <Button
              variant="light"
              onClick={() => void verifyAddress()}
              loading={verification.isVerifying}
              disabled={isDisabled}
            >
              Verify address and calculate tax
            </Button>
          </Group>
        </Stack>
      </Fieldset>
      {isCard && (
        <Stack gap="sm">
          <PaymentErrorAlert outcome={payment.outcome} />
          <CardFields ref={cardRef} customerId={user.CustomerId} flags={payment.outcome?.flags} />
        </Stack>
      )}
      {!isCard && (
        <Text size="sm" c="dimmed">
          This device is billed to your account by invoice: no card is needed.
        </Text>
      )}
      <Fieldset legend="Totals">
        {plan ? (
          <BillingTotals option={plan.option} salesTax={salesTax} quantity={quantity} />
        ) : (
          <Text size="sm" c="dimmed">
            Choose a plan to see the totals.
          </Text>
        )}
        {plan && !verified && (
          <Text size="sm" c="dimmed" mt="xs">
            Sales tax is added once your address is verified.
          </Text>
        )}
      </Fieldset>
      <Group justify="space-between">
        <Button variant="default" onClick={onBack} disabled={isDisabled}>
          {backLabel ?? 'Back'}
        </Button>
        <Button onClick={() => void submit()} loading={isDisabled}>
          {registerLabel ?? 'Register device'}
        </Button>
      </Group>
    </Stack>
  );
}
