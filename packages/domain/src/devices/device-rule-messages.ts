/**
 * Texts the device rules answer with that the §8 catalogue in ../shared/messages does not hold: the
 * refusals and gates of device-management §4 and accounts-devices-billing §5. The catalogue's own
 * entries (latest readings, notification caps, peripheral limit, "Update Failed") are used from
 * there. The instant-update refusals are paraphrased by the spec and worded here
 * (SPEC-NOTES.md). `{phone}` is filled with `fillBrand`.
 */
export const DEVICE_RULE_MESSAGES = {
  /** accounts-devices-billing §5: FirmwareVersion below 4. */
  deviceNoLongerSupported:
    'The device you have entered is no longer supported, please contact customer service at {phone}',
  /** device-management §8: a puck added to a device with firmware below 8. */
  pucksNeedNewerFirmware:
    "Your device's firmware is not eligible for the upgraded SPucks. Please upgrade your device to continue.",
  /** device-management §4: shown while the live channel waits. */
  loadingLatestReadings: 'Loading latest readings',
  /** Issue #24: a unit with no report yet, N being how often its type reports (§4 thresholds). */
  waitingForFirstReport: (minutes: number) =>
    `Waiting for the first report — plug the unit in; it reports within ${minutes} minutes`,
  /** device-management §5. */
  selectAtLeastOneAlarmType: 'Please select at least one alarm type.',
  /** device-management §8: basic model with Power 0. */
  instantUpdateDeviceOff:
    'This device is currently OFF. An Instant Update can only be requested when the device is ON and its outlet has power.',
  /** device-management §8: Mute 1. */
  instantUpdateDeviceMuted:
    'The status of this device is Device OFF. An Instant Update can only be requested when the device is ON.',
  /** device-management §8: Active not 1. */
  instantUpdateDeviceInactive:
    'This device is not active. An Instant Update can only be requested for an active device.',
  /** device-management §4, §8: pet monitor still in its window, with the hours remaining. */
  petMonitorStillActive: (hoursRemaining: number) =>
    `Pet Monitor is still active on this device. It reports every 20 minutes for ${hoursRemaining} more ${hoursRemaining === 1 ? 'hour' : 'hours'}.`,
} as const;
