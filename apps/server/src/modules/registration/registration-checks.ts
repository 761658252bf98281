import type {
  DeviceRegistrationRequest,
  RegistrationSubscription,
} from '@monitor/contract/registration';
import {
  DEFAULT_NOTIFICATION_MESSAGES,
  type NotificationDraft,
} from '@monitor/domain/alarms/notifications';
import {
  checkAlarmRange,
  DEFAULT_HUMIDITY_RANGE,
  DEFAULT_TEMPERATURE_RANGE,
} from '@monitor/domain/alarms/alarm-ranges';
import {
  checkBilledUserDevice,
  findDeviceBillingFamily,
} from '@monitor/domain/billing/billing-users';
import { hasHumidityAlarm } from '@monitor/domain/devices/device-types';
import { fillBrand } from '@monitor/domain/shared/messages';
import type { TenantId } from '@monitor/domain/shared/brands';
import {
  fahrenheit,
  fromStoredFahrenheit,
  type TempPref,
} from '@monitor/domain/shared/temperature';
import type { AppContext } from '../../context';
import { badRequest, notFound } from '../../platform/errors';
import { findUserById, type UserRow } from '../accounts/users.repository';
import { requireRegistrableDevice } from '../devices/device-lookup.service';
import type { DeviceRow } from '../devices/device-lookup.repository';
import type { AlarmSetting } from './registration.repository';

/*
 * What a registration checks before anything is saved (accounts-devices-billing §4, §5), for the
 * single and the multi-unit calls.
 */

/** One device's settings from the wizard, as the single and the multi-unit calls both take them. */
export type DeviceSettings = Omit<DeviceRegistrationRequest, 'TermsAccepted' | 'Subscription'>;

/** What a registration needs checked before anything is saved. */
export type Prepared = {
  user: UserRow;
  device: DeviceRow;
  temperature: AlarmSetting;
  humidity: AlarmSetting | null;
  notifications: NotificationDraft[] | null;
};

function checkRange(
  sensor: 'TEMP' | 'HUMIDITY',
  entered: { min: number | undefined; max: number | undefined; isEnabled: boolean },
  unit: TempPref,
): AlarmSetting {
  const defaults = sensor === 'TEMP' ? DEFAULT_TEMPERATURE_RANGE : DEFAULT_HUMIDITY_RANGE;
  const inUnit = (value: number) =>
    sensor === 'TEMP' ? fromStoredFahrenheit(fahrenheit(value), unit, 1) : value;
  const check = checkAlarmRange(
    sensor,
    {
      rangeMin: entered.min ?? inUnit(defaults.min),
      rangeMax: entered.max ?? inUnit(defaults.max),
    },
    unit,
  );
  const field = sensor === 'TEMP' ? 'TempMin' : 'HumidityMin';
  if (!check.isValid) {
    const detail =
      check.reason === 'min-above-max'
        ? 'the low end must not be above the high end.'
        : sensor === 'TEMP'
          ? `temperature must be between ${unit === 'F' ? '-999 and 999 °F' : '-573 and 537 °C'}.`
          : 'humidity must be between 0 and 100.';
    throw badRequest(`${field}: ${detail}`);
  }
  return { ...check.stored, isEnabled: entered.isEnabled };
}

/**
 * Checks one device's settings before anything is saved (accounts-devices-billing §5): the serial
 * (404 unknown, 409 taken), the account's billing kind against the type, ranges within the °F/°C
 * bounds, no humidity on NIST types, and the notifications; none given means the defaults (§4).
 */
export async function prepareDevice(
  ctx: AppContext,
  { user, settings }: { user: UserRow; settings: DeviceSettings },
): Promise<Prepared> {
  const device = await requireRegistrableDevice(ctx, settings.SerialNumber);
  const billed = checkBilledUserDevice({
    billingCheckResult: user.billing_type,
    deviceType: device.device_type,
    hasApContact: Boolean(user.ap_contact_email),
  });
  if (!billed.isValid)
    throw badRequest(fillBrand(billed.message, ctx.brands[user.tenant_id as TenantId]));
  const withHumidity = hasHumidityAlarm(device.device_type);
  if (!withHumidity && (settings.HumidityMin !== undefined || settings.HumidityMax !== undefined))
    throw badRequest('HumidityMin: this device has no humidity alarm.');
  const temperature = checkRange(
    'TEMP',
    { min: settings.TempMin, max: settings.TempMax, isEnabled: settings.TempEnabled },
    settings.TempPref,
  );
  const humidity = withHumidity
    ? checkRange(
        'HUMIDITY',
        {
          min: settings.HumidityMin,
          max: settings.HumidityMax,
          isEnabled: settings.HumidityEnabled,
        },
        settings.TempPref,
      )
    : null;
  const notifications =
    settings.Notifications?.map((n): NotificationDraft => ({
      alarmType: n.AlarmType,
      messageType: n.MessageType,
      messageAddress: n.MessageAddress,
      message: n.Message ?? DEFAULT_NOTIFICATION_MESSAGES[n.AlarmType],
    })) ?? null;
  if (!withHumidity && notifications?.some((n) => n.alarmType === 'HUMIDITY'))
    throw badRequest('Notifications: this device has no humidity alarm.');
  return { user, device, temperature, humidity, notifications };
}

export async function requireRegistrant(ctx: AppContext, userId: number): Promise<UserRow> {
  const user = await findUserById(ctx.db, userId);
  if (!user) throw notFound('User not found.');
  return user;
}

/**
 * The subscription step's input for a device, by its billing family (accounts-devices-billing §4):
 * none for a test device; for billed and card types the request and, for a card, where its nonce
 * comes from (a multi-unit call's later units pay with the card its first one vaulted).
 */
export type DeviceBilling =
  | { family: 'test' }
  | {
      family: 'billed' | 'card';
      subscription: RegistrationSubscription;
      nonce: () => Promise<string | null>;
      /** Told the card this unit was subscribed with. */
      onSubscribed?: (paymentMethodToken: string | null) => void;
    };

/** Which billing a device needs, and that the request brings it (accounts-devices-billing §4). */
export function chooseDeviceBilling(
  device: DeviceRow,
  subscription: RegistrationSubscription | null | undefined,
): DeviceBilling {
  const family = findDeviceBillingFamily(device.device_type);
  if (family === 'test') return { family };
  if (!subscription) throw badRequest('Subscription: choose a plan for this device.');
  if (family === 'card' && !subscription.PaymentNonce)
    throw badRequest('Subscription.PaymentNonce: enter your card to subscribe.');
  return {
    family,
    subscription,
    nonce: () => Promise.resolve(family === 'card' ? (subscription.PaymentNonce ?? null) : null),
  };
}
