import { useState, type ReactNode } from 'react';
import { Anchor, Button, Card, Collapse, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import type { UserDevice } from '@monitor/contract/user-devices';
import { displaySignalStrength } from '@monitor/domain/devices/last-read';
import { DEVICE_MANAGEMENT_MESSAGES } from '@monitor/domain/shared/device-messages';
import { canAddPeripheral } from '@monitor/domain/devices/pucks';
import type { TempPref } from '@monitor/domain/shared/temperature';
import { useErrorModal } from '../../../components/ui/error-modal';
import { useFirstOpen } from '../../../components/ui/use-first-open';
import { SIGNAL_SCALE, switchReadingsOf } from '../../../entities/device/lib/device-status';
import { powerStatusOf } from '../../../entities/device/lib/device-facts';
import { AlarmPointsSummary } from './alarm-points-summary';
import { DeviceCardActions } from './device-card-actions';
import { DeviceReading } from './device-reading';
import { skippedOffScreen } from './off-screen';
import { PeripheralsPanel } from './peripherals-panel';
import { DeviceStatusBadge } from './device-status-badge';

export type DeviceCardProps = {
  device: UserDevice;
  userId: number;
  tempPref: TempPref;
  /** The live channel is waiting for its first reading. */
  isWaiting: boolean;
  /** The instant-update or pet-monitor button, composed by the page. */
  actions?: ReactNode;
  /** What the page has to say about the device, such as alarms that tell no one. */
  notice?: ReactNode;
  /** The unit's active alarms with Acknowledge, and the owner's snooze (issue #23). */
  alarms?: ReactNode;
};

/** Power OFF in red, Device OFF in yellow; the words say it as well (device-management §4). */
const POWER_COLOUR = { 0: undefined, 1: 'yellow.8', 2: 'red.7' } as const;

const CARD_STYLE = skippedOffScreen(380);

function Fact({ label, children, c }: { label: string; children: ReactNode; c?: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={600} c={c}>
        {children}
      </Text>
    </Stack>
  );
}

/**
 * One device on the dashboard (device-management §2 "Dashboard card"): reading, status, power,
 * signal, alarm points, the peripherals panel, and the device's actions.
 */
export function DeviceCard({
  device,
  userId,
  tempPref,
  isWaiting,
  actions,
  notice,
  alarms,
}: DeviceCardProps) {
  const navigate = useNavigate();
  const showError = useErrorModal();
  const [isPanelOpen, setPanelOpen] = useState(false);
  const panel = useFirstOpen(isPanelOpen);
  const power = powerStatusOf(device);
  const signal = displaySignalStrength(device.LastRead?.SignalStrength);
  const name = device.Name ?? device.SerialNumber;
  const puckCount = device.Peripherals.length;
  const panelId = `spucks-${device.Id}`;

  function addPuck() {
    if (!canAddPeripheral(puckCount)) {
      showError(DEVICE_MANAGEMENT_MESSAGES.peripheralLimitReached);
      return;
    }
    void navigate(`/devices/${device.Id}/peripherals/add`);
  }

  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      component="article"
      aria-label={name}
      style={CARD_STYLE}
    >
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Anchor component={Link} to={`/devices/${device.Id}`} fw={700} size="lg" truncate>
              {name}
            </Anchor>
            <Text size="sm" c="dimmed" truncate>
              {device.Location || 'No location set'}
            </Text>
          </Stack>
          <DeviceStatusBadge device={device} label={`${name} status`} />
        </Group>
        <DeviceReading device={device} tempPref={tempPref} isWaiting={isWaiting} />
        {alarms}
        <SimpleGrid cols={3} spacing="xs">
          <Fact label="Power" c={power ? POWER_COLOUR[power.level] : undefined}>
            {power?.label ?? '--'}
          </Fact>
          <Fact label="Signal strength">
            {signal === null ? '--' : `${signal} out of ${SIGNAL_SCALE}`}
          </Fact>
          <Fact label="SPucks">{puckCount}</Fact>
          {switchReadingsOf(device).map(({ sensor, isDetected }) => (
            <Fact key={sensor} label={sensor} c={isDetected ? 'red.7' : undefined}>
              {isDetected ? 'Detected' : 'None'}
            </Fact>
          ))}
        </SimpleGrid>
        <AlarmPointsSummary device={device} tempPref={tempPref} />
        {notice}
        <Group gap="xs">
          <Button
            variant="light"
            size="xs"
            onClick={() => setPanelOpen((open) => !open)}
            aria-expanded={isPanelOpen}
            aria-controls={panelId}
          >
            {isPanelOpen ? 'Hide SPucks' : 'Show SPucks'}
          </Button>
          {!device.SubAccountDevice && (
            <Button
              variant="default"
              size="xs"
              onClick={addPuck}
              aria-label={`Add a SPuck to ${name}`}
            >
              Add SPuck
            </Button>
          )}
          {actions}
        </Group>
        {/* The panel's container is always there for aria-controls; its content mounts on first opening. */}
        <div id={panelId}>
          {panel.isMounted && (
            <Collapse expanded={panel.isOpened}>
              <PeripheralsPanel userDeviceId={device.Id} isOpen={isPanelOpen} />
            </Collapse>
          )}
        </div>
        <DeviceCardActions device={device} userId={userId} />
      </Stack>
    </Card>
  );
}
