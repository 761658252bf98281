import type {
  DeviceRegistrationRequest,
  DeviceRegistrationResult,
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
import { ACCOUNT_ALERT_MESSAGES, fillBrand } from '@monitor/domain/shared/messages';
import type { TenantId } from '@monitor/domain/shared/brands';
import {
  fromStoredFahrenheit,
  fahrenheit,
  type TempPref,
} from '@monitor/domain/shared/temperature';
import type { AppContext } from '../../context';
import { AppError, badRequest, conflict, notFound } from '../../platform/errors';
import { findUserById, type UserRow } from '../accounts/users.repository';
import { requireRegistrableDevice } from '../devices/device-lookup.service';
import type { DeviceRow } from '../devices/device-lookup.repository';
import { deleteUserDevice } from '../devices/user-devices.repository';
import { getUserDevice, registerUserDevice } from '../devices/user-devices.service';
import { saveSubscription } from '../billing/subscriptions-save.service';
import { requireBillingManager } from '../billing/subscriptions.service';
import { requirePlanFor } from '../billing/subscriptions-plan';
import { undoSubscriptionByKey } from './registration-billing';
import { ensureModemActivated } from '../devices/modem-activation.service';
import {
  claimRegistrationAttempt,
  findRegistrationAttempt,
  finishRegistrationAttempt,
  recordRegistrationStep,
} from './registration-attempts.repository';
import {
  markRegistrationComplete,
  saveAlarmSettings,
  type AlarmSetting,
} from './registration.repository';
import {
  createSaga,
  RegistrationStepFailed,
  type RegistrationStep,
  type SagaLog,
} from './registration-saga';
import { undoStaleRegistration } from './stale-registrations';

/** One device's settings from the wizard, as the single and the multi-unit calls both take them. */
export type DeviceSettings = Omit<DeviceRegistrationRequest, 'TermsAccepted' | 'Subscription'>;

/** What a registration needs checked before anything is saved. */
type Prepared = {
  user: UserRow;
  device: DeviceRow;
  temperature: AlarmSetting;
  humidity: AlarmSetting | null;
  notifications: NotificationDraft[] | null;
};

const savingFailed = () => new AppError(500, ACCOUNT_ALERT_MESSAGES.saveNewDeviceFailed);

/** The answer for a step that failed other than with an AppError (accounts-devices-billing §8). */
function failureOf(step: RegistrationStep): AppError {
  switch (step) {
    case 'modem-activated':
      return new AppError(502, ACCOUNT_ALERT_MESSAGES.activateModemFailed);
    case 'subscription-created':
      return new AppError(500, ACCOUNT_ALERT_MESSAGES.createSubscriptionFailed);
    case 'terms-accepted':
    case 'device-saved':
    case 'alarms-saved':
    case 'registration-complete':
      return savingFailed();
  }
}

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

/**
 * The registration saga (accounts-devices-billing §4 "Device registration flow", decision 037):
 * 1 terms accepted, 2 device saved, 3 modem activated (not yet active, DeviceNSP 1 or 2), 4
 * subscription created (card and billed types), 5 alarm points and notifications saved, 6
 * registration complete. A failure undoes what was done in reverse and answers the failed step's
 * §8 message; nothing is left half-registered. The Idempotency-Key makes a repeated submit answer
 * what the first one answered, charging once.
 */
export async function registerDevice(
  ctx: AppContext,
  input: {
    userId: number;
    idempotencyKey: string;
    settings: DeviceSettings;
    billing: (device: DeviceRow) => DeviceBilling;
    log: SagaLog;
  },
): Promise<DeviceRegistrationResult> {
  const user = await requireRegistrant(ctx, input.userId);
  const earlier = await findRegistrationAttempt(ctx.db, input);
  if (earlier) return replay(await undoStaleRegistration(ctx, earlier));
  const prepared = await prepareDevice(ctx, { user, settings: input.settings });
  const billing = input.billing(prepared.device);
  if (billing.family !== 'test') {
    // Checked before anything is saved: only the account owner pays, for a plan of the device's.
    await requireBillingManager(ctx, user.id);
    await requirePlanFor(ctx, prepared.device, billing.subscription.billingPlan);
  }
  // Step 1: the terms were agreed (the body says so, §5); the time is kept with the device.
  const termsAcceptedAt = ctx.now();
  const attempt = await claimRegistrationAttempt(ctx.db, {
    userId: user.id,
    idempotencyKey: input.idempotencyKey,
    serialNumber: prepared.device.serial_number,
    termsAcceptedAt,
    now: ctx.now(),
  });
  if (!attempt) return replay(await findRegistrationAttempt(ctx.db, input));
  const saga = createSaga({
    log: input.log,
    failure: failureOf,
    onStep: (step) => recordRegistrationStep(ctx.db, attempt.id, { step }),
  });
  try {
    const userDevice = await saga.run('device-saved', async () => {
      const saved = await registerUserDevice(ctx, {
        userId: user.id,
        serial: prepared.device.serial_number,
        name: input.settings.Name,
        location: input.settings.Location ?? null,
        timeZone: input.settings.TimeZone,
        isRegistrationComplete: false,
        termsAcceptedAt,
      });
      // Removing the user device releases the unit, with its alarm points and notifications.
      saga.undoLater('device-saved', () => deleteUserDevice(ctx.db, saved.Id));
      await recordRegistrationStep(ctx.db, attempt.id, {
        step: 'device-saved',
        userDeviceId: saved.Id,
      });
      return saved;
    });
    // Only if not yet active and DeviceNSP is 1 or 2; an activated modem stays activated when a
    // later step fails (decision 037).
    await saga.run('modem-activated', () => ensureModemActivated(ctx, prepared.device));
    const made = await saga.run('subscription-created', async () => {
      if (billing.family === 'test') return null;
      const key = `registration-${attempt.id}`;
      // The subscriptions service keys a subscription by caller and key (subscriptions-save).
      saga.undoLater('subscription-created', () => undoSubscriptionByKey(ctx, `${user.id}:${key}`));
      const saved = await saveSubscription(ctx, {
        callerId: user.id,
        idempotencyKey: key,
        input: {
          ...billing.subscription,
          PaymentNonce: await billing.nonce(),
          UserId: user.id,
          UserDeviceId: userDevice.Id,
        },
      });
      billing.onSubscribed?.(saved.PaymentMethodToken);
      await recordRegistrationStep(ctx.db, attempt.id, {
        step: 'subscription-created',
        subscriptionId: saved.Id,
      });
      return saved;
    });
    await saga.run('alarms-saved', () =>
      ctx.db.transaction().execute((trx) =>
        saveAlarmSettings(trx, {
          userDeviceId: userDevice.Id,
          temperature: prepared.temperature,
          humidity: prepared.humidity,
          notifications: prepared.notifications,
          now: ctx.now(),
        }),
      ),
    );
    const result = await saga.run('registration-complete', async () => {
      await markRegistrationComplete(ctx.db, userDevice.Id);
      const answer: DeviceRegistrationResult = {
        UserDevice: await getUserDevice(ctx, { callerId: user.id, userDeviceId: userDevice.Id }),
        Subscription: made,
      };
      await finishRegistrationAttempt(ctx.db, attempt.id, {
        status: 'complete',
        step: 'registration-complete',
        answerStatus: 200,
        answer,
        finishedAt: ctx.now(),
      });
      return answer;
    });
    return result;
  } catch (error) {
    if (!(error instanceof RegistrationStepFailed)) throw error;
    await finishRegistrationAttempt(ctx.db, attempt.id, {
      status: 'failed',
      step: error.step,
      answerStatus: error.answer.statusCode,
      answer: { ...error.answer.details, message: error.answer.message },
      undoError: error.undoError,
      finishedAt: ctx.now(),
    });
    throw error.answer;
  }
}

/** What a repeated submit is answered: the first one's answer, or 409 while it still runs. */
function replay(
  attempt: Awaited<ReturnType<typeof findRegistrationAttempt>>,
): DeviceRegistrationResult {
  if (!attempt || attempt.status === 'running')
    throw conflict('This registration is already being saved. Please wait a moment.');
  if (attempt.status === 'complete') return attempt.answer as DeviceRegistrationResult;
  const { message, ...details } = attempt.answer as { message: string } & Record<string, unknown>;
  throw new AppError(attempt.answer_status ?? 500, message, {}, details);
}
