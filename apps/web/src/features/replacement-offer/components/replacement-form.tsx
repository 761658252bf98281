// Component CSS not in app/styles.ts (decision 003): loaded with this lazy page only.
import '@mantine/core/styles/Checkbox.css';
import { useId, useRef, useState, type ReactNode } from 'react';
import { Button, Checkbox, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReplacementUser } from '@monitor/contract/replacement';
import { STORE_ORDER_MESSAGES } from '@monitor/domain/shared/store-messages';
import { dollarsToCents } from '@monitor/domain/shared/money';
import { computeReplacementTotal, REPLACEMENT_PRICE } from '@monitor/domain/store/replacement';
import { useErrorModal } from '../../../components/ui/error-modal';
import { BillingAddressFields } from '../../../entities/billing/components/billing-address-fields';
import { useAddressVerification } from '../../../entities/billing/hooks/use-address-verification';
import { useBillingAddressForm } from '../../../entities/billing/hooks/use-billing-address-form';
import type { BillingAddressValues } from '../../../entities/billing/lib/billing-address';
import {
  CardFields,
  type CardFieldsHandle,
} from '../../../entities/payment/components/card-fields';
import { PaymentErrorAlert } from '../../../entities/payment/components/payment-error-alert';
import { usePaymentErrors } from '../../../entities/payment/hooks/use-payment-errors';
import { processorErrorsOf } from '../../../entities/payment/lib/processor-errors';
import { useBrand } from '../../../lib/brand-context';
import { submitReplacement, type ReplacementOrder } from '../api/submit-replacement';
import { buildReplacementRequest, toEligibleDevice } from '../lib/replacement-request';
import { DeviceChoice } from './device-choice';
import { isRefusedToken } from '../lib/refused-link';
import { useLegalTerms } from './legal-terms-modal';

/**
 * The replacement order (store-and-public-site §2 "Replacement-offer page", §4, §5, §8): the
 * devices to replace, the billing address then the shipping address, each verified in that order
 * (the cleansed address replaces the input), the legal terms, the card, then the submit. A refused
 * card flags the fields with the §8 filter; any other failure is 'A fatal error occurred.'.
 */
