import { Alert, Button, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { UserDevice } from '@monitor/contract/user-devices';
import { isTestDevice } from '@monitor/domain/devices/device-types';
import { ACCOUNT_ALERT_MESSAGES } from '@monitor/domain/shared/account-messages';
import { errorMessageFor } from '../../../lib/api-client';
import { useBrandMessage } from '../../../lib/brand-context';
import { useDeviceSubscription } from '../hooks/use-device-subscription';
import { InvoiceList } from './invoice-list';
import { SubscriptionActions } from './subscription-actions';
import { SubscriptionSummary } from './subscription-summary';

export type SubscriptionTabProps = {
  device: UserDevice;
  userId: number;
  customerId: string | null;
};

/**
 * The Subscription tab of the device detail (device-management §2 view=subscription;
 * accounts-devices-billing §4, §6): the subscription's facts and what the owner may do with it;
 * a billed user sees invoices and no card.
 */
export function SubscriptionTab({ device, userId, customerId }: SubscriptionTabProps) {
  if (device.SubAccountDevice) {
    return (
      <Alert color="blue" variant="light">
        The account owner manages this device's subscription.
      </Alert>
    );
  }
  if (device.SubscriptionId === null) {
    return (
      <Alert color="blue" variant="light">
        {isTestDevice(device.DeviceType)
          ? 'This is a test device: it needs no subscription.'
          : 'This device has no subscription on record.'}
      </Alert>
    );
  }
  return <SubscriptionDetails device={device} userId={userId} customerId={customerId} />;
}

function SubscriptionDetails({ device, userId, customerId }: SubscriptionTabProps) {
  const fill = useBrandMessage();
  const details = useDeviceSubscription(device, userId);
  if (details.state === 'pending') {
    return (
      <Stack gap="sm" aria-busy="true" aria-label="Loading the subscription">
        <Skeleton height={24} width={200} />
        <Skeleton height={160} radius="md" />
      </Stack>
    );
  }
  if (details.state === 'error') {
    return (
      <Alert color="red" variant="light" role="alert">
        <Text size="sm">
          {errorMessageFor(details.error, fill(ACCOUNT_ALERT_MESSAGES.fetchSubscriptionFailed))}
        </Text>
        <Button size="xs" variant="light" color="red" mt="sm" onClick={details.retry}>
          Try again
        </Button>
      </Alert>
    );
  }
  const { subscription, isBilled } = details;
  return (
    <Stack gap="lg">
      <Paper withBorder radius="md" p="md">
        <Stack gap="md">
          <Title order={2} fz="h4">
            Monitoring subscription
          </Title>
          <SubscriptionSummary subscription={subscription} isBilled={isBilled} />
          <SubscriptionActions
            subscription={subscription}
            isBilled={isBilled}
            userDeviceId={device.Id}
            userId={userId}
            customerId={customerId}
          />
        </Stack>
      </Paper>
      {isBilled && (
        <Paper withBorder radius="md" p="md">
          <InvoiceList subscriptionId={subscription.Id} />
        </Paper>
      )}
    </Stack>
  );
}
