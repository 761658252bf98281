import type { Kysely } from 'kysely';
import type { DB } from '../../platform/database/schema';

/** What every view of an alarm event reads of it: its sensor, its times, its peak, its answer. */
export const ALARM_EVENT_COLUMNS = [
  'e.id',
  'e.alarm_type',
  'e.opened_at',
  'e.opening_report_at',
  'e.raised_report_at',
  'e.closed_at',
  'e.closing_report_at',
  'e.peak_value',
  'e.acknowledged_at',
  'e.acknowledged_by',
  'e.acknowledged_via',
] as const;

/**
 * One alarm event with what its link view, its acknowledgement and a snooze need: the owner's row
 * (where the event lives) with its unit and owner, the puck, and — for a signed-in caller — the
 * caller's first row on that unit and their e-mail and unit preference, in one query (decision 027).
 */
export function findAlarmEventSeen(
  db: Kysely<DB>,
  { eventId, callerId }: { eventId: number; callerId: number | null },
) {
  return db
    .selectFrom('alarm_events as e')
    .innerJoin('user_devices as owner_row', 'owner_row.id', 'e.user_device_id')
    .innerJoin('devices as d', 'd.id', 'owner_row.device_id')
    .innerJoin('users as owner', 'owner.id', 'owner_row.user_id')
    .leftJoin('peripherals as p', 'p.id', 'e.peripheral_id')
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom('user_devices as v')
          .select(['v.id', 'v.parent_user_device_id', 'v.visible_from'])
          .where('v.user_id', '=', callerId ?? 0)
          .whereRef('v.device_id', '=', 'owner_row.device_id')
          .orderBy('v.id')
          .limit(1)
          .as('viewer'),
      (join) => join.onTrue(),
    )
    .leftJoin('users as caller', (join) => join.on('caller.id', '=', callerId ?? 0))
    .select([
      ...ALARM_EVENT_COLUMNS,
      'owner_row.id as owner_row_id',
      'owner_row.device_id',
      'owner_row.name',
      'owner_row.location',
      'owner_row.time_zone',
      'owner_row.alarms_snoozed_until',
      'd.serial_number',
      'owner.temp_pref as owner_temp_pref',
      'p.serial as puck_serial',
      'p.name as puck_name',
      'p.location as puck_location',
      'viewer.id as viewer_id',
      'viewer.parent_user_device_id as viewer_parent_id',
      'viewer.visible_from as viewer_visible_from',
      'caller.email_address as caller_email',
      'caller.temp_pref as caller_temp_pref',
    ])
    .where('e.id', '=', eventId)
    .executeTakeFirst();
}

export type AlarmEventSeen = NonNullable<Awaited<ReturnType<typeof findAlarmEventSeen>>>;
