import { ENTITLEMENT_MESSAGES } from '../entitlements/entitlements.service';
import type { UserDevice, UserDeviceUpdate } from '@monitor/contract/user-devices';
import type { z } from 'zod';
import type { TenantId } from '@monitor/domain/shared/brands';
import { defaultAlarmRange } from '@monitor/domain/alarms/alarm-ranges';
import { hasHumidityAlarm, isTestDevice } from '@monitor/domain/devices/device-types';
import { DEVICE_RULE_MESSAGES } from '@monitor/domain/devices/device-rule-messages';
import { isDeviceFirmwareSupported } from '@monitor/domain/devices/firmware';
import { evaluateDeviceStatus, type RangeReading } from '@monitor/domain/alarms/status';
import { fillBrand } from '@monitor/domain/shared/messages';
import { buildDefaultNotifications } from '@monitor/domain/alarms/notifications';
import { buildVrpLink, computeVrpFlag } from '@monitor/domain/devices/replacement-offer';
import type { AppContext } from '../../context';
import { issueReplacementToken } from '../store/replacement-tokens';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors';
import { isUniqueViolation } from '../../platform/database/errors';
import type { SensorType } from '../../platform/database/schema';
import { insertAlarmPoints } from '../alarms/alarm-points.repository';
import { insertNotifications } from '../alarms/notifications.repository';
import { findPeripheralRowsByDevices, restartPeripheralsOf } from '../pucks/peripherals.repository';
import {
  findLatestVisibleReports,
  findVisibleAlarmPoints,
  findVisiblePucks,
  type SeenAlarmPointRow,
} from './visible-history.repository';
import {
  countUserDevices,
  deleteUserDevice,
  findUserDeviceRows,
  insertUserDevice,
  updateUserDevice,
  type UserDeviceWithDeviceRow,
} from './user-devices.repository';
import { findUserById } from '../accounts/users.repository';
import { requireUserDevice } from './device-access.service';
import { requireRegistrableDevice } from './device-lookup.service';
import { toAlarmPointEntity } from '../alarms/alarm-points.service';
import { puckDefaultAlarmPoints, toPeripheralEntity } from '../pucks/peripherals.service';

const iso = (value: Date | null) => (value ? value.toISOString() : null);

/** A reading against its alarm point, or null when the alarm is off or has no range. */
function rangeReading(
  value: number | null,
  point: SeenAlarmPointRow | undefined,
  isActive: boolean,
): RangeReading | null {
  if (!isActive || !point?.is_enabled || point.range_min === null || point.range_max === null)
    return null;
  return {
    value,
    range: { min: point.range_min, max: point.range_max },
    lastRangeChange: point.last_range_change,
  };
}

/**
 * Builds UserDevice entities for rows in a fixed number of queries, however many devices; readings
 * are those each row sees (decision 017).
 */
/**
 * The replacement token of each owner among the rows with VRP 1, for their VRPLink (decision 045):
 * a signature, so issued on every read with no write.
 */
async function replacementTokensFor(
  ctx: AppContext,
  rows: readonly UserDeviceWithDeviceRow[],
): Promise<Map<number, string>> {
  const owners = new Set(
    rows
      .filter(
        (row) =>
          computeVrpFlag({
            deviceType: row.device_type,
            deviceNsp: row.device_nsp,
            isSubAccountDevice: row.parent_user_device_id !== null,
          }) === 1,
      )
      .map((row) => row.user_id),
  );
  const tokens = new Map<number, string>();
  for (const userId of owners) tokens.set(userId, await issueReplacementToken(ctx, userId));
  return tokens;
}

