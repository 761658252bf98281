import type { DeviceRegistrationResult } from '@monitor/contract/registration';
import { ACCOUNT_ALERT_MESSAGES } from '@monitor/domain/shared/account-messages';
import type { AppContext } from '../../context';
import { AppError, conflict } from '../../platform/errors';
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
import { markRegistrationComplete, saveAlarmSettings } from './registration.repository';
import {
  createSaga,
  RegistrationStepFailed,
  type RegistrationStep,
  type SagaLog,
} from './registration-saga';
import { undoStaleRegistration } from './stale-registrations';
import {
  prepareDevice,
  requireRegistrant,
  type DeviceBilling,
  type DeviceSettings,
} from './registration-checks';

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
