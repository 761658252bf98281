/**
 * Device-type families by model. A device's type is a small number (UserDevice.DeviceType,
 * Device.DeviceType); the spec sorts the numbers into overlapping families, and gives the PRO
 * family twice: a short list the dashboard uses and a wider one used elsewhere. Both are kept, and
 * a caller names the setting it is in (see SPEC-NOTES.md). How each billing family
 * pays is in ../billing/billing-users.
 */
export type DeviceType = number;

/** Test devices: no payment, registration completes directly (accounts-devices-billing §4). */
export const TEST_DEVICE_TYPES: readonly DeviceType[] = [2, 3, 5, 10, 12, 14, 18];

/** Billed-customer (invoice) devices, with no card subscription (accounts-devices-billing §4). */
export const BILLED_DEVICE_TYPES: readonly DeviceType[] = [6, 7, 8];

/** Devices whose readings belong to a billable subscription (device-management §4, §6). */
export const BILLABLE_SUBSCRIPTION_DEVICE_TYPES: readonly DeviceType[] = [6, 7];

/** PRO types as the dashboard counts them (device-management §4). */
export const DASHBOARD_PRO_DEVICE_TYPES: readonly DeviceType[] = [4, 5];

/** PRO types in every other setting (device-management §4; accounts-devices-billing §4). */
export const PRO_DEVICE_TYPES: readonly DeviceType[] = [4, 5, 7, 11, 12, 13, 14, 17, 18, 19];

/** Basic models (device-management §4). */
export const BASIC_DEVICE_TYPES: readonly DeviceType[] = [1, 2, 6];

/** NIST-certified models: no humidity alarm or notification, only TEMP and POWER (device-management §4). */
export const NIST_DEVICE_TYPES: readonly DeviceType[] = [8, 9, 10];

/** NIST models that hide humidity altogether (device-management §4). */
export const HUMIDITY_HIDDEN_DEVICE_TYPES: readonly DeviceType[] = [9, 10];

/** Where a PRO check is made: the dashboard's short list, or the wider list used elsewhere. */
export type ProSetting = 'dashboard' | 'general';

/** Whether a type is a test device, registered without payment (accounts-devices-billing §4). */
export function isTestDevice(type: DeviceType): boolean {
  return TEST_DEVICE_TYPES.includes(type);
}

/** Whether a type is a billed-customer (invoice) device (accounts-devices-billing §4). */
export function isBilledDevice(type: DeviceType): boolean {
  return BILLED_DEVICE_TYPES.includes(type);
}

/** Whether a type's readings belong to a billable subscription, types 6 and 7 (device-management §4). */
export function isBillableSubscriptionDevice(type: DeviceType): boolean {
  return BILLABLE_SUBSCRIPTION_DEVICE_TYPES.includes(type);
}

/** Whether a type is PRO in the given setting: 4, 5 on the dashboard, the wider list elsewhere (device-management §4). */
export function isProDevice(type: DeviceType, setting: ProSetting): boolean {
  return (setting === 'dashboard' ? DASHBOARD_PRO_DEVICE_TYPES : PRO_DEVICE_TYPES).includes(type);
}

/** Whether a type is a basic model, 1, 2 or 6 (device-management §4). */
export function isBasicDevice(type: DeviceType): boolean {
  return BASIC_DEVICE_TYPES.includes(type);
}

/** Whether a type is NIST-certified, 8, 9 or 10 (device-management §4). */
export function isNistDevice(type: DeviceType): boolean {
  return NIST_DEVICE_TYPES.includes(type);
}

/** Whether a type has a humidity alarm and humidity notifications: every type but NIST (device-management §4). */
export function hasHumidityAlarm(type: DeviceType): boolean {
  return !isNistDevice(type);
}

/** Whether humidity is shown at all: hidden on NIST types 9 and 10 (device-management §4). */
export function isHumidityShown(type: DeviceType): boolean {
  return !HUMIDITY_HIDDEN_DEVICE_TYPES.includes(type);
}

/** The device's own alarm types: TEMP, HUMIDITY, POWER, or only TEMP and POWER on NIST (device-management §4). */
export function deviceAlarmTypes(type: DeviceType): ('TEMP' | 'HUMIDITY' | 'POWER')[] {
  return hasHumidityAlarm(type) ? ['TEMP', 'HUMIDITY', 'POWER'] : ['TEMP', 'POWER'];
}

/** The model family a type belongs to; ranges, sliders and refresh thresholds differ by it. */
export type DeviceModel = 'basic' | 'pro' | 'nist';

/**
 * A type's model family in the given setting: NIST for 8, 9, 10, PRO by the setting's list, and
 * basic for the rest, since a type in neither list gets the basic defaults (device-management §4).
 */
export function findDeviceModel(type: DeviceType, setting: ProSetting): DeviceModel {
  if (isNistDevice(type)) return 'nist';
  return isProDevice(type, setting) ? 'pro' : 'basic';
}
