import { useState } from 'react';
import { Button, Group } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Link, useNavigate } from 'react-router';
import dayjs from 'dayjs';
import type { SubscriptionView } from '@monitor/contract/subscriptions';
import {
  CANCELLED_PROFILE,
  canUpdateCard,
  chooseReactivationRoute,
} from '@monitor/domain/billing/subscription-status';
import type { IsoDate } from '@monitor/domain/shared/calendar-date';
import { ACCOUNT_ALERT_MESSAGES } from '@monitor/domain/shared/account-messages';
import { ConfirmModal } from '../../../components/ui/confirm-modal';
import { useErrorModal } from '../../../components/ui/error-modal';
import { errorMessageFor } from '../../../lib/api-client';
import { useBrandMessage } from '../../../lib/brand-context';
import { formatFriendlyDate } from '../../../lib/format';
import { useReactivateSubscriptionMutation } from '../api/reactivate-subscription';
import { useSuspendSubscriptionMutation } from '../api/suspend-subscription';
import { cardLabelOf } from '../lib/subscription-display';
import { ChangeCardModal } from './change-card-modal';
import { ReactivateCardModal } from './reactivate-card-modal';

export type SubscriptionActionsProps = {
  subscription: SubscriptionView;
  isBilled: boolean;
  userDeviceId: number;
  userId: number;
  customerId: string | null;
};

const todayIso = () => dayjs().format('YYYY-MM-DD') as IsoDate;

/**
 * What the owner may do with a subscription (accounts-devices-billing §4): change the plan and
 * suspend (after a confirmation) while it runs; reactivate when suspended or expired — by the
 * change route once expired, else by the card form (a billed one needs no card); change the card
 * of a card subscription, never of a cancelled profile.
 */
export function SubscriptionActions({
  subscription,
  isBilled,
  userDeviceId,
  userId,
  customerId,
}: SubscriptionActionsProps) {
  const fill = useBrandMessage();
  const showError = useErrorModal();
  const navigate = useNavigate();
  const suspend = useSuspendSubscriptionMutation();
  const reactivate = useReactivateSubscriptionMutation();
  const [isSuspendOpen, setIsSuspendOpen] = useState(false);
  const [isCardOpen, setIsCardOpen] = useState(false);
  const [isReactivateOpen, setIsReactivateOpen] = useState(false);
  const changeRoute = `/devices/${userDeviceId}/subscription`;

  if (subscription.Status === CANCELLED_PROFILE) return null;
  const isRunning = subscription.Status === 'Active';
  const isStopped = !isRunning && !subscription.Pending;
  const canChangeCard =
    !isBilled &&
    subscription.PaymentCard !== null &&
    canUpdateCard({ status: subscription.Status });

  function startReactivation() {
    const route = chooseReactivationRoute({
      expirationDate: subscription.ExpirationDate as IsoDate | null,
      today: todayIso(),
    });
    if (route === 'changeSubscription') {
      void navigate(changeRoute);
    } else if (isBilled) {
      reactivate.mutate(
        { subscriptionId: subscription.Id },
        {
          onSuccess: () =>
            notifications.show({ color: 'teal', message: 'Your subscription is active again.' }),
          onError: (error) =>
            showError(errorMessageFor(error, ACCOUNT_ALERT_MESSAGES.updateSubscriptionFailed)),
        },
      );
    } else {
      setIsReactivateOpen(true);
    }
  }

  function confirmSuspend() {
    suspend.mutate(subscription.Id, {
      onSuccess: () => {
        setIsSuspendOpen(false);
        notifications.show({ color: 'teal', message: 'Your subscription was suspended.' });
      },
      onError: (error) => {
        setIsSuspendOpen(false);
        showError(errorMessageFor(error, fill(ACCOUNT_ALERT_MESSAGES.suspendSubscriptionFailed)));
      },
    });
  }

  return (
    <>
      <Group gap="sm">
        {isRunning && (
          <Button component={Link} to={changeRoute}>
            Change plan
          </Button>
        )}
        {isStopped && (
          <Button onClick={startReactivation} loading={reactivate.isPending}>
            Reactivate
          </Button>
        )}
        {canChangeCard && (
          <Button variant="default" onClick={() => setIsCardOpen(true)}>
            Change card
          </Button>
        )}
        {isRunning && (
          <Button variant="subtle" color="red" onClick={() => setIsSuspendOpen(true)}>
            Suspend
          </Button>
        )}
      </Group>
      <ConfirmModal
        opened={isSuspendOpen}
        title="Suspend subscription"
        message={
          subscription.NextBillingDate
            ? `Monitoring continues until ${formatFriendlyDate(subscription.NextBillingDate)}, then stops, and you are not billed again. Suspend this subscription?`
            : 'Monitoring stops and you are not billed again. Suspend this subscription?'
        }
        confirmLabel="Suspend"
        confirmColor="red"
        cancelLabel="Keep it"
        isConfirming={suspend.isPending}
        onConfirm={confirmSuspend}
        onCancel={() => setIsSuspendOpen(false)}
      />
      {canChangeCard && (
        <ChangeCardModal
          opened={isCardOpen}
          onClose={() => setIsCardOpen(false)}
          userId={userId}
          customerId={customerId}
        />
      )}
      {!isBilled && (
        <ReactivateCardModal
          opened={isReactivateOpen}
          onClose={() => setIsReactivateOpen(false)}
          subscriptionId={subscription.Id}
          customerId={customerId}
          cardLabel={cardLabelOf(subscription.PaymentCard)}
        />
      )}
    </>
  );
}
