import type { Notification, NotificationInput } from '@monitor/contract/notifications';
import { hasHumidityAlarm } from '@monitor/domain/devices/device-types';
import { MESSAGES } from '@monitor/domain/shared/messages';
import {
  DEFAULT_NOTIFICATION_MESSAGES,
  parseMessageAddress,
} from '@monitor/domain/alarms/notifications';
import {
  canAddDeviceNotification,
  deviceNotificationAllowance,
  offeredPuckAlarmTypes,
  puckAlarmTypes,
  tooManyNotificationsMessage,
  type PuckAlarmType,
} from '@monitor/domain/alarms/puck-notifications';
import { formatPuckSerial } from '@monitor/domain/devices/pucks';
import type { AppContext } from '../../context';
import { badRequest, notFound } from '../../platform/errors';
import { findDeviceRowByImei } from '../devices/device-lookup.repository';
import {
  deleteNotification,
  findNotificationRows,
  findNotificationSeenByCaller,
  insertNotifications,
  updateNotification,
  type NotificationRow,
  type NotificationWithPuckRow,
} from './notifications.repository';
import { findUserPushSubscription } from '../push/push-subscriptions.repository';
import { PUSH_SUBSCRIPTION_NOT_FOUND } from '../push/push-subscriptions.service';
import { findPeripheralRowsByDevices } from '../pucks/peripherals.repository';
import {
  requireDeviceAccess,
  requirePeripheral,
  requireUserDevice,
  type AccessMode,
  type UserDeviceAccess,
} from '../devices/device-access.service';
import { readLogicLevel } from '../pucks/peripherals.service';
import { checkOwnerRowAccess } from './owner-row-access';
import {
  readEscalationChange,
  readNewEscalation,
  toNotificationEntity,
} from './notification-entity';

const toCounted = (row: NotificationWithPuckRow) => ({
  AlarmType: row.alarm_type,
  PeripheralId: row.peripheral_serial,
});

/** Notifications of a user device, optionally of one puck (device-management §7). */
export async function queryNotifications(
  ctx: AppContext,
  {
    callerId,
    userDeviceId,
    peripheralSerial,
  }: { callerId: number; userDeviceId: number; peripheralSerial?: string },
): Promise<Notification[]> {
  const access = await requireUserDevice(ctx, { callerId, userDeviceId, mode: 'read' });
  let peripheralId: number | undefined;
  if (peripheralSerial !== undefined) {
    const { puck } = await requirePeripheral(ctx, {
      callerId,
      serial: peripheralSerial.replace(/[\s-]/g, '').toUpperCase(),
      mode: 'read',
    });
    peripheralId = puck.id;
  }
  const rows = await findNotificationRows(ctx.db, access.ownerRowId, {
    ...(peripheralId !== undefined && { peripheralId }),
  });
  return rows.map(toNotificationEntity);
}

/** The notifications of the caller's unit with this IMEI (device-management §7 getNotificationDetails). */
export async function getNotificationDetails(
  ctx: AppContext,
  { callerId, imei }: { callerId: number; imei: string },
): Promise<Notification[]> {
  const device = await findDeviceRowByImei(ctx.db, imei);
  if (!device) throw notFound('Device not found.');
  const access = await requireDeviceAccess(ctx, { callerId, deviceId: device.id, mode: 'read' });
  return (await findNotificationRows(ctx.db, access.ownerRowId)).map(toNotificationEntity);
}

/**
 * Refuses a notification beyond the caps (device-management §5, §9): on a puck, only the alarm
 * types its logic level supports while it has fewer than 6 (and its cap) and fewer than 2 of the
 * type; on the unit, fewer than 9 of its own (NOCALL not counted) and within the whole device's
 * allowance. `exceptId` leaves out the notification being changed.
 */
