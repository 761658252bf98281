import type { z } from 'zod';
import type { DeviceBySerial } from '@monitor/contract/user-devices';
import type {
  DeviceRegistrationRequest,
  RegistrationNotification,
  RegistrationSubscription,
} from '@monitor/contract/registration';
import {
  DEFAULT_HUMIDITY_RANGE,
  WIZARD_TEMPERATURE_RANGE,
  temperatureModelOf,
} from '@monitor/domain/alarms/alarm-ranges';
import {
  buildDefaultNotifications,
  type AlarmType,
  type NotificationDraft,
} from '@monitor/domain/alarms/notifications';
import {
  checkBilledUserDevice,
  findDeviceBillingFamily,
  type DeviceBillingFamily,
} from '@monitor/domain/billing/billing-users';
import { deviceAlarmTypes, hasHumidityAlarm } from '@monitor/domain/devices/device-types';
import { isDeviceFirmwareSupported } from '@monitor/domain/devices/firmware';
import { DEFAULT_TIME_ZONE_OFFSET } from '@monitor/domain/devices/time-zones';
import {
  ENTRY_TEMPERATURE_DECIMALS,
  fahrenheit,
  fromStoredFahrenheit,
  type TempPref,
} from '@monitor/domain/shared/temperature';
import { checkRangeEntry } from '../../../entities/device/lib/range-entry';
import type { RangeEntry } from '../../../components/ui/range-fields';

/** The wizard's four steps (accounts-devices-billing §2, §9 "Wizard: 4 steps"). */
export const WIZARD_STEPS = [
  'Device Information',
  'Device Ranges',
  'Notification Schedule',
  'Billing Information',
] as const;

const LAST_STEP = WIZARD_STEPS.length - 1;

/** Back is allowed above step 1 only (accounts-devices-billing §4 "Wizard"). */
export function stepBack(step: number): number {
  return step > 0 ? step - 1 : step;
}

/** Next is ignored on the last step (accounts-devices-billing §4 "Wizard"). */
export function stepNext(step: number): number {
  return step < LAST_STEP ? step + 1 : step;
}

export const isLastStep = (step: number) => step === LAST_STEP;

/** Step 1: the unit found for the serial, and what the user named it. */
export type DeviceInformation = {
  serial: string;
  device: DeviceBySerial;
  name: string;
  location: string;
  timeZone: number;
};

export const DEFAULT_TIME_ZONE = DEFAULT_TIME_ZONE_OFFSET;

/** What the serial's unit means for this account (accounts-devices-billing §5). */
export type DeviceCheck =
  { kind: 'ok' } | { kind: 'unsupported-firmware' } | { kind: 'wrong-account'; message: string };

/**
 * A found unit is refused when its firmware is below 4 (the wizard is then cancelled), or when a
 * billed account and the type do not go together; `{phone}` is left for the brand.
 */
export function checkFoundDevice(device: DeviceBySerial, billingCheck: number | null): DeviceCheck {
  if (!isDeviceFirmwareSupported(device.FirmwareVersion)) return { kind: 'unsupported-firmware' };
  if (billingCheck !== null) {
    // The accounts-payable contact is the server's to check; the type rules are known here.
    const billed = checkBilledUserDevice({
      billingCheckResult: billingCheck,
      deviceType: device.DeviceType,
      hasApContact: true,
    });
    if (!billed.isValid) return { kind: 'wrong-account', message: billed.message };
  }
  return { kind: 'ok' };
}

/** Step 2: the two ranges as typed, in the user's unit, each with its enable toggle. */
export type RangeSettings = {
  temperature: RangeEntry;
  temperatureEnabled: boolean;
  humidity: RangeEntry;
  humidityEnabled: boolean;
};

/**
 * The wizard's starting ranges (accounts-devices-billing §9): temperature 40–80 °F shown in the
 * user's unit to a tenth (4.4–26.7 °C), humidity 10–70 %, both enabled.
 */
