import type { UserDevice } from '@monitor/contract/user-devices';
import { DEVICE_RULE_MESSAGES } from '@monitor/domain/devices/device-rule-messages';
import { reportIntervalMinutes } from '@monitor/domain/devices/live-channel';
import { DeviceTime } from '../../../components/ui/device-time';

/**
 * The line under a unit's reading, on the list, the dashboard and the detail page alike: its last
 * report as soon as the list answers, with 'Loading latest readings' beside it while the live
 * channel waits (device-management §4); a unit that never reported says how to start it, since
 * the channel would wait forever for it (issue #24).
 */
export function LastReport({ device, isWaiting }: { device: UserDevice; isWaiting: boolean }) {
  const read = device.LastRead;
  if (!read) {
    return (
      <>{DEVICE_RULE_MESSAGES.waitingForFirstReport(reportIntervalMinutes(device.DeviceType))}</>
    );
  }
  return (
    <>
      Last report: <DeviceTime at={read.ReportTimestamp} timeZone={device.TimeZone} />
      {isWaiting && ` · ${DEVICE_RULE_MESSAGES.loadingLatestReadings}`}
    </>
  );
}
