import '@mantine/core/styles/Progress.css';
import { useState } from 'react';
import {
  Alert,
  Anchor,
  Button,
  Group,
  Paper,
  Progress,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import dayjs from 'dayjs';
import { Link, useNavigate } from 'react-router';
import type { BillingPlanOption, SubscriptionView } from '@monitor/contract/subscriptions';
import type { UserDevice } from '@monitor/contract/user-devices';
import { computeSeasonalStartRange } from '@monitor/domain/billing/subscription-start';
import type { IsoDate } from '@monitor/domain/shared/calendar-date';
import { ACCOUNT_ALERT_MESSAGES } from '@monitor/domain/shared/messages';
import { PaymentErrorAlert } from '../../../entities/payment/components/payment-error-alert';
import { usePaymentErrors } from '../../../entities/payment/hooks/use-payment-errors';
import { processorErrorsOf } from '../../../entities/payment/lib/processor-errors';
import { errorMessageFor } from '../../../lib/api-client';
import { useBrandMessage } from '../../../lib/brand-context';
import { formatFriendlyDate } from '../../../lib/format';
import { useChangeSubscriptionMutation } from '../api/change-subscription';
import { useSubscriptionOptions } from '../api/get-subscription-options';
import { useDeviceSubscription } from '../hooks/use-device-subscription';
import { useGrowingProgress } from '../hooks/use-growing-progress';
import { planLabelOf, statusBadgeOf } from '../lib/subscription-display';
import { PlanChoice } from './plan-choice';

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
  const options = useSubscriptionOptions({
    tenantId: device.TenantId,
    serial: device.SerialNumber,
  });
  const isLoading = details.state === 'pending' || options.isPending;
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

function currentOptionOf(subscription: SubscriptionView, options: BillingPlanOption[]) {
  return (
    options.find(
      (option) => option.PlanType === subscription.SubscriptionType && option.Selectable,
    ) ??
    options.find((option) => option.Selectable) ??
    null
  );
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
  const payment = usePaymentErrors();
  const [message, setMessage] = useState<string | null>(null);
  const [chosen, setChosen] = useState<BillingPlanOption | null>(() =>
    currentOptionOf(subscription, options),
  );
  const today = dayjs().format('YYYY-MM-DD') as IsoDate;
  const range = computeSeasonalStartRange({
    today,
    isNewDevice: false,
    nextBillingDate: subscription.NextBillingDate as IsoDate | null,
  });
  const [startDate, setStartDate] = useState<string>(range.min);
  const progress = useGrowingProgress(mutation.isPending);
  const status = statusBadgeOf(subscription.Status);
  const isSeasonal = chosen?.PlanType === 'Seasonal';
  // An expired subscription comes here to be reactivated (accounts-devices-billing §4).
  const isReactivation = !subscription.Active && !subscription.Pending;
  const isStartValid = !isSeasonal || (startDate >= range.min && startDate <= range.max);

  function submit() {
    if (!chosen || !isStartValid || mutation.isPending) return;
    setMessage(null);
    payment.clear();
    mutation.mutate(
      {
        subscriptionId: subscription.Id,
        billingPlan: {
          Id: chosen.Id,
          PlanType: chosen.PlanType,
          ...(isSeasonal && { StartDate: startDate }),
        },
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
          void navigate(backTo);
        },
        onError: (error) => {
          // The card on file declined the charge: the payment error filter (§8).
          if (processorErrorsOf(error))
            payment.fail(error, fill(ACCOUNT_ALERT_MESSAGES.updateSubscriptionFailed));
          else setMessage(errorMessageFor(error, ACCOUNT_ALERT_MESSAGES.updateSubscriptionFailed));
        },
      },
    );
  }

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
      <form
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
          <PlanChoice options={options} value={chosen?.Id ?? null} onChange={setChosen} />
          {isSeasonal && (
            <TextInput
              type="date"
              label="Season start"
              description={`From ${formatFriendlyDate(range.min)} to ${formatFriendlyDate(range.max)}`}
              min={range.min}
              max={range.max}
              value={startDate}
              onChange={(event) => setStartDate(event.currentTarget.value)}
              error={isStartValid ? null : 'Choose a start date within the dates shown.'}
              maw={260}
            />
          )}
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
            <Button type="submit" loading={mutation.isPending} disabled={!chosen}>
              {isReactivation ? 'Reactivate' : 'Save plan'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