async function checkCaps(
  ctx: AppContext,
  {
    access,
    peripheral,
    alarmType,
    exceptId,
  }: {
    access: UserDeviceAccess;
    peripheral: {
      id: number;
      serial: string;
      name: string | null;
      logic_level: number | null;
    } | null;
    alarmType: NotificationInput['AlarmType'];
    exceptId?: number;
  },
): Promise<void> {
  const all = (await findNotificationRows(ctx.db, access.ownerRowId)).filter(
    (n) => n.id !== exceptId,
  );
  const deviceName = access.row.name ?? access.row.serial_number;
  const tooMany = () =>
    badRequest(
      tooManyNotificationsMessage({
        peripheralId: peripheral?.serial,
        deviceName,
        peripheralName: peripheral ? (peripheral.name ?? formatPuckSerial(peripheral.serial)) : '',
      }),
    );
  if (peripheral) {
    const level = readLogicLevel(peripheral.logic_level);
    if (!(puckAlarmTypes(level) as string[]).includes(alarmType))
      throw badRequest('This SPuck does not support that alarm type.');
    const ofPuck = all.filter((n) => n.peripheral_id === peripheral.id).map(toCounted);
    if (!offeredPuckAlarmTypes(level, ofPuck).includes(alarmType as PuckAlarmType)) throw tooMany();
  } else {
    if (alarmType === 'SPUCK_TEMP' || alarmType === 'SPUCK_HUMIDITY')
      throw badRequest('Choose the SPuck for an SPuck notification.');
    if (alarmType === 'HUMIDITY' && !hasHumidityAlarm(access.row.device_type))
      throw badRequest('This device has no humidity alarm.');
    if (alarmType === 'NOCALL') return;
    if (!canAddDeviceNotification(all.filter((n) => n.peripheral_id === null).map(toCounted)))
      throw tooMany();
  }
  const pucks = await findPeripheralRowsByDevices(ctx.db, [access.row.device_id]);
  const allowance = deviceNotificationAllowance(pucks.map((p) => readLogicLevel(p.logic_level)));
  if (all.filter((n) => n.alarm_type !== 'NOCALL').length >= allowance) throw tooMany();
}

/**
 * The address as stored, and the browser of a PUSH notification: one of the caller's own, or the
 * one it told already (`kept`: the owner may change a sub-account's browser's notification).
 */
async function readAddress(
  ctx: AppContext,
  { callerId, input, kept }: { callerId: number; input: NotificationInput; kept?: string },
): Promise<Pick<NotificationRow, 'message_address' | 'push_subscription_id'>> {
  const address = parseMessageAddress(input.MessageType, input.MessageAddress);
  if (!address.isValid)
    throw badRequest(
      address.reason === 'invalid-email'
        ? 'Enter a valid e-mail address.'
        : address.reason === 'invalid-phone'
          ? MESSAGES.invalidPhone
          : PUSH_SUBSCRIPTION_NOT_FOUND,
    );
  if (input.MessageType !== 'PUSH')
    return { message_address: address.value, push_subscription_id: null };
  const id = Number(address.value);
  if (address.value !== kept && !(await findUserPushSubscription(ctx.db, { id, userId: callerId })))
    throw badRequest(PUSH_SUBSCRIPTION_NOT_FOUND);
  return { message_address: address.value, push_subscription_id: id };
}

/**
 * How much a caller may do to a unit's notifications: the owner anything; anyone who sees the
 * unit (a sub-account) only PUSH notifications to their own browsers (issue #27, decision 083).
 */
const modeFor = (input: NotificationInput): AccessMode =>
  input.MessageType === 'PUSH' ? 'read' : 'write';

