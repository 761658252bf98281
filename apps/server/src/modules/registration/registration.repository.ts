import type { Kysely, Transaction } from 'kysely';
import type { NotificationDraft } from '@monitor/domain/alarms/notifications';
import type { DB } from '../../platform/database/schema';
import { insertNotifications } from '../alarms/notifications.repository';

/** A device alarm's range as stored (°F or %RH) and whether it is on. */
export type AlarmSetting = { rangeMin: number; rangeMax: number; isEnabled: boolean };

/**
 * Step 5 of the registration (accounts-devices-billing §4): the wizard's ranges and switches on
 * the device's own alarm points, the Temperature/HumidityActive flags the alarm engine reads with
 * them, and, when the wizard sent notifications, those in place of the defaults.
 */
export async function saveAlarmSettings(
  trx: Transaction<DB>,
  {
    userDeviceId,
    temperature,
    humidity,
    notifications,
    now,
  }: {
    userDeviceId: number;
    temperature: AlarmSetting;
    humidity: AlarmSetting | null;
    notifications: NotificationDraft[] | null;
    now: Date;
  },
): Promise<void> {
  const settings = [['TEMP', temperature] as const, ['HUMIDITY', humidity] as const];
  for (const [sensorType, setting] of settings) {
    if (!setting) continue;
    await trx
      .updateTable('alarm_points')
      .set({
        range_min: setting.rangeMin,
        range_max: setting.rangeMax,
        is_enabled: setting.isEnabled,
        last_updated_at: now,
        last_range_change: now,
      })
      .where('user_device_id', '=', userDeviceId)
      .where('peripheral_id', 'is', null)
      .where('sensor_type', '=', sensorType)
      .execute();
  }
  await trx
    .updateTable('user_devices')
    .set({
      temperature_active: temperature.isEnabled,
      ...(humidity && { humidity_active: humidity.isEnabled }),
    })
    .where('id', '=', userDeviceId)
    .execute();
  if (!notifications) return;
  await trx
    .deleteFrom('notifications')
    .where('user_device_id', '=', userDeviceId)
    .where('peripheral_id', 'is', null)
    .execute();
  await insertNotifications(
    trx,
    notifications.map((draft) => ({
      user_device_id: userDeviceId,
      alarm_type: draft.alarmType,
      message_type: draft.messageType,
      message_address: draft.messageAddress,
      message: draft.message,
    })),
  );
}

/** Step 6: the registration is complete (accounts-devices-billing §4). */
export async function markRegistrationComplete(
  db: Kysely<DB>,
  userDeviceId: number,
): Promise<void> {
  await db
    .updateTable('user_devices')
    .set({ registration_complete: true })
    .where('id', '=', userDeviceId)
    .execute();
}

/** Removes a user device a registration saved but never completed (decision 037). */
export async function deleteIncompleteUserDevice(
  db: Kysely<DB>,
  userDeviceId: number,
): Promise<void> {
  await db
    .deleteFrom('user_devices')
    .where('id', '=', userDeviceId)
    .where('registration_complete', '=', false)
    .execute();
}
