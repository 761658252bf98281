import type { Insertable } from 'kysely';
import type { AppContext } from '../../src/context';
import type { DB } from '../../src/platform/database/schema';

/**
 * Alarm events and their deliveries written straight into the database, for the tests of what
 * comes after an alarm (the log, acknowledging, snoozing; issue #23) without walking readings
 * through the engine.
 */

export type EventSpec = Partial<Omit<Insertable<DB['alarm_events']>, 'user_device_id'>>;

/**
 * An event of the owner's row: TEMP, begun (and raised) at `at` (the clock's now by default),
 * peak 91 °F, still active unless `closed_at` says otherwise.
 */
export async function insertAlarmEvent(
  ctx: AppContext,
  userDeviceId: number,
  spec: EventSpec & { at?: Date } = {},
): Promise<number> {
  const { at = ctx.now(), ...values } = spec;
  const row = await ctx.db
    .insertInto('alarm_events')
    .values({
      user_device_id: userDeviceId,
      peripheral_id: null,
      alarm_type: 'TEMP',
      opened_at: at,
      opening_value: 90,
      opening_report_at: at,
      raised_report_at: at,
      peak_value: 91,
      is_notified: true,
      ...values,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export type DeliverySpec = Partial<Omit<Insertable<DB['deliveries']>, 'alarm_event_id'>> & {
  address: string;
};

/** A delivery of an event as the engine records it: the alarm's first telling by e-mail, sent. */
export async function insertAlarmDelivery(
  ctx: AppContext,
  alarmEventId: number,
  spec: DeliverySpec,
): Promise<number> {
  const row = await ctx.db
    .insertInto('deliveries')
    .values({
      kind: 'alarm',
      channel: 'email',
      subject: 'ALARM: Temperature out of range',
      body: 'Temperature out of range',
      step: 0,
      status: 'sent',
      sent_at: ctx.now(),
      ...spec,
      alarm_event_id: alarmEventId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
