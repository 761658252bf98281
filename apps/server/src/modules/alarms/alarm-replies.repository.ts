import type { Kysely } from 'kysely';
import type { DB } from '../../platform/database/schema';

/** The SQL of answering an alarm by text (issue #23). */

/**
 * The event a text from `address` (a phone as stored) answers: the one named by `eventId`, or else
 * the newest not yet acknowledged; either way only one whose alarm (first telling or a repeat) was
 * texted to that number. With what the reply names: the unit, the puck and the sensor.
 */
export function findEventTextedTo(
  db: Kysely<DB>,
  { address, eventId }: { address: string; eventId: number | null },
) {
  let query = db
    .selectFrom('alarm_events as e')
    .innerJoin('user_devices as ud', 'ud.id', 'e.user_device_id')
    .innerJoin('devices as d', 'd.id', 'ud.device_id')
    .leftJoin('peripherals as p', 'p.id', 'e.peripheral_id')
    .select([
      'e.id',
      'e.alarm_type',
      'e.acknowledged_by',
      'ud.name',
      'ud.location',
      'd.serial_number',
      'p.name as puck_name',
      'p.location as puck_location',
    ])
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('deliveries as dl')
          .select('dl.id')
          .whereRef('dl.alarm_event_id', '=', 'e.id')
          .where('dl.kind', '=', 'alarm')
          .where('dl.channel', '=', 'sms')
          .where('dl.address', '=', address),
      ),
    );
  query =
    eventId === null
      ? query.where('e.acknowledged_at', 'is', null)
      : query.where('e.id', '=', eventId);
  return query.orderBy('e.opened_at', 'desc').orderBy('e.id', 'desc').limit(1).executeTakeFirst();
}

export type EventTextedTo = NonNullable<Awaited<ReturnType<typeof findEventTextedTo>>>;
