import { MESSAGES } from './messages';
import { STORE_ORDER_MESSAGES, STORE_SUB_ACCOUNT_MESSAGES } from './store-messages';

/* Device-management messages (device-management §8), shown word for word; see messages.ts. */

/**
 * device-management §8, except the rule outputs in devices/device-rule-messages.ts (instant-update
 * refusals, firmware and status errors).
 */
export const DEVICE_MANAGEMENT_MESSAGES = {
  fetchUserDeviceFailed: 'An error occurred fetching user device data.',
  loadDeviceInformationFailed: 'An error occurred loading device information.',
  fetchFirmwareDetailsFailed: "An error occurred fetching the Device's firmware details.",
  triggerRelayFailed: 'An error occurred triggering relay.',
  removeDeviceFailed: 'An error occurred removing the device.',
  loadNotificationsFailed: 'An error occurred while loading notifications.',
  saveNotificationFailed: 'An error occurred saving your notification.',
  updateNotificationFailed: 'An error occurred saving notification.',
  removeNotificationFailed: 'An error occurred while removing notification.',
  tooManyDeviceNotifications: (device: string) => `Too many notifications on the ${device}.`,
  tooManyPeripheralNotifications: (peripheral: string) =>
    `Too many notifications on this ${peripheral}`,
  /** Spelling kept as the spec writes it. */
  notificationLimitReached:
    'You have reached your maximum notificaiton limit. Please delete one in order to add more.',
  loadAlarmPointsFailed: 'An error occurred loading alarm points.',
  updateAlarmPointsFailed: 'An error occurred updating alarm point values.',
  addPeripheralFailed: (serverMessage: string) =>
    `An error occurred adding your new peripheral. ${serverMessage}`.trimEnd(),
  removePeripheralFailed: 'An error occurred removing peripheral.',
  /** Wording ours: the spec only says peripherals cannot be added beyond the maximum (16, §9). */
  peripheralLimitReached:
    'This device already has the maximum of 16 SPucks. Please remove one in order to add another.',
  peripheralServerError: MESSAGES.unexpectedServerError,
  replaceSpuckFailed: (message: string) => `Unable to replace SPuck, ${message}`,
  saveNewInformationFailed: 'An error occurred saving new information',
  sendTextFailed: 'An error occurred sending text',
  generateFileFailed: 'An error occurred generating the file.',
  loadDeviceDataFailed: 'An unexpected error occurred loading device data. Please try again.',
  latestReadingsFailed: 'An error occurred while retrieving latest readings.',
  nistCertificateFailed:
    "An error occurred downloading the device's NIST Certificate. Please contact customer support for further assistance.",
  recordsPeriodInvalid:
    'Cannot view records for given period, please select a different time period.',
  createSubAccountFailed: STORE_SUB_ACCOUNT_MESSAGES.createSubAccountFailed,
  addSubAccountToDeviceFailed: STORE_SUB_ACCOUNT_MESSAGES.addSubAccountToDeviceFailed,
  removeSubAccountFailed: STORE_SUB_ACCOUNT_MESSAGES.removeSubAccountFailed,
  userDeviceSerialFailed: STORE_SUB_ACCOUNT_MESSAGES.userDeviceSerialFailed,
  deviceCheckingFailed: STORE_SUB_ACCOUNT_MESSAGES.deviceCheckingFailed,
  deviceNotAssociated: STORE_SUB_ACCOUNT_MESSAGES.deviceNotAssociated,
  /** Wording ours for the fetch, edit and delete failures the spec names without quoting. */
  fetchSubAccountFailed: 'An error occurred fetching sub account details.',
  editSubAccountFailed: 'An error occurred editing sub account details.',
  deleteSubAccountFailed: 'An error occurred deleting sub account.',
  loadDebugListFailed: 'An error occurred loading the device debug list.',
  loadDebugDetailsFailed: 'An error occurred loading the device debug details.',
  /** Puck payment. */
  paymentFailed: STORE_ORDER_MESSAGES.paymentFailed,
  /** Location shown when a puck is not found. */
  spuckNotFound: 'SPuck not found',
} as const;
