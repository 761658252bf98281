// Test-only: renders a notification schedule with the app's providers; production code never imports it.
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient } from '@tanstack/react-query';
import type { Notification } from '@monitor/contract/notifications';
import { AppProviders } from '../../../app/providers';
import { signInAs } from '../../../test/render-app';
import {
  NotificationSchedule,
  type NotificationScheduleProps,
} from '../components/notification-schedule';

export const USER_DEVICE_ID = 41;

/** A notification as the server answers it. */
export function aNotification(extra: Partial<Notification> = {}): Notification {
  return {
    Id: 1,
    DeviceId: USER_DEVICE_ID,
    PeripheralId: null,
    AlarmType: 'TEMP',
    AlarmTypeAlias: null,
    MessageType: 'EMAIL',
    MessageAddress: 'ellen@example.com',
    Message: 'URGENT: Temperature out of range. Please take action!',
    DisableAlarm: false,
    Status: null,
    LogicLevel: null,
    WaitMinutes: 0,
    RepeatMinutes: 0,
    RepeatCap: 3,
    TellAllClear: true,
    TellAcknowledged: true,
    ...extra,
  };
}

/** Renders a schedule for the signed-in demo user, with the app's providers. */
export function renderSchedule(props: Partial<NotificationScheduleProps> = {}) {
  signInAs();
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const user = userEvent.setup();
  const view = render(
    <AppProviders queryClient={queryClient} env="test">
      <NotificationSchedule
        userDeviceId={USER_DEVICE_ID}
        deviceType={4}
        deviceName="Unit"
        variant="device"
        {...props}
      />
    </AppProviders>,
  );
  return { ...view, user, queryClient };
}
