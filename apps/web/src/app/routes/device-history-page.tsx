import { Alert, Anchor, Button, Container, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Link, Navigate, useParams, useSearchParams } from 'react-router';
import type { Peripheral } from '@monitor/contract/peripherals';
import type { UserDevice } from '@monitor/contract/user-devices';
import { isSamePuckSerial } from '../../entities/device/lib/puck-serial';
import { useUserDevice } from '../../features/device-detail/api/get-user-device';
import { useTempPref } from '../../features/device-detail/hooks/use-temp-pref';
import { HistoryView } from '../../features/history/components/history-view';
import { WeeklyReportSwitch } from '../../features/history/components/weekly-report-switch';
import { useSession } from '../../lib/session';
import { useNow } from '../../lib/use-now';
import { usePageTitle } from '../../lib/use-page-title';
import { DeviceLoadAlert } from '../../components/ui/device-load-alert';

/**
 * /devices/{userDeviceId}/history (device-management §2): the unit's history; `?at=` (an ISO
 * time, from the alarm log's "See on the graph", issue #23) opens the day of that moment.
 */
export function DeviceHistoryPage() {
  return <HistoryPage variant="device" />;
}

/** /devices/{userDeviceId}/spuckhistory?spuckid= (device-management §2): one puck's history. */
export function PuckHistoryPage() {
  return <HistoryPage variant="puck" />;
}

function HistoryPage({ variant }: { variant: 'device' | 'puck' }) {
  usePageTitle(variant === 'puck' ? 'SPuck history' : 'Device history');
  const session = useSession();
  const userDeviceId = Number(useParams().userDeviceId);
  const [params] = useSearchParams();
  const spuckId = params.get('spuckid');
  const atParam = params.get('at');
  const initialAt = atParam ? new Date(atParam) : null;
  const isValidId = Number.isInteger(userDeviceId) && userDeviceId > 0;
  const userId = session.user?.Id ?? 0;
  const query = useUserDevice({ userId, userDeviceId: isValidId ? userDeviceId : 0 });
  const unit = useTempPref();
  const now = useNow();

  if (!session.user) return null; // the login guard above never lets this happen
  if (!isValidId) return <Navigate to="/devices" replace />;
  if (variant === 'puck' && !spuckId)
    return <Navigate to={`/devices/${userDeviceId}?view=spuckstatus`} replace />;

  const device = query.data;
  const puck =
    variant === 'puck' && device
      ? (device.Peripherals.find((candidate) => isSamePuckSerial(candidate.Id, spuckId)) ?? null)
      : null;

  return (
    <Container size="lg" py={{ base: 'md', sm: 32 }} px={{ base: 'sm', sm: 'md' }}>
      <Stack gap="lg">
        <HistoryHeading device={device} puck={puck} userDeviceId={userDeviceId} variant={variant} />
        {query.isPending && <Skeleton height={360} aria-label="Loading the device" />}
        {query.isError && <DeviceLoadAlert error={query.error} />}
        {device && variant === 'puck' && !puck && (
          <Alert color="red" role="alert" title="SPuck not found">
            <Stack gap="sm" align="flex-start">
              <Text>This device has no SPuck {spuckId}.</Text>
              <Button
                component={Link}
                to={`/devices/${userDeviceId}?view=spuckstatus`}
                variant="light"
              >
                Back to the SPucks
              </Button>
            </Stack>
          </Alert>
        )}
        {device && (variant === 'device' || puck) && (
          <HistoryView
            key={puck?.Id ?? 'device'}
            userId={userId}
            device={device}
            puck={puck}
            unit={unit}
            now={now}
            initialAt={initialAt}
          />
        )}
        {device && variant === 'device' && <WeeklyReportSwitch device={device} />}
      </Stack>
    </Container>
  );
}

function HistoryHeading({
  device,
  puck,
  userDeviceId,
  variant,
}: {
  device: UserDevice | undefined;
  puck: Peripheral | null;
  userDeviceId: number;
  variant: 'device' | 'puck';
}) {
  const deviceName = device ? (device.Name ?? device.SerialNumber) : null;
  const puckName = puck ? (puck.Name ?? `SPuck ${puck.SerialNumber}`) : null;
  const details = puck
    ? [puck.Location, `SPuck ${puck.SerialNumber}`, `on ${deviceName ?? 'this device'}`]
    : [device?.Location, device && `Serial ${device.SerialNumber}`];
  return (
    <div>
      <Anchor
        component={Link}
        to={
          variant === 'puck'
            ? `/devices/${userDeviceId}?view=spuckstatus`
            : `/devices/${userDeviceId}`
        }
        size="sm"
      >
        ← {deviceName ?? 'Device details'}
      </Anchor>
      <Title order={1} fz={{ base: 24, sm: 30 }}>
        {variant === 'puck'
          ? `${puckName ?? 'SPuck'} history`
          : `${deviceName ?? 'Device'} history`}
      </Title>
      {device && (
        <Text c="dimmed" size="sm">
          {details.filter(Boolean).join(' · ')}
        </Text>
      )}
    </div>
  );
}