export function ReplacementForm({
  user,
  token,
  onSubmitted,
  onLinkRefused,
}: {
  user: ReplacementUser;
  token: string;
  onSubmitted: (order: ReplacementOrder) => void;
  onLinkRefused: () => void;
}) {
  const brand = useBrand();
  const showError = useErrorModal();
  const [replaceFlags, setReplaceFlags] = useState<Record<string, boolean>>({});
  const billingForm = useBillingAddressForm({ address: null, user });
  const shippingForm = useBillingAddressForm({ address: null, user });
  const [isShippingSame, setIsShippingSame] = useState(true);
  const billingCheck = useAddressVerification('billing');
  const shippingCheck = useAddressVerification('shipping');
  const cardRef = useRef<CardFieldsHandle>(null);
  const payment = usePaymentErrors();
  const terms = useLegalTerms(brand.name);
  const [isWorking, setIsWorking] = useState(false);
  const [choiceError, setChoiceError] = useState<string | null>(null);

  // UnitPrice is the loaded item's price; without it, the §9 replacement price of 99.
  const loadedPrice = user.UnitPrice > 0 ? dollarsToCents(user.UnitPrice) : null;
  const eligible = user.EligibleDevices.map((device) =>
    toEligibleDevice(device, replaceFlags[device.SerialNumber] ?? true),
  );
  const total = computeReplacementTotal(eligible, loadedPrice);
  const unitPrice = loadedPrice ?? REPLACEMENT_PRICE;
  const chosenCount = eligible.filter((device) => device.replace !== false).length;

  async function verifyAddresses(): Promise<{
    billing: BillingAddressValues;
    shipping: BillingAddressValues;
  } | null> {
    const isBillingInvalid = billingForm.validate().hasErrors;
    const isShippingInvalid = !isShippingSame && shippingForm.validate().hasErrors;
    if (isBillingInvalid || isShippingInvalid) return null;
    const billing = await billingCheck.verify(billingForm.getValues());
    if (!billing) return null;
    billingForm.setValues(billing);
    // Same as billing copies the verified billing address (§5); it is still checked as shipping.
    const shipping = await shippingCheck.verify(
      isShippingSame ? billing : shippingForm.getValues(),
    );
    if (!shipping) return null;
    if (!isShippingSame) shippingForm.setValues(shipping);
    return { billing, shipping };
  }

  async function submit() {
    if (isWorking) return;
    payment.clear();
    if (chosenCount === 0) {
      setChoiceError('Tick at least one device to replace.');
      return;
    }
    setIsWorking(true);
    try {
      const addresses = await verifyAddresses();
      if (!addresses) return;
      if (!(await terms.confirm())) return;
      let card;
      try {
        card = await cardRef.current!.tokenize();
      } catch (error) {
        payment.fail(error);
        return;
      }
      try {
        const order = await submitReplacement({
          request: buildReplacementRequest({
            userId: user.Id,
            token,
            email: user.EmailAddress,
            devices: user.EligibleDevices,
            replaceFlags,
            billing: addresses.billing,
            shipping: addresses.shipping,
            card,
          }),
          idempotencyKey: crypto.randomUUID(),
        });
        onSubmitted(order);
      } catch (error) {
        if (processorErrorsOf(error)) payment.fail(error);
        else if (isRefusedToken(error)) onLinkRefused();
        else showError(STORE_ORDER_MESSAGES.replacementFatal);
      }
    } finally {
      setIsWorking(false);
    }
  }

  return (
    <Stack gap="lg">
      {terms.modal}
      <Section title="Devices to replace">
        <DeviceChoice
          devices={user.EligibleDevices}
          replaceFlags={replaceFlags}
          onToggle={(serial, replace) => {
            setReplaceFlags((flags) => ({ ...flags, [serial]: replace }));
            setChoiceError(null);
          }}
          unitPrice={unitPrice}
          total={total}
          disabled={isWorking}
        />
        {choiceError && (
          <Text c="red" size="sm" role="alert">
            {choiceError}
          </Text>
        )}
      </Section>
      <Section title="Billing address">
        <BillingAddressFields
          form={billingForm}
          verificationError={billingCheck.error}
          disabled={isWorking}
          phoneDescription="Optional: used if we need to reach you about this order"
        />
      </Section>
      <Section title="Shipping address">
        <Stack gap="sm">
          <Checkbox
            label="Ship to my billing address"
            checked={isShippingSame}
            disabled={isWorking}
            onChange={(event) => setIsShippingSame(event.currentTarget.checked)}
          />
          {isShippingSame ? (
            shippingCheck.error && (
              <Text c="red" size="sm" role="alert">
                {shippingCheck.error}
              </Text>
            )
          ) : (
            <BillingAddressFields
              form={shippingForm}
              verificationError={shippingCheck.error}
              disabled={isWorking}
              phoneDescription="Optional: for the carrier, if it needs to reach you"
            />
          )}
        </Stack>
      </Section>
      <Section title="Payment">
        <Stack gap="sm">
          <PaymentErrorAlert outcome={payment.outcome} />
          <CardFields ref={cardRef} customerId={null} flags={payment.outcome?.flags} />
        </Stack>
      </Section>
      <Group justify="flex-end">
        <Button size="md" onClick={() => void submit()} loading={isWorking}>
          Submit request
        </Button>
      </Group>
    </Stack>
  );
}

/** A titled part of the form, as a labelled group. */
function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <Paper withBorder radius="md" p="md" role="group" aria-labelledby={id}>
      <Stack gap="sm">
        <Title order={2} fz="h4" id={id}>
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}
