import type { UserDevice } from '@monitor/contract/user-devices';
import {
  isLiveChannelDevice,
  isLiveChannelDeviceCount,
  refreshThresholdMs,
} from '@monitor/domain/devices/live-channel';

/** Whether a device and the user's device count allow the live channel at all (device-management §4, §9). */
export function canUseLiveChannel(device: UserDevice, userDeviceCount: number): boolean {
  return (
    isLiveChannelDevice({
      deviceNsp: device.DeviceNSP,
      active: device.Active,
      memo: device.Memo,
    }) && isLiveChannelDeviceCount(userDeviceCount)
  );
}

/**
 * How often to poll the list: at the shortest refresh threshold among devices the live channel
 * does not serve (basic 15 min, PRO 5), or not at all when it serves every one (device-management §4).
 */
export function pollIntervalFor(devices: readonly UserDevice[] | undefined): number | false {
  const polled = (devices ?? []).filter(
    (device) => !canUseLiveChannel(device, devices?.length ?? 0),
  );
  if (polled.length === 0) return false;
  return Math.min(...polled.map((device) => refreshThresholdMs(device.DeviceType)));
}
