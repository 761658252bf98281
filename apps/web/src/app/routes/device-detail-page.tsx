import { Container } from '@mantine/core';
import { Navigate, useParams } from 'react-router';
import { DeviceDetail } from '../../features/device-detail/components/device-detail';
import { NotificationSchedule } from '../../features/notifications/components/notification-schedule';
import { useSession } from '../../lib/session';
import { usePageTitle } from '../../lib/use-page-title';

/** /devices/{userDeviceId} (device-management §2): the detail tabs with the notification schedule in Change Settings. */
export function DeviceDetailPage() {
  usePageTitle('Device details');
  const session = useSession();
  const userDeviceId = Number(useParams().userDeviceId);
  if (!session.user) return null; // the login guard above never lets this happen
  if (!Number.isInteger(userDeviceId) || userDeviceId <= 0) {
    return <Navigate to="/devices" replace />;
  }
  return (
    <Container size="lg" py={{ base: 'md', sm: 32 }}>
      <DeviceDetail
        userId={session.user.Id}
        userDeviceId={userDeviceId}
        renderNotificationSchedule={(target) => (
          <NotificationSchedule
            key={target.puck?.id ?? 'device'}
            userDeviceId={target.userDeviceId}
            imei={target.imei}
            deviceType={target.deviceType}
            deviceName={target.deviceName}
            puck={target.puck}
            variant={target.puck ? 'puck' : 'device'}
            alarmToggles={target.alarmToggles}
          />
        )}
      />
    </Container>
  );
}
