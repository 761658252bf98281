import { sql, type Kysely } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import type { AlarmChannel, DB } from '../../platform/database/schema';

/** The SQL of acknowledging an alarm event (issue #23). */

export type AcknowledgementFields = {
  acknowledged_at: Date;
  acknowledged_by: string;
  acknowledged_via: AlarmChannel;
};

/**
 * Records the acknowledgement unless the event has one already: answers it, or undefined when
 * someone answered first (or there is no such event). Only the writer tells anyone.
 */
export async function markAcknowledged(
  db: Kysely<DB>,
  { eventId, at, by, via }: { eventId: number; at: Date; by: string; via: AlarmChannel },
): Promise<AcknowledgementFields | undefined> {
  const row = await db
    .updateTable('alarm_events')
    .set({ acknowledged_at: at, acknowledged_by: by, acknowledged_via: via })
    .where('id', '=', eventId)
    .where('acknowledged_at', 'is', null)
    .returning(['acknowledged_at', 'acknowledged_by', 'acknowledged_via'])
    .executeTakeFirst();
  return row as AcknowledgementFields | undefined;
}

/** The acknowledgement an event already has; undefined when there is no such event. */
export function findAcknowledgement(db: Kysely<DB>, eventId: number) {
  return db
    .selectFrom('alarm_events')
    .select(['acknowledged_at', 'acknowledged_by', 'acknowledged_via'])
    .where('id', '=', eventId)
    .executeTakeFirst();
}

/**
 * What the "acknowledged by" notices need, in one query: the event's unit and sensor, and each
 * distinct channel and address the alarm was told to (its 'alarm' deliveries: the first telling,
 * repeats, escalations) whose notification still wants the notice and is not disabled.
 */
export async function findAcknowledgementFacts(db: Kysely<DB>, eventId: number) {
  const row = await db
    .selectFrom('alarm_events as e')
    .innerJoin('user_devices as ud', 'ud.id', 'e.user_device_id')
    .innerJoin('devices as d', 'd.id', 'ud.device_id')
    .leftJoin('peripherals as p', 'p.id', 'e.peripheral_id')
    .select([
      'e.id',
      'e.alarm_type',
      'e.closed_at',
      'e.opened_at',
      'e.opening_report_at',
      'e.raised_report_at',
      'ud.id as user_device_id',
      'ud.device_id',
      'ud.name',
      'ud.location',
      'ud.time_zone',
      'd.serial_number',
      'p.serial as puck_serial',
      'p.name as puck_name',
      'p.location as puck_location',
    ])
    .select((eb) =>
      jsonArrayFrom(
        eb
          .selectFrom('deliveries as dl')
          .innerJoin('notifications as n', 'n.id', 'dl.notification_id')
          .distinctOn(['dl.channel', sql`lower(dl.address)`])
          .select(['dl.channel', 'dl.address', 'dl.notification_id'])
          .whereRef('dl.alarm_event_id', '=', 'e.id')
          .where('dl.kind', '=', 'alarm')
          .where('n.tell_acknowledged', '=', true)
          .where('n.disable_alarm', '=', false)
          .orderBy('dl.channel')
          .orderBy(sql`lower(dl.address)`)
          .orderBy('dl.id'),
      ).as('recipients'),
    )
    .where('e.id', '=', eventId)
    .executeTakeFirst();
  return row;
}

export type AcknowledgementFacts = NonNullable<
  Awaited<ReturnType<typeof findAcknowledgementFacts>>
>;
