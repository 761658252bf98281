import '@mantine/core/styles/Progress.css';
import { useState } from 'react';
import { Alert, Anchor, Button, Group, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Link, useNavigate } from 'react-router';
import type { BillingPlanOption, SubscriptionView } from '@monitor/contract/subscriptions';
import type { UserDevice } from '@monitor/contract/user-devices';
import { computeSeasonalStartRange } from '@monitor/domain/billing/subscription-start';
import { parseIsoDate } from '@monitor/domain/shared/calendar-date';
import { useSubscriptionOptions } from '../../../entities/billing/api/get-subscription-options';
import { PlanChoice } from '../../../entities/billing/components/plan-choice';
import { billingToday } from '../../../entities/billing/lib/billing-today';
import { toBillingPlan, type PlanSelection } from '../../../entities/billing/lib/plans';
import { ACCOUNT_ALERT_MESSAGES } from '@monitor/domain/shared/account-messages';
import { PaymentErrorAlert } from '../../../entities/payment/components/payment-error-alert';
import { usePaymentErrors } from '../../../entities/payment/hooks/use-payment-errors';
import { processorErrorsOf } from '../../../entities/payment/lib/processor-errors';
import { errorMessageFor } from '../../../lib/api-client';
import { useBrandMessage } from '../../../lib/brand-context';
import { formatFriendlyDate } from '../../../lib/format';
import { useChangeSubscriptionMutation } from '../api/change-subscription';
import {
  usePreviewPlanChangeMutation,
  type PlanChangePreviewAnswer,
} from '../api/preview-plan-change';
import { useDeviceSubscription } from '../hooks/use-device-subscription';
import { useGrowingProgress } from '../hooks/use-growing-progress';
import { planLabelOf, statusBadgeOf } from '../lib/subscription-display';
import { PlanChangeConfirm } from './plan-change-confirm';
import { Form } from '../../../components/ui/form';

export type ChangeSubscriptionProps = { device: UserDevice; userId: number };

/**
 * The change-subscription screen, /devices/{userDeviceId}/subscription (accounts-devices-billing
 * §2, §4): the device's plans, a seasonal start where the plan is seasonal, the loading progress
 * growing 20 % every 300 ms while it loads and saves. The start rules and the seasonal lock are
 * the server's: its refusal is shown as it says it.
 */
export function ChangeSubscription({ device, userId }: ChangeSubscriptionProps) {
  const fill = useBrandMessage();
  const details = useDeviceSubscription(device, userId);
  const hasSubscription = device.SubscriptionId !== null && !device.SubAccountDevice;
  const options = useSubscriptionOptions(
    { tenantId: device.TenantId, serial: device.SerialNumber },
    { enabled: hasSubscription },
  );
  const isLoading = hasSubscription && (details.state === 'pending' || options.isPending);
  const progress = useGrowingProgress(isLoading);
  const back = `/devices/${device.Id}?view=subscription`;

  let body: React.ReactNode;
  if (device.SubAccountDevice) {
    body = <Alert color="blue">The account owner manages this device's subscription.</Alert>;
  } else if (device.SubscriptionId === null) {
    body = <Alert color="blue">This device has no subscription to change.</Alert>;
  } else if (isLoading) {
    body = (
      <Stack gap={6}>
        <Text size="sm">Loading your subscription…</Text>
        <Progress
          value={progress}
          aria-label="Loading your subscription"
          transitionDuration={250}
        />
      </Stack>
    );
  } else if (details.state === 'error') {
    body = (
      <Alert color="red" role="alert">
        {errorMessageFor(details.error, fill(ACCOUNT_ALERT_MESSAGES.fetchSubscriptionFailed))}
      </Alert>
    );
  } else if (options.isError) {
    body = (
      <Alert color="red" role="alert">
        {errorMessageFor(options.error, ACCOUNT_ALERT_MESSAGES.loadSubscriptionOptionsFailed)}
      </Alert>
    );
  } else if (details.state === 'ready' && options.data) {
    body = (
      <PlanChangeForm subscription={details.subscription} options={options.data} backTo={back} />
    );
  }

  return (
    <Stack gap="lg">
      <div>
        <Anchor component={Link} to={back} size="sm">
          ← {device.Name ?? device.SerialNumber}
        </Anchor>
        <Title order={1} fz={{ base: 24, sm: 30 }}>
          Change subscription
        </Title>
        <Text c="dimmed" size="sm">
          Serial {device.SerialNumber}
        </Text>
      </div>
      {body}
    </Stack>
  );
}

