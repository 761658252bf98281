import { useState } from 'react';
import { Alert, Button, Card, Group, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { User } from '@monitor/contract/users';
import { AlertIcon } from '../../../components/ui/icons/alert-icon';
import { formatFriendlyDate } from '../../../lib/format';
import { useDefaultBillingAddress } from '../../../entities/billing/api/get-default-billing-address';
import { useOldProfileSubscriptions } from '../api/get-old-profile-subscriptions';
import type { ConvertSubscriptionAnswer } from '../api/convert-to-card-provider';
import { ConvertSubscriptionForm } from './convert-subscription-form';

const unitName = (name: string | null, serial: string | null) =>
  [name, serial && `serial ${serial}`].filter(Boolean).join(', ') || 'your device';

/**
 * The account page's notice for a customer on an old payment profile (accounts-devices-billing
 * §4 "Convert-to-card-provider flow"): the profile must move to the card provider; the form moves
 * it. Nothing shows for anyone else (billed and sub-account users have no old profile).
 */
export function ConvertSubscription({ user }: { user: User }) {
  const profiles = useOldProfileSubscriptions(user.Id, {
    enabled: user.BillingType === 0 && user.SubAccount === null,
  });
  const address = useDefaultBillingAddress(user.Id);
  const [isOpen, setIsOpen] = useState(false);
  const [converted, setConverted] = useState<ConvertSubscriptionAnswer | null>(null);
  const profile = profiles.data?.[0];

  if (converted) {
    const next = converted.NewSubscription;
    return (
      <Alert color="teal" role="status" title="Your subscription now uses card payments">
        Your {next.SubscriptionType} plan is paid with your card from now on
        {next.NextBillingDate
          ? `; the next charge is on ${formatFriendlyDate(next.NextBillingDate)}`
          : ''}
        .{converted.SwitchEmailSent ? ' We sent you an e-mail with the details.' : ''}
      </Alert>
    );
  }
  if (!profile) return null;

  function done(answer: ConvertSubscriptionAnswer) {
    setConverted(answer);
    notifications.show({
      color: 'teal',
      title: 'Subscription moved',
      message: 'Your subscription now uses card payments.',
    });
  }

  const name = unitName(profile.DeviceName, profile.SerialNumber);
  return (
    <Card
      withBorder
      radius="lg"
      padding="lg"
      component="section"
      aria-label="Move your subscription to card payments"
    >
      <Stack gap="md">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <ThemeIcon variant="light" color="orange" size={40} radius="xl" aria-hidden>
            <AlertIcon size={22} />
          </ThemeIcon>
          <Stack gap={4}>
            <Title order={2} fz="h4">
              Move your subscription to card payments
            </Title>
            <Text size="sm">
              The subscription for {name} is paid through an old payment profile that is being
              retired. Choose a plan, confirm your billing address and enter a card to move it to
              our card provider; your monitoring continues without a break.
            </Text>
            {profile.Subscription.NextBillingDate && (
              <Text size="sm" c="dimmed">
                Paid through the old profile until{' '}
                {formatFriendlyDate(profile.Subscription.NextBillingDate)}.
              </Text>
            )}
          </Stack>
        </Group>
        {!isOpen ? (
          <Group>
            <Button onClick={() => setIsOpen(true)}>Move to card payments</Button>
          </Group>
        ) : address.isPending ? (
          <Skeleton height={240} radius="md" aria-label="Loading your billing address" />
        ) : (
          <ConvertSubscriptionForm
            user={user}
            profile={profile}
            address={address.data ?? null}
            onConverted={done}
            onCancel={() => setIsOpen(false)}
          />
        )}
      </Stack>
    </Card>
  );
}
