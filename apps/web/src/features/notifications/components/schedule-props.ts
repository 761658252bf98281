import type { UserDevice } from '@monitor/contract/user-devices';
import { isSamePuckSerial } from '../../../entities/device/lib/puck-serial';
import type { NotificationScheduleProps } from './notification-schedule';

/**
 * The schedule's props for a loaded user device: its own schedule, or one puck's when
 * `peripheralId` names a puck of the device. The device is named as the server names it in the
 * cap message (its name, else its serial); a sub-account's copy is read-only (device-management
 * §6: changes are the owner's).
 */
export function schedulePropsForDevice(
  device: UserDevice,
  peripheralId: string | null,
): NotificationScheduleProps {
  const puck = peripheralId
    ? device.Peripherals.find((p) => isSamePuckSerial(p.Id, peripheralId))
    : undefined;
  return {
    userDeviceId: device.Id,
    imei: device.DeviceId,
    deviceType: device.DeviceType,
    deviceName: device.Name || device.SerialNumber,
    serialNumber: device.SerialNumber,
    variant: puck ? 'puck' : 'device',
    puck: puck ? { id: puck.Id, logicLevel: puck.LogicLevel, name: puck.Name } : null,
    alarmToggles: {
      isTemperatureActive: device.TemperatureActive,
      isHumidityActive: device.HumidityActive,
    },
    isReadOnly: device.SubAccountDevice,
  };
}