/** Adds a notification to the caller's device or one of its pucks (device-management §5, §7, §9). */
export async function createNotification(
  ctx: AppContext,
  { callerId, input }: { callerId: number; input: NotificationInput },
): Promise<Notification> {
  const mode = modeFor(input);
  const access = await requireUserDevice(ctx, { callerId, userDeviceId: input.DeviceId, mode });
  const peripheral = input.PeripheralId
    ? (
        await requirePeripheral(ctx, {
          callerId,
          serial: input.PeripheralId.replace(/[\s-]/g, '').toUpperCase(),
          mode,
        })
      ).puck
    : null;
  if (peripheral && peripheral.device_id !== access.row.device_id)
    throw notFound('SPuck not found');
  const address = await readAddress(ctx, { callerId, input });
  await checkCaps(ctx, { access, peripheral, alarmType: input.AlarmType });
  const [row] = await insertNotifications(ctx.db, [
    {
      user_device_id: access.ownerRowId,
      peripheral_id: peripheral?.id ?? null,
      alarm_type: input.AlarmType,
      message_type: input.MessageType,
      ...address,
      message: input.Message || DEFAULT_NOTIFICATION_MESSAGES[input.AlarmType],
      disable_alarm: input.DisableAlarm,
      ...readNewEscalation(input),
    },
  ]);
  if (!row) throw notFound();
  // The row it wrote, with the puck it checked: no second read (decision 027).
  return toNotificationEntity({
    ...row,
    peripheral_serial: peripheral?.serial ?? null,
    logic_level: peripheral?.logic_level ?? null,
  });
}

/**
 * The caller's notification, checked in one query (decision 027): 404 when there is none, 403
 * unless the caller owns the unit it is on or it tells the caller's own browser (decision 083).
 * `input`, for a change: a sub-account may change its browser's notification only to another
 * PUSH one.
 */
async function requireNotification(
  ctx: AppContext,
  { callerId, id, input }: { callerId: number; id: number; input?: NotificationInput },
): Promise<NotificationWithPuckRow & { mode: AccessMode }> {
  const found = await findNotificationSeenByCaller(ctx.db, { callerId, id });
  if (!found) throw notFound('Notification not found.');
  const isOwnBrowser = found.message_type === 'PUSH' && found.browser_user_id === callerId;
  const mode = isOwnBrowser && (!input || modeFor(input) === 'read') ? 'read' : 'write';
  checkOwnerRowAccess(found, found.viewer_parent_id === null ? 'write' : mode);
  const {
    owner_row_id: _ownerRowId,
    viewer_id: _viewerId,
    viewer_parent_id: _viewerParentId,
    browser_user_id: _browserUserId,
    ...row
  } = found;
  return { ...row, mode };
}

/**
 * Changes a notification's type, delivery, address, message and repeat and escalate settings; its
 * device and puck stay (device-management §7). Settings the input leaves out stay as they were.
 */
export async function changeNotification(
  ctx: AppContext,
  { callerId, id, input }: { callerId: number; id: number; input: NotificationInput },
): Promise<Notification> {
  const { mode, ...row } = await requireNotification(ctx, { callerId, id, input });
  const kept = row.message_type === 'PUSH' ? row.message_address : undefined;
  const address = await readAddress(ctx, { callerId, input, kept });
  if (input.AlarmType !== row.alarm_type) {
    // The caps need the unit, read through the caller's row checked above.
    const access = await requireUserDevice(ctx, {
      callerId,
      userDeviceId: row.user_device_id,
      mode,
    });
    const peripheral =
      row.peripheral_id === null || row.peripheral_serial === null
        ? null
        : {
            id: row.peripheral_id,
            serial: row.peripheral_serial,
            name: null,
            logic_level: row.logic_level,
          };
    await checkCaps(ctx, { access, peripheral, alarmType: input.AlarmType, exceptId: id });
  }
  const saved = await updateNotification(ctx.db, id, {
    alarm_type: input.AlarmType,
    message_type: input.MessageType,
    ...address,
    message: input.Message || DEFAULT_NOTIFICATION_MESSAGES[input.AlarmType],
    disable_alarm: input.DisableAlarm,
    ...readEscalationChange(input),
  });
  if (!saved) throw notFound('Notification not found.');
  // The row it wrote, with the puck read for the check (a notification keeps its puck).
  return toNotificationEntity({
    ...saved,
    peripheral_serial: row.peripheral_serial,
    logic_level: row.logic_level,
  });
}

export async function removeNotification(
  ctx: AppContext,
  { callerId, id }: { callerId: number; id: number },
): Promise<void> {
  await requireNotification(ctx, { callerId, id });
  await deleteNotification(ctx.db, id);
}
