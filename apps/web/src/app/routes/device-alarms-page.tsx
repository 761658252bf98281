import { Anchor, Container, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Link, Navigate, useParams } from 'react-router';
import { DeviceLoadAlert } from '../../components/ui/device-load-alert';
import { useLiveAlarmStates } from '../../entities/device/hooks/use-live-alarm-states';
import { AlarmLog } from '../../features/alarms/components/alarm-log';
import { SnoozeControl } from '../../features/alarms/components/snooze-control';
import { useUserDevice } from '../../features/device-detail/api/get-user-device';
import { useTempPref } from '../../features/device-detail/hooks/use-temp-pref';
import { useSession } from '../../lib/session';
import { usePageTitle } from '../../lib/use-page-title';

/**
 * /devices/{userDeviceId}/alarms (issue #23): the unit's alarm log on a page of its own, with the
 * owner's snooze above it; the detail page's Alarms tab shows the same log.
 */
export function DeviceAlarmsPage() {
  usePageTitle('Alarm log');
  const session = useSession();
  const userDeviceId = Number(useParams().userDeviceId);
  const isValidId = Number.isInteger(userDeviceId) && userDeviceId > 0;
  const userId = session.user?.Id ?? 0;
  const query = useUserDevice({ userId, userDeviceId: isValidId ? userDeviceId : 0 });
  const unit = useTempPref();
  // Openings, closings and acknowledgements made elsewhere reach this page too (decision 021).
  useLiveAlarmStates(userId);

  if (!session.user) return null; // the login guard above never lets this happen
  if (!isValidId) return <Navigate to="/devices" replace />;
  const device = query.data;
  const name = device ? (device.Name ?? device.SerialNumber) : null;

  return (
    <Container size="lg" py={{ base: 'md', sm: 32 }} px={{ base: 'sm', sm: 'md' }}>
      <Stack gap="lg">
        <div>
          <Anchor component={Link} to={`/devices/${userDeviceId}`} size="sm">
            ← {name ?? 'Device details'}
          </Anchor>
          <Title order={1} fz={{ base: 24, sm: 30 }}>
            {name ? `${name} alarms` : 'Alarm log'}
          </Title>
          {device && (
            <Text c="dimmed" size="sm">
              {[device.Location, `Serial ${device.SerialNumber}`].filter(Boolean).join(' · ')}
            </Text>
          )}
        </div>
        {query.isPending && <Skeleton height={240} aria-label="Loading the device" />}
        {query.isError && <DeviceLoadAlert error={query.error} />}
        {device && <SnoozeControl device={device} />}
        {device && <AlarmLog device={device} unit={unit} />}
      </Stack>
    </Container>
  );
}
