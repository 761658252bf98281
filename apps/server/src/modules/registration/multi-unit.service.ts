import type {
  DeviceRegistrationResult,
  MultiUnitRegistrationRequest,
} from '@monitor/contract/registration';
import { checkMultiUnitMatch } from '@monitor/domain/accounts/registration';
import type { TenantId } from '@monitor/domain/shared/brands';
import { ACCOUNT_ALERT_MESSAGES } from '@monitor/domain/shared/account-messages';
import { fillBrand } from '@monitor/domain/shared/messages';
import type { AppContext } from '../../context';
import { AppError, badRequest, forbidden } from '../../platform/errors';
import type { DeviceRow } from '../devices/device-lookup.repository';
import type { SagaLog } from './registration-saga';
import { findRegistrationAttempt } from './registration-attempts.repository';
import { chooseDeviceBilling, prepareDevice, requireRegistrant } from './registration-checks';
import { registerDevice } from './registration.service';

/**
 * The multi-unit subscription save (accounts-devices-billing §4 "In multi-unit mode…", §7): every
 * serial must have the first one's device type and tenant, else 400 with the mismatch alert and
 * nothing registered (§5). Each unit then goes through the registration saga in turn, the card
 * vaulted by the first paying for the others; a unit that fails is removed by its saga and the
 * call answers the §8 multi-unit alert with the brand's phone, the units before it registered.
 * Each unit's Idempotency-Key is the call's with its position, so a repeated call charges once.
 */
export async function registerMultipleUnits(
  ctx: AppContext,
  input: {
    userId: number;
    idempotencyKey: string;
    request: MultiUnitRegistrationRequest;
    log: SagaLog;
  },
): Promise<{ Registrations: DeviceRegistrationResult[] }> {
  const { request, userId } = input;
  const user = await requireRegistrant(ctx, userId);
  const brand = ctx.brands[user.tenant_id as TenantId];
  const keyOf = (index: number) => `${input.idempotencyKey}#${index + 1}`;
  // A repeated call replays each unit's first answer (registerDevice), its units now registered.
  const isRepeat = Boolean(
    await findRegistrationAttempt(ctx.db, { userId, idempotencyKey: keyOf(0) }),
  );
  const devices: DeviceRow[] = [];
  for (const unit of isRepeat ? [] : request.Units) {
    if (unit.UserId !== undefined && unit.UserId !== userId) throw forbidden();
    // Every unit is checked (serial, ranges, notifications) before the first is saved.
    const { device } = await prepareDevice(ctx, {
      user,
      settings: { ...unit, TempPref: request.TempPref },
    });
    const sent = {
      deviceType: unit.DeviceType ?? device.device_type,
      tenantId: unit.TenantId ?? device.tenant_id,
    };
    const own = { deviceType: device.device_type, tenantId: device.tenant_id };
    const first = devices[0] ?? device;
    const mismatch =
      checkMultiUnitMatch(own, sent) ??
      checkMultiUnitMatch({ deviceType: first.device_type, tenantId: first.tenant_id }, own);
    if (mismatch) throw badRequest(mismatch);
    devices.push(device);
  }
  if (new Set(devices.map((d) => d.id)).size !== devices.length)
    throw badRequest('Units: each serial number may be sent once.');
  // The call's one card: its nonce pays for the first card unit; each later one gets a nonce for
  // the card that unit vaulted (getPaymentNonce), since a nonce is good once.
  let firstCard: string | null = null;
  const Registrations: DeviceRegistrationResult[] = [];
  for (const [index, unit] of request.Units.entries()) {
    const {
      Subscriptions,
      UserId: _userId,
      DeviceType: _type,
      TenantId: _tenant,
      ...settings
    } = unit;
    const subscription = request.Subscription && {
      ...request.Subscription,
      billingPlan: Subscriptions?.billingPlan ?? request.Subscription.billingPlan,
    };
    try {
      Registrations.push(
        await registerDevice(ctx, {
          userId,
          idempotencyKey: keyOf(index),
          settings: { ...settings, TempPref: request.TempPref },
          billing: (device) => {
            const billing = chooseDeviceBilling(device, subscription);
            if (billing.family !== 'card') return billing;
            return {
              ...billing,
              nonce: () =>
                firstCard ? ctx.payments.createNonceForCard(firstCard) : billing.nonce(),
              onSubscribed: (token) => {
                firstCard ??= token;
              },
            };
          },
          log: input.log,
        }),
      );
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      // A card refusal keeps its processor errors for the payment form's filter.
      throw new AppError(
        error.statusCode,
        fillBrand(ACCOUNT_ALERT_MESSAGES.setUpServicesFailed, brand),
        {},
        {
          ...error.details,
          Registered: Registrations.map((r) => r.UserDevice.SerialNumber),
          FailedSerialNumber: unit.SerialNumber,
          Reason: error.message,
        },
      );
    }
  }
  return { Registrations };
}
