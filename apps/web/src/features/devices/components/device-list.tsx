import { memo, useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import {
  Button,
  Group,
  SegmentedControl,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { UserDevice } from '@monitor/contract/user-devices';
import { DEVICE_MANAGEMENT_MESSAGES } from '@monitor/domain/shared/device-messages';
import type { TempPref } from '@monitor/domain/shared/temperature';
import { useErrorModal } from '../../../components/ui/error-modal';
import { useUserDevices } from '../api/get-user-devices';
import { userDevicesQueryKey } from '../../../entities/device/api/user-devices-key';
import { withLiveReading } from '../../../entities/device/api/live-socket';
import { useLiveAlarmStates } from '../../../entities/device/hooks/use-live-alarm-states';
import { useLiveReading } from '../../../entities/device/hooks/use-live-reading';
import { deviceStatusOf } from '../../../entities/device/lib/device-status';
import {
  DEFAULT_DEVICE_SORT,
  DEVICE_SORT_OPTIONS,
  isDeviceSort,
  sortDevices,
  type DeviceSort,
} from '../lib/sort-devices';
import {
  chooseDeviceView,
  groupInPairs,
  readDeviceViewCookie,
  writeDeviceViewCookie,
  type DeviceView,
} from '../lib/view-choice';
import { useShownCount } from '../lib/use-shown-count';
import { DeviceCard } from './device-card';
import { DeviceRow } from './device-row';

export type DeviceListProps = {
  userId: number;
  tempPref: TempPref;
  /** The instant-update or pet-monitor button for a device's card. */
  renderActions?: (device: UserDevice) => ReactNode;
  /** A notice on a device's card, such as alarms that tell no one. */
  renderNotice?: (device: UserDevice) => ReactNode;
  /** A card's active alarms and snooze (issue #23). */
  renderAlarms?: (device: UserDevice) => ReactNode;
};

type LiveDeviceProps = {
  device: UserDevice;
  userId: number;
  userDeviceCount: number;
  tempPref: TempPref;
  view: DeviceView;
  onLiveError: () => void;
} & Pick<DeviceListProps, 'renderActions' | 'renderNotice' | 'renderAlarms'>;

/**
 * One device, drawn again only when its own props change: a live reading or an alarm refetch
 * gives a new object to the device it is about (the query keeps the others'), so one message
 * redraws one card, not all 200 (issue #26).
 */
const LiveDevice = memo(function LiveDevice({
  device,
  userId,
  userDeviceCount,
  tempPref,
  view,
  renderActions,
  renderNotice,
  renderAlarms,
  onLiveError,
}: LiveDeviceProps) {
  const queryClient = useQueryClient();
  const liveState = useLiveReading({
    device,
    userDeviceCount,
    onReading: (reading, shown) =>
      queryClient.setQueryData<UserDevice[]>(userDevicesQueryKey(userId), (devices) =>
        devices?.map((old) => (old.Id === shown.Id ? withLiveReading(old, reading) : old)),
      ),
    onError: onLiveError,
  });
  const isWaiting = liveState === 'waiting';
  return view === 'dashboard' ? (
    <DeviceCard
      device={device}
      userId={userId}
      tempPref={tempPref}
      isWaiting={isWaiting}
      actions={renderActions?.(device)}
      // Cards only: the notice loads the device's notifications, one call per device shown.
      notice={renderNotice?.(device)}
      // Cards only as well: the alarms load the unit's first log page, one call per card.
      alarms={renderAlarms?.(device)}
    />
  ) : (
    <DeviceRow device={device} tempPref={tempPref} isWaiting={isWaiting} />
  );
});

/** Drawn at once, then this many more a frame (useShownCount): about a screen and a half. */
const SHOWN = {
  dashboard: { first: 8, step: 8 },
  list: { first: 30, step: 30 },
} as const;

function ListSkeleton() {
  return (
    // A live region named for what loads: aria-label is not allowed on a plain element (axe).
    <Stack gap="md" role="status" aria-busy aria-label="Loading your devices">
      <Skeleton height={36} width={260} />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Skeleton height={280} radius="md" />
        <Skeleton height={280} radius="md" />
      </SimpleGrid>
    </Stack>
  );
}

function EmptyState() {
  return (
    <Stack align="center" gap="sm" py="xl" ta="center">
      <Title order={2} size="h3">
        No devices yet
      </Title>
      <Text c="dimmed" maw={420}>
        Register your first monitor to see its readings, alarms and sensor pucks here.
      </Text>
      <Button component={Link} to="/devices/add">
        Add a device
      </Button>
    </Stack>
  );
}

/**
 * The device list (device-management §2 "Device list"): list or dashboard view (remembered in a
 * cookie; list by default at 4 or more devices; dashboard cards in pairs), sort options 1 to 11,
 * and live readings on every device (device-management §4).
 */
export function DeviceList({
  userId,
  tempPref,
  renderActions,
  renderNotice,
  renderAlarms,
}: DeviceListProps) {
  const showError = useErrorModal();
  const { data: devices, isPending, isError } = useUserDevices(userId);
  // Alarm openings and closings of every device, whatever their number (decision 021).
  useLiveAlarmStates(userId);
  const [chosenView, setChosenView] = useState<DeviceView | null>(null);
  const [sort, setSort] = useState<DeviceSort>(DEFAULT_DEVICE_SORT);
  const hasShownLiveError = useRef(false);
  const view = chosenView ?? chooseDeviceView(readDeviceViewCookie(), devices?.length ?? 0);
  const shownCount = useShownCount(devices?.length ?? 0, SHOWN[view]);
  // The same function on every render, so a card's props change only with its device.
  const onLiveError = useCallback(() => {
    if (hasShownLiveError.current) return;
    hasShownLiveError.current = true;
    showError(DEVICE_MANAGEMENT_MESSAGES.latestReadingsFailed);
  }, [showError]);

  useEffect(() => {
    if (isError) showError(DEVICE_MANAGEMENT_MESSAGES.fetchUserDeviceFailed);
  }, [isError, showError]);

  if (isPending) return <ListSkeleton />;
  if (isError) {
    return (
      <Text c="dimmed" py="xl" ta="center">
        Your devices could not be loaded. Reload the page to try again.
      </Text>
    );
  }
  if (devices.length === 0) return <EmptyState />;

  const now = new Date();
  const sorted = sortDevices(devices, sort, (device) => deviceStatusOf(device, now).level).slice(
    0,
    shownCount,
  );
  const renderDevice = (device: UserDevice) => (
    <LiveDevice
      key={device.Id}
      device={device}
      userId={userId}
      userDeviceCount={devices.length}
      tempPref={tempPref}
      view={view}
      renderActions={renderActions}
      renderNotice={view === 'dashboard' ? renderNotice : undefined}
      renderAlarms={view === 'dashboard' ? renderAlarms : undefined}
      onLiveError={onLiveError}
    />
  );

  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <SegmentedControl
          aria-label="View"
          value={view}
          onChange={(value) => {
            const next: DeviceView = value === 'list' ? 'list' : 'dashboard';
            writeDeviceViewCookie(next);
            setChosenView(next);
          }}
          data={[
            { value: 'list', label: 'List' },
            { value: 'dashboard', label: 'Dashboard' },
          ]}
        />
        <Group gap="sm" align="flex-end" wrap="wrap" w={{ base: '100%', xs: 'auto' }}>
          <Select
            label="Sort by"
            data={DEVICE_SORT_OPTIONS.map((option) => ({ ...option }))}
            value={sort}
            onChange={(value) => setSort(isDeviceSort(value) ? value : DEFAULT_DEVICE_SORT)}
            allowDeselect={false}
            w={{ base: '100%', xs: 280 }}
          />
          {/* Not only on the empty list: an owner with devices adds more. */}
          <Button component={Link} to="/devices/add" variant="light">
            Add a device
          </Button>
        </Group>
      </Group>
      {view === 'dashboard' ? (
        <Stack gap="md">
          {groupInPairs(sorted).map((pair) => (
            <SimpleGrid key={pair.map((device) => device.Id).join('-')} cols={{ base: 1, sm: 2 }}>
              {pair.map(renderDevice)}
            </SimpleGrid>
          ))}
        </Stack>
      ) : (
        <Stack
          component="ul"
          gap="xs"
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
          aria-label="Devices"
        >
          {sorted.map(renderDevice)}
        </Stack>
      )}
    </Stack>
  );
}