async function toUserDeviceEntities(
  ctx: AppContext,
  rows: UserDeviceWithDeviceRow[],
): Promise<UserDevice[]> {
  const rowIds = rows.map((row) => row.id);
  const [reports, alarmPoints, pucks, tokens] = await Promise.all([
    findLatestVisibleReports(ctx.db, rowIds),
    findVisibleAlarmPoints(ctx.db, rowIds),
    findVisiblePucks(ctx.db, rowIds),
    replacementTokensFor(ctx, rows),
  ]);
  return rows.map((row) => {
    const points = alarmPoints.filter((a) => a.viewer_id === row.id);
    const devicePoints = points.filter((a) => a.peripheral_id === null);
    const lastRangeChange = devicePoints
      .map((a) => a.last_range_change)
      .filter((d): d is Date => d !== null)
      .sort((a, b) => b.getTime() - a.getTime())[0];
    const report = reports.get(row.id);
    const offerFacts = {
      deviceType: row.device_type,
      deviceNsp: row.device_nsp,
      isSubAccountDevice: row.parent_user_device_id !== null,
    };
    const pointOf = (type: SensorType) => devicePoints.find((a) => a.sensor_type === type);
    const status = report
      ? evaluateDeviceStatus(
          {
            deviceType: row.device_type,
            isMuted: row.mute,
            power: report.power,
            temperature: rangeReading(report.temperature, pointOf('TEMP'), row.temperature_active),
            humidity: rangeReading(report.humidity, pointOf('HUMIDITY'), row.humidity_active),
            water: report.water,
            motion: report.motion,
          },
          ctx.now(),
        ).level
      : null;
    return {
      Id: row.id,
      UserDeviceId: row.id,
      UserId: row.user_id,
      DeviceId: row.imei,
      SerialNumber: row.serial_number,
      DeviceType: row.device_type,
      TenantId: row.tenant_id,
      Name: row.name,
      Location: row.location,
      TimeZone: row.time_zone,
      PetMonitor: row.pet_monitor,
      LastRequestedTime: row.last_requested_time === null ? null : Number(row.last_requested_time),
      Mute: row.mute,
      SubAccountDevice: row.parent_user_device_id !== null,
      SubAccountDateCreated:
        row.parent_user_device_id !== null ? row.created_at.toISOString() : null,
      LastRead: report
        ? {
            ReportTimestamp: report.report_timestamp.toISOString(),
            Temperature: report.temperature,
            Humidity: report.humidity,
            SignalStrength: report.signal_strength,
            Power: report.power,
            Water: report.water,
            Motion: report.motion,
            DeviceMute: row.mute,
            LastRangeChangeDevice: iso(lastRangeChange ?? null),
          }
        : null,
      Status: status,
      LastMessage: iso(row.last_report_at),
      Active: row.is_active,
      RegistrationComplete: row.registration_complete,
      DeviceNSP: row.device_nsp,
      Memo: row.memo,
      FirmwareVersion: row.firmware_version,
      InstantUpdates: row.instant_updates,
      HumidityActive: row.humidity_active,
      TemperatureActive: row.temperature_active,
      SubscriptionId: row.subscription_id,
      VRP: computeVrpFlag(offerFacts),
      VRPLink: buildVrpLink({
        ...offerFacts,
        userId: row.user_id,
        token: tokens.get(row.user_id) ?? '',
      }),
      AlarmPoints: devicePoints.map(toAlarmPointEntity),
      Peripherals: pucks
        .filter((p) => p.user_device_id === row.id)
        .map((p) =>
          toPeripheralEntity(p, { imei: row.imei, userDeviceId: row.id, alarmPoints: points }),
        ),
      AlarmsSnoozedUntil:
        row.owner_alarms_snoozed_until && row.owner_alarms_snoozed_until > ctx.now()
          ? row.owner_alarms_snoozed_until.toISOString()
          : null,
    };
  });
}

/** A user's devices, with LastRead, AlarmPoints and Peripherals (device-management §3, §7). */
export async function listUserDevices(
  ctx: AppContext,
  { userId, onlyActive = false }: { userId: number; onlyActive?: boolean },
): Promise<UserDevice[]> {
  return toUserDeviceEntities(ctx, await findUserDeviceRows(ctx.db, userId, { onlyActive }));
}

export async function countDevicesOfUser(ctx: AppContext, userId: number): Promise<number> {
  return countUserDevices(ctx.db, userId);
}

export async function getUserDevice(
  ctx: AppContext,
  { callerId, userDeviceId }: { callerId: number; userDeviceId: number },
): Promise<UserDevice> {
  const access = await requireUserDevice(ctx, { callerId, userDeviceId, mode: 'read' });
  const [entity] = await toUserDeviceEntities(ctx, [access.row]);
  if (!entity) throw notFound('Device not found.');
  return entity;
}

/**
 * Registers a serial to the caller's account: 404 unknown serial, 409 already registered, 400 for
 * firmware below 4 with the brand's phone (accounts-devices-billing §5). The device starts with the
 * default alarm points (temperature 40–85; humidity 10–70 unless NIST) and EMAIL notifications to
 * the user's address for TEMP, HUMIDITY, POWER and NOCALL (§4). The new owner sees the unit's
 * history from now on (decision 017). Test device types complete registration here, others wait
 * for their subscription; the registration saga (modules/registration, decision 037) saves the
 * device as its step 2 with `isRegistrationComplete: false` and completes it at step 6.
 */
