import { Container, Group, Title } from '@mantine/core';
import { parseTempPref } from '@monitor/domain/shared/temperature';
import { DeviceAlarmPanel } from '../../features/alarms/components/device-alarm-panel';
import { DeviceList } from '../../features/devices/components/device-list';
import { InstantUpdateButton } from '../../features/instant-update/components/instant-update-button';
import { UnnotifiedAlarmsNotice } from '../../features/notifications/components/unnotified-alarms';
import type { UserDevice } from '@monitor/contract/user-devices';
import { COOKIE, readCookie } from '../../lib/cookies';
import { useSession } from '../../lib/session';
import { usePageTitle } from '../../lib/use-page-title';
import { InstallAppButton } from '../pwa/install-prompt';

// Made once, not on each render: each card draws again only when its own device changes.
const renderActions = (device: UserDevice) =>
  device.SubAccountDevice ? null : (
    <InstantUpdateButton device={device} size="xs" variant="light" />
  );
const renderNotice = (device: UserDevice) => <UnnotifiedAlarmsNotice device={device} />;
const renderAlarms = (device: UserDevice) => <DeviceAlarmPanel device={device} />;

/**
 * /devices (device-management §2): the device list or dashboard; each card carries the
 * instant-update or pet-monitor button (a sub-account's device has none), and its active alarms
 * with Acknowledge and the owner's snooze (issue #23); and the browser's offer to install the app
 * (issue #27), here only.
 */
export function DevicesPage() {
  usePageTitle('My Devices');
  const session = useSession();
  if (!session.user) return null; // the login guard above never lets this happen
  const tempPref = parseTempPref(readCookie(COOKIE.tempPref) ?? session.user.UserPref?.TempPref);
  return (
    <Container size="lg" py={{ base: 'md', sm: 'xl' }} px={{ base: 'sm', sm: 'md' }}>
      <Group justify="space-between" align="center" mb="md" gap="xs">
        <Title order={1} size="h2">
          My Devices
        </Title>
        <InstallAppButton />
      </Group>
      <DeviceList
        userId={session.user.Id}
        tempPref={tempPref}
        renderActions={renderActions}
        renderNotice={renderNotice}
        renderAlarms={renderAlarms}
      />
    </Container>
  );
}
