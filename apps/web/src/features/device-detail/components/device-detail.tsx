import type { ReactNode } from 'react';
import { Anchor, Button, Group, Stack, Tabs, Text, Title } from '@mantine/core';
import type { UserDevice } from '@monitor/contract/user-devices';
import { Link, Navigate, useSearchParams } from 'react-router';
import { subAccountsPath } from '../../../entities/device/lib/sub-accounts-path';
import { useUserDevice } from '../api/get-user-device';
import { useAlarmChangeReport } from '../hooks/use-alarm-change-report';
import { useDetailLiveReading } from '../hooks/use-detail-live-reading';
import { useLiveAlarmStates } from '../../../entities/device/hooks/use-live-alarm-states';
import { useNow } from '../../../lib/use-now';
import { useTempPref } from '../hooks/use-temp-pref';
import { DETAIL_TABS, resolveDetailView, VIEW_OF_TAB, type DetailTab } from '../lib/detail-tabs';
import { DeviceDetailSkeleton } from './device-detail-skeleton';
import { DeviceInformationForm, type RenderNotificationSchedule } from './device-information-form';
import { DeviceStatusPanel } from './device-status-panel';
import { PuckStatusPanel, type PuckStatusPanelProps } from './puck-status-panel';
import { DeviceLoadAlert } from '../../../components/ui/device-load-alert';

export type DeviceDetailProps = {
  userId: number;
  userDeviceId: number;
  /** Slot for the notification schedule in the Change Settings tab. */
  renderNotificationSchedule?: RenderNotificationSchedule;
  /** Slot for a puck's replace and remove actions on the SPuck Status tab; the owner's only. */
  renderPuckActions?: PuckStatusPanelProps['renderPuckActions'];
  /** Slot below the Device Status widgets (the NIST certificate of a NIST unit). */
  renderStatusExtras?: (device: UserDevice) => ReactNode;
  /** The Subscription tab's content (the subscription feature). */
  renderSubscription?: (device: UserDevice) => ReactNode;
  /** Above the tabs: the unit's active alarms, Acknowledge and the owner's snooze (issue #23). */
  renderAlarmPanel?: (device: UserDevice) => ReactNode;
  /** The Alarms tab's content: the alarm log (issue #23). */
  renderAlarms?: (device: UserDevice) => ReactNode;
};

/** /devices/{userDeviceId}: the tabs, chosen by the `view` query (device-management §2; Alarms, issue #23). */
export function DeviceDetail({
  userId,
  userDeviceId,
  renderNotificationSchedule,
  renderPuckActions,
  renderStatusExtras,
  renderSubscription,
  renderAlarmPanel,
  renderAlarms,
}: DeviceDetailProps) {
  const [params, setParams] = useSearchParams();
  const spuckId = params.get('spuckid');
  const target = resolveDetailView(userDeviceId, params.get('view'), spuckId);
  const query = useUserDevice({ userId, userDeviceId });
  const unit = useTempPref();
  const now = useNow();
  const reportAfterChange = useAlarmChangeReport(userDeviceId);
  const liveState = useDetailLiveReading(query.data, userId);
  // Alarm openings and closings reach this page within seconds (decision 021).
  useLiveAlarmStates(userId);

  if ('redirect' in target) return <Navigate to={target.redirect} replace />;

  function selectTab(next: string | null) {
    const tab = DETAIL_TABS.find((candidate) => candidate.value === next)?.value;
    if (!tab) return;
    const view = VIEW_OF_TAB[tab];
    setParams(view ? { view } : {}, { replace: false });
  }

  if (query.isPending) return <DeviceDetailSkeleton />;
  // Said once, with the way back to the list; an 'Error!' dialog on top repeated it.
  if (query.isError) {
    return (
      <Stack gap="md">
        <Title order={1} fz={{ base: 24, sm: 30 }}>
          Device details
        </Title>
        <DeviceLoadAlert error={query.error} />
      </Stack>
    );
  }

  const device = query.data;
  const tab: DetailTab = target.tab;
  const statusExtras = renderStatusExtras?.(device);
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <div>
          <Anchor component={Link} to="/devices" size="sm">
            ← My devices
          </Anchor>
          <Title order={1} fz={{ base: 24, sm: 30 }}>
            {device.Name ?? device.SerialNumber}
          </Title>
          <Text c="dimmed" size="sm">
            {[device.Location, `Serial ${device.SerialNumber}`].filter(Boolean).join(' · ')}
          </Text>
        </div>
        <Group gap="xs">
          {subAccountsPath(device) && (
            <Button component={Link} to={subAccountsPath(device) ?? ''} variant="default">
              Sub-accounts
            </Button>
          )}
          <Button component={Link} to={`/devices/${device.Id}/history`} variant="default">
            History
          </Button>
        </Group>
      </Group>
      {renderAlarmPanel?.(device)}
      <Tabs value={tab} onChange={selectTab} keepMounted={false}>
        {/* The list wraps on a phone so the selected tab is always in sight. */}
        <Tabs.List>
          {DETAIL_TABS.map((candidate) => (
            <Tabs.Tab key={candidate.value} value={candidate.value}>
              {candidate.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="status" pt="md">
          <DeviceStatusPanel device={device} unit={unit} now={now} liveState={liveState} />
          {statusExtras && <Stack mt="lg">{statusExtras}</Stack>}
        </Tabs.Panel>
        <Tabs.Panel value="settings" pt="md">
          <DeviceInformationForm
            device={device}
            userId={userId}
            unit={unit}
            initialPuckId={spuckId}
            onAlarmChange={reportAfterChange}
            renderNotificationSchedule={renderNotificationSchedule}
          />
        </Tabs.Panel>
        <Tabs.Panel value="subscription" pt="md">
          {renderSubscription?.(device)}
        </Tabs.Panel>
        <Tabs.Panel value="spucks" pt="md">
          <PuckStatusPanel
            pucks={device.Peripherals}
            userDeviceId={device.Id}
            unit={unit}
            now={now}
            selectedPuckId={spuckId}
            // A sub-account reads a shared device; changes are the owner's (device-management §6).
            renderPuckActions={device.SubAccountDevice ? undefined : renderPuckActions}
          />
        </Tabs.Panel>
        <Tabs.Panel value="alarms" pt="md">
          {renderAlarms?.(device)}
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
