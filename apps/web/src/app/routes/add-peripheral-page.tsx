import { Anchor, Container, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { Link, Navigate, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import {
  getUserDeviceQueryOptions,
  useUserDevice,
} from '../../features/device-detail/api/get-user-device';
import { useTempPref } from '../../features/device-detail/hooks/use-temp-pref';
import { NotificationSchedule } from '../../features/notifications/components/notification-schedule';
import { AddPuckWizard } from '../../features/pucks/components/add-puck-wizard';
import { useSession } from '../../lib/session';
import { usePageTitle } from '../../lib/use-page-title';
import { DeviceLoadAlert } from '../../components/ui/device-load-alert';

/** Query flag of multiple-puck mode, set when the user registers another puck (device-management §4). */
const MULTIPLE_PARAM = 'multiple';

/**
 * /devices/{userDeviceId}/peripherals/add (device-management §2, §4 "Add puck flow"): the wizard,
 * with the puck variant of the notification schedule as its step 2.
 */
export function AddPeripheralPage() {
  usePageTitle('Add a sensor puck');
  const session = useSession();
  const userDeviceId = Number(useParams().userDeviceId);
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const userId = session.user?.Id ?? 0;
  const isValidId = Number.isInteger(userDeviceId) && userDeviceId > 0;
  const query = useUserDevice({ userId, userDeviceId: isValidId ? userDeviceId : 0 });
  const unit = useTempPref();

  if (!session.user) return null; // the login guard above never lets this happen
  if (!isValidId) return <Navigate to="/devices" replace />;

  const device = query.data;
  return (
    <Container size="md" py={{ base: 'md', sm: 32 }}>
      <Stack gap="lg">
        <div>
          <Anchor component={Link} to="/devices" size="sm">
            ← My devices
          </Anchor>
          <Title order={1} fz={{ base: 24, sm: 30 }}>
            Add a sensor puck
          </Title>
          {device && (
            <Text c="dimmed" size="sm">
              to {device.Name ?? device.SerialNumber}
            </Text>
          )}
        </div>
        {query.isPending && <Skeleton height={240} aria-label="Loading the device" />}
        {query.isError && <DeviceLoadAlert error={query.error} />}
        {device && (
          <AddPuckWizard
            // A new visit (register another) starts the wizard over, as the spec's page reload does.
            key={location.key}
            device={device}
            unit={unit}
            isMultiple={params.get(MULTIPLE_PARAM) === 'true'}
            renderNotifications={(puck) => (
              <NotificationSchedule
                userDeviceId={device.Id}
                imei={device.DeviceId}
                deviceType={device.DeviceType}
                deviceName={device.Name || device.SerialNumber}
                puck={puck}
                variant="puck"
                alarmToggles={{
                  isTemperatureActive: device.TemperatureActive,
                  isHumidityActive: device.HumidityActive,
                }}
              />
            )}
            onRegisterAnother={() => {
              // The device's puck count changed: the 16 cap is checked against a fresh copy.
              void queryClient.invalidateQueries({
                queryKey: getUserDeviceQueryOptions({ userId, userDeviceId }).queryKey,
              });
              void navigate(`?${MULTIPLE_PARAM}=true`);
            }}
          />
        )}
      </Stack>
    </Container>
  );
}