export async function registerUserDevice(
  ctx: AppContext,
  {
    userId,
    serial,
    name,
    location,
    timeZone,
    isRegistrationComplete,
    termsAcceptedAt = null,
  }: {
    userId: number;
    serial: string;
    name: string;
    location: string | null;
    timeZone: number;
    isRegistrationComplete?: boolean;
    termsAcceptedAt?: Date | null;
  },
): Promise<UserDevice> {
  const user = await findUserById(ctx.db, userId);
  if (!user) throw notFound('User not found.');
  const device = await requireRegistrableDevice(ctx, serial);
  if (!isDeviceFirmwareSupported(device.firmware_version))
    throw badRequest(
      fillBrand(
        DEVICE_RULE_MESSAGES.deviceNoLongerSupported,
        ctx.brands[user.tenant_id as TenantId],
      ),
    );
  const withHumidity = hasHumidityAlarm(device.device_type);
  const sensorTypes: SensorType[] = withHumidity ? ['TEMP', 'HUMIDITY'] : ['TEMP'];
  let userDeviceId: number;
  try {
    userDeviceId = await ctx.db.transaction().execute(async (trx) => {
      const row = await insertUserDevice(trx, {
        user_id: userId,
        device_id: device.id,
        name,
        location,
        time_zone: timeZone,
        registration_complete: isRegistrationComplete ?? isTestDevice(device.device_type),
        terms_accepted_at: termsAcceptedAt,
        // The unit's history starts afresh for its new owner (decision 017).
        visible_from: ctx.now(),
      });
      await insertAlarmPoints(
        trx,
        sensorTypes.map((sensorType) => {
          const range = defaultAlarmRange(sensorType, 'device');
          return {
            user_device_id: row.id,
            sensor_type: sensorType,
            range_min: range?.min ?? null,
            range_max: range?.max ?? null,
          };
        }),
      );
      // Pucks still on the unit from an earlier registration start again: no earlier owner's names,
      // locations or readings, alarm points at the defaults.
      await restartPeripheralsOf(trx, device.id, ctx.now());
      const pucks = await findPeripheralRowsByDevices(trx, [device.id]);
      await insertAlarmPoints(
        trx,
        pucks.flatMap((puck) => puckDefaultAlarmPoints(row.id, puck)),
      );
      await insertNotifications(
        trx,
        buildDefaultNotifications({
          emailAddress: user.email_address,
          hasHumidityAlarm: withHumidity,
        }).map((draft) => ({
          user_device_id: row.id,
          alarm_type: draft.alarmType,
          message_type: draft.messageType,
          message_address: draft.messageAddress,
          message: draft.message,
        })),
      );
      return row.id;
    });
  } catch (error) {
    if (isUniqueViolation(error, 'user_devices_one_owner'))
      throw conflict('This serial number is already registered.');
    throw error;
  }
  return getUserDevice(ctx, { callerId: userId, userDeviceId });
}

/**
 * Changes the caller's device settings; only the fields sent change (device-management §7). The
 * pet monitor upgrade is not a setting: 403 for a change of it (issue #22).
 */
export async function changeUserDevice(
  ctx: AppContext,
  {
    callerId,
    userDeviceId,
    input,
  }: { callerId: number; userDeviceId: number; input: z.infer<typeof UserDeviceUpdate> },
): Promise<UserDevice> {
  const { row } = await requireUserDevice(ctx, { callerId, userDeviceId, mode: 'write' });
  // PetMonitor is bought (item 27): sent back as it is, it is accepted and left alone.
  if (input.PetMonitor !== undefined && input.PetMonitor !== row.pet_monitor)
    throw forbidden(ENTITLEMENT_MESSAGES.petMonitorIsBought);
  await updateUserDevice(ctx.db, userDeviceId, {
    ...(input.Name !== undefined && { name: input.Name }),
    ...(input.Location !== undefined && { location: input.Location }),
    ...(input.TimeZone !== undefined && { time_zone: input.TimeZone }),
    ...(input.Mute !== undefined && { mute: input.Mute }),
    ...(input.HumidityActive !== undefined && { humidity_active: input.HumidityActive }),
    ...(input.TemperatureActive !== undefined && { temperature_active: input.TemperatureActive }),
  });
  return getUserDevice(ctx, { callerId, userDeviceId });
}

/**
 * Removes a device from the caller's account (device-management §7 "Removing a device"); the
 * owner's removal takes its alarm points, notifications and sub-account views with it.
 */
export async function removeUserDevice(
  ctx: AppContext,
  { callerId, userDeviceId }: { callerId: number; userDeviceId: number },
): Promise<void> {
  await requireUserDevice(ctx, { callerId, userDeviceId, mode: 'read' });
  await deleteUserDevice(ctx.db, userDeviceId);
}