/** The plan on record, chosen to start with; a seasonal one starts where its range begins (§5). */
function currentSelectionOf(
  subscription: SubscriptionView,
  options: BillingPlanOption[],
): PlanSelection | null {
  const option =
    options.find(
      (candidate) => candidate.PlanType === subscription.SubscriptionType && candidate.Selectable,
    ) ?? options.find((candidate) => candidate.Selectable);
  if (!option) return null;
  const range = computeSeasonalStartRange({
    today: billingToday(),
    isNewDevice: false,
    nextBillingDate: parseIsoDate(subscription.NextBillingDate),
  });
  return { option, startDate: option.PlanType === 'Seasonal' ? range.min : null };
}

function PlanChangeForm({
  subscription,
  options,
  backTo,
}: {
  subscription: SubscriptionView;
  options: BillingPlanOption[];
  backTo: string;
}) {
  const fill = useBrandMessage();
  const navigate = useNavigate();
  const mutation = useChangeSubscriptionMutation();
  const previewMutation = usePreviewPlanChangeMutation();
  const [preview, setPreview] = useState<PlanChangePreviewAnswer | null>(null);
  const payment = usePaymentErrors();
  const [message, setMessage] = useState<string | null>(null);
  const [selection, setSelection] = useState<PlanSelection | null>(() =>
    currentSelectionOf(subscription, options),
  );
  const progress = useGrowingProgress(mutation.isPending);
  const status = statusBadgeOf(subscription.Status);
  // An expired subscription comes here to be reactivated (accounts-devices-billing §4).
  const isReactivation = !subscription.Active && !subscription.Pending;
  const isBusy = mutation.isPending || previewMutation.isPending;

  function failWith(error: unknown) {
    // The card on file declined the charge: the payment error filter (§8).
    if (processorErrorsOf(error))
      payment.fail(error, fill(ACCOUNT_ALERT_MESSAGES.updateSubscriptionFailed));
    else setMessage(errorMessageFor(error, ACCOUNT_ALERT_MESSAGES.updateSubscriptionFailed));
  }

  // Save asks the server what the change would do first; only the confirmation makes it (issue #24).
  function submit() {
    if (!selection || isBusy) return;
    setMessage(null);
    payment.clear();
    previewMutation.mutate(
      { subscriptionId: subscription.Id, billingPlan: toBillingPlan(selection) },
      { onSuccess: setPreview, onError: failWith },
    );
  }

  function confirm() {
    if (!selection || mutation.isPending) return;
    const chosen = selection.option;
    mutation.mutate(
      {
        subscriptionId: subscription.Id,
        billingPlan: toBillingPlan(selection),
      },
      {
        onSuccess: (changed) => {
          notifications.show({
            color: 'teal',
            title: isReactivation ? 'Subscription reactivated' : 'Subscription changed',
            message: changed.NextBillingDate
              ? `${chosen.PlanType} plan, next billed on ${formatFriendlyDate(changed.NextBillingDate)}.`
              : `${chosen.PlanType} plan.`,
          });
          setPreview(null);
          void navigate(backTo);
        },
        onError: (error) => {
          setPreview(null);
          failWith(error);
        },
      },
    );
  }

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
      <Form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack gap="md">
          <Text size="sm">
            Current plan: {planLabelOf(subscription)} · {status.label}
          </Text>
          {isReactivation && (
            <Text size="sm">
              Choose a plan to reactivate monitoring: it starts by the plan's start rules and the
              card on file pays for it.
            </Text>
          )}
          {message && (
            <Alert color="red" variant="light" role="alert">
              {message}
            </Alert>
          )}
          <PaymentErrorAlert outcome={payment.outcome} />
          <PlanChoice
            options={options}
            value={selection}
            onChange={setSelection}
            isNewDevice={false}
            nextBillingDate={subscription.NextBillingDate}
            disabled={isBusy}
          />
          {mutation.isPending && (
            <Progress
              value={progress}
              aria-label="Saving your subscription"
              transitionDuration={250}
            />
          )}
          <Group justify="flex-end">
            <Button component={Link} to={backTo} variant="default">
              Cancel
            </Button>
            <Button type="submit" loading={isBusy} disabled={!selection}>
              {isReactivation ? 'Reactivate' : 'Save plan'}
            </Button>
          </Group>
        </Stack>
      </Form>
      <PlanChangeConfirm
        preview={preview}
        isCard={subscription.PaymentCard !== null}
        confirmLabel={isReactivation ? 'Reactivate' : 'Change plan'}
        isConfirming={mutation.isPending}
        onConfirm={confirm}
        onCancel={() => setPreview(null)}
      />
    </Paper>
  );
}
