import { useState } from 'react';
import { Alert, Button, Group, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import type { User } from '@monitor/contract/users';
import { ACCOUNT_ALERT_MESSAGES } from '@monitor/domain/shared/account-messages';
import { errorMessageFor } from '../../../lib/api-client';
import { useBrandMessage } from '../../../lib/brand-context';
import { useBillingUserCheck } from '../api/check-billing-user';
import { useCardInfo } from '../api/get-card-info';
import { ChangeCardModal } from './change-card-modal';

/**
 * The card on file on the account page (accounts-devices-billing §2 "card capture widget", §3
 * "Card info"): type, last 4 and expiry, and the change-card modal. A billed user has no card
 * capture (§6); a sub-account manages no billing.
 */
export function CardOnFile({ user }: { user: User }) {
  const billingUser = useBillingUserCheck(user.Id);
  if (billingUser.isPending) return <Skeleton height={48} radius="md" />;
  if (billingUser.data !== undefined && billingUser.data !== 0) {
    return (
      <Text size="sm" c="dimmed">
        Your account is billed by invoice: there is no card on file.
      </Text>
    );
  }
  return <CardInfoPanel user={user} />;
}

function CardInfoPanel({ user }: { user: User }) {
  const fill = useBrandMessage();
  const query = useCardInfo(user.Id);
  const [isOpen, setIsOpen] = useState(false);
  if (query.isPending) return <Skeleton height={48} radius="md" />;
  if (query.isError) {
    return (
      <Alert color="red" variant="light" role="alert">
        <Text size="sm">
          {errorMessageFor(query.error, fill(ACCOUNT_ALERT_MESSAGES.loadPaymentInfoFailed))}
        </Text>
        <Button size="xs" variant="light" color="red" mt="sm" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  }
  const info = query.data;
  if (!info.CreditCardNumber || info.SubscriptionIds.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No card on file. A card is added with a device's monitoring subscription.
      </Text>
    );
  }
  return (
    <Stack gap="sm">
      <Group justify="space-between" gap="md">
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon variant="light" size="lg" radius="md" aria-hidden>
            <CardGlyph />
          </ThemeIcon>
          <div>
            <Text fw={600}>
              {info.CreditCardType ?? 'Card'} ending in {info.CreditCardNumber}
            </Text>
            {info.ExpDate && (
              <Text size="sm" c="dimmed">
                Expires {info.ExpDate}
              </Text>
            )}
          </div>
        </Group>
        <Button variant="light" onClick={() => setIsOpen(true)}>
          Change card
        </Button>
      </Group>
      {!info.CardMatch && (
        <Text size="sm" c="dimmed">
          Some of your subscriptions are paid by another card; a new card pays for all of them.
        </Text>
      )}
      <ChangeCardModal
        opened={isOpen}
        onClose={() => setIsOpen(false)}
        userId={user.Id}
        customerId={user.CustomerId}
      />
    </Stack>
  );
}

function CardGlyph() {
  return (
    <svg
      width={20}
      height={20}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      aria-hidden
      focusable="false"
    >
      <rect x={3} y={5} width={18} height={14} rx={2} />
      <path d="M3 10h18" />
    </svg>
  );
}
