import { Container } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { Navigate, useParams } from 'react-router';
import { AlarmLog } from '../../features/alarms/components/alarm-log';
import { DeviceAlarmPanel } from '../../features/alarms/components/device-alarm-panel';
import { getUserDeviceQueryOptions } from '../../features/device-detail/api/get-user-device';
import { DeviceDetail } from '../../features/device-detail/components/device-detail';
import { useTempPref } from '../../features/device-detail/hooks/use-temp-pref';
import { isNistDevice } from '@monitor/domain/devices/device-types';
import { NistCertificate } from '../../features/history/components/nist-certificate';
import { NotificationSchedule } from '../../features/notifications/components/notification-schedule';
import { PuckActions } from '../../features/pucks/components/puck-actions';
import { SubscriptionTab } from '../../features/subscription/components/subscription-tab';
import { useSession } from '../../lib/session';
import { usePageTitle } from '../../lib/use-page-title';

/**
 * /devices/{userDeviceId} (device-management §2): the detail tabs with the notification schedule
 * in Change Settings; the unit's active alarms above them and its alarm log in Alarms (issue #23).
 */
export function DeviceDetailPage() {
  usePageTitle('Device details');
  const session = useSession();
  const userDeviceId = Number(useParams().userDeviceId);
  const queryClient = useQueryClient();
  const unit = useTempPref();
  if (!session.user) return null; // the login guard above never lets this happen
  if (!Number.isInteger(userDeviceId) || userDeviceId <= 0) {
    return <Navigate to="/devices" replace />;
  }
  const userId = session.user.Id;
  return (
    <Container size="lg" py={{ base: 'md', sm: 32 }}>
      <DeviceDetail
        userId={userId}
        userDeviceId={userDeviceId}
        renderNotificationSchedule={(target) => (
          <NotificationSchedule
            key={target.puck?.id ?? 'device'}
            userDeviceId={target.userDeviceId}
            imei={target.imei}
            deviceType={target.deviceType}
            deviceName={target.deviceName}
            serialNumber={target.serialNumber}
            puck={target.puck}
            variant={target.puck ? 'puck' : 'device'}
            alarmToggles={target.alarmToggles}
            enabledAlarms={target.enabledAlarms}
          />
        )}
        renderStatusExtras={(device) =>
          isNistDevice(device.DeviceType) ? <NistCertificate userDeviceId={device.Id} /> : null
        }
        renderSubscription={(device) => (
          <SubscriptionTab
            device={device}
            userId={userId}
            customerId={session.user?.CustomerId ?? null}
          />
        )}
        renderAlarmPanel={(device) => <DeviceAlarmPanel device={device} />}
        renderAlarms={(device) => <AlarmLog device={device} unit={unit} />}
        renderPuckActions={(puck) => (
          <PuckActions
            puck={{ id: puck.Id, name: puck.Name ?? 'SPuck' }}
            userDeviceId={userDeviceId}
            imei={puck.DeviceId ?? ''}
            onChanged={() =>
              void queryClient.invalidateQueries({
                queryKey: getUserDeviceQueryOptions({ userId, userDeviceId }).queryKey,
              })
            }
          />
        )}
      />
    </Container>
  );
}
