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
  type NotificationWithPuckRow,
} from './notifications.repository';
import { findPeripheralRowsByDevices } from '../pucks/peripherals.repository';
import {
  requireDeviceAccess,
  requirePeripheral,
  requireUserDevice,
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

function readAddress(input: NotificationInput): string {
  const address = parseMessageAddress(input.MessageType, input.MessageAddress);
  if (address.isValid) return address.value;
  throw badRequest(
    address.reason === 'invalid-email' ? 'Enter a valid e-mail address.' : MESSAGES.invalidPhone,
  );
}

/** Adds a notification to the caller's device or one of its pucks (device-management §5, §7, §9). */
export async function createNotification(
  ctx: AppContext,
  { callerId, input }: { callerId: number; input: NotificationInput },
): Promise<Notification> {
  const access = await requireUserDevice(ctx, {
    callerId,
    userDeviceId: input.DeviceId,
    mode: 'write',
  });
  const peripheral = input.PeripheralId
    ? (
        await requirePeripheral(ctx, {
          callerId,
          serial: input.PeripheralId.replace(/[\s-]/g, '').toUpperCase(),
          mode: 'write',
        })
      ).puck
    : null;
  if (peripheral && peripheral.device_id !== access.row.device_id)
    throw notFound('SPuck not found');
  const address = readAddress(input);
  await checkCaps(ctx, { access, peripheral, alarmType: input.AlarmType });
  const [row] = await insertNotifications(ctx.db, [
    {
      user_device_id: access.ownerRowId,
      peripheral_id: peripheral?.id ?? null,
      alarm_type: input.AlarmType,
      message_type: input.MessageType,
      message_address: address,
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
 * unless the caller owns the unit it is on (a sub-account may not change it).
 */
async function requireNotification(
  ctx: AppContext,
  { callerId, id }: { callerId: number; id: number },
): Promise<NotificationWithPuckRow> {
  const found = await findNotificationSeenByCaller(ctx.db, { callerId, id });
  if (!found) throw notFound('Notification not found.');
  checkOwnerRowAccess(found, 'write');
  const {
    owner_row_id: _ownerRowId,
    viewer_id: _viewerId,
    viewer_parent_id: _viewerParentId,
    ...row
  } = found;
  return row;
}

/**
 * Changes a notification's type, delivery, address, message and repeat and escalate settings; its
 * device and puck stay (device-management §7). Settings the input leaves out stay as they were.
 */
export async function changeNotification(
  ctx: AppContext,
  { callerId, id, input }: { callerId: number; id: number; input: NotificationInput },
): Promise<Notification> {
  const row = await requireNotification(ctx, { callerId, id });
  const address = readAddress(input);
  if (input.AlarmType !== row.alarm_type) {
    // The caps need the unit; the caller's row on it is the owner's, checked above.
    const access = await requireUserDevice(ctx, {
      callerId,
      userDeviceId: row.user_device_id,
      mode: 'write',
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
    message_address: address,
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
