import { isNistDevice, isProDevice, type DeviceType } from '@monitor/domain/devices/device-types';

/**
 * The owner's sub-account page for a device: professional and NIST devices have one each
 * (device-management §2); a sub-account's own view of a device has none. Shared by the dashboard
 * card and the detail page so both offer the same page for the same device.
 */
export function subAccountsPath(device: {
  Id: number;
  DeviceType: DeviceType;
  SubAccountDevice: boolean;
}): string | null {
  if (device.SubAccountDevice) return null;
  if (isNistDevice(device.DeviceType)) return `/devices/${device.Id}/nistdevice`;
  if (isProDevice(device.DeviceType, 'general')) return `/devices/${device.Id}/marcellpro`;
  return null;
}