export function defaultRangeSettings(unit: TempPref): RangeSettings {
  const toUnit = (value: number) =>
    fromStoredFahrenheit(fahrenheit(value), unit, ENTRY_TEMPERATURE_DECIMALS);
  return {
    temperature: {
      rangeMin: toUnit(WIZARD_TEMPERATURE_RANGE.min),
      rangeMax: toUnit(WIZARD_TEMPERATURE_RANGE.max),
    },
    temperatureEnabled: true,
    humidity: { rangeMin: DEFAULT_HUMIDITY_RANGE.min, rangeMax: DEFAULT_HUMIDITY_RANGE.max },
    humidityEnabled: true,
  };
}

export type RangeProblems = { temperature: string | null; humidity: string | null };

/**
 * Checks the enabled ranges (accounts-devices-billing §5: temperature -999 to 999 °F or -573 to
 * 537 °C, humidity 0 to 100, low not above high); a NIST type has no humidity (§4).
 */
export function checkRangeSettings(
  settings: RangeSettings,
  { deviceType, unit }: { deviceType: number; unit: TempPref },
): RangeProblems {
  const model = temperatureModelOf(deviceType);
  const problem = (sensor: 'TEMP' | 'HUMIDITY', entry: RangeEntry) => {
    const check = checkRangeEntry(sensor, entry, { model, unit });
    return check.isValid ? null : check.message;
  };
  return {
    temperature: settings.temperatureEnabled ? problem('TEMP', settings.temperature) : null,
    humidity:
      hasHumidityAlarm(deviceType) && settings.humidityEnabled
        ? problem('HUMIDITY', settings.humidity)
        : null,
  };
}

/** The alarm types a new device's rules may name: NIST types have no humidity (§4). */
export function notificationAlarmTypes(deviceType: number): AlarmType[] {
  return [...deviceAlarmTypes(deviceType), 'NOCALL'];
}

/**
 * Step 3 starts with EMAIL to the user's address for TEMP, HUMIDITY, POWER and NOCALL, HUMIDITY
 * left out for NIST types (accounts-devices-billing §4 "Alarms").
 */
export function defaultNotificationRules(email: string, deviceType: number): NotificationDraft[] {
  return buildDefaultNotifications({
    emailAddress: email,
    hasHumidityAlarm: hasHumidityAlarm(deviceType),
  });
}

/**
 * How the unit is paid for (accounts-devices-billing §4 "Device types and billing"): test types
 * take no payment; billed types 6, 7, 8 take a plan but no card; the rest a card subscription.
 */
export function paymentOf(deviceType: number): DeviceBillingFamily {
  return findDeviceBillingFamily(deviceType);
}

export type RegistrationRequest = z.input<typeof DeviceRegistrationRequest>;

/** The one registration call's body: the four steps, the terms agreed (accounts-devices-billing §4, §5). */
export function buildRegistrationRequest(input: {
  information: DeviceInformation;
  ranges: RangeSettings;
  rules: readonly NotificationDraft[];
  unit: TempPref;
  subscription: RegistrationSubscription | null;
}): RegistrationRequest {
  const { information, ranges, rules, unit, subscription } = input;
  const withHumidity = hasHumidityAlarm(information.device.DeviceType);
  return {
    SerialNumber: information.serial,
    Name: information.name.trim(),
    Location: information.location.trim() || null,
    TimeZone: information.timeZone,
    ...settingsOf(ranges, withHumidity),
    Notifications: rules.map(toRegistrationNotification),
    TermsAccepted: true,
    TempPref: unit,
    Subscription: subscription,
  };
}

/** The range fields of a registration or a multi-unit item. */
export function settingsOf(ranges: RangeSettings, withHumidity: boolean) {
  return {
    TempMin: Number(ranges.temperature.rangeMin),
    TempMax: Number(ranges.temperature.rangeMax),
    TempEnabled: ranges.temperatureEnabled,
    ...(withHumidity
      ? {
          HumidityMin: Number(ranges.humidity.rangeMin),
          HumidityMax: Number(ranges.humidity.rangeMax),
          HumidityEnabled: ranges.humidityEnabled,
        }
      : { HumidityEnabled: false }),
  };
}

export function toRegistrationNotification(
  rule: NotificationDraft,
): z.input<typeof RegistrationNotification> {
  return {
    AlarmType: rule.alarmType,
    MessageType: rule.messageType,
    MessageAddress: rule.messageAddress,
    Message: rule.message,
  };
}

/** A new key per submit attempt (decision 037): a retry after a refusal is a new attempt. */
export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}
