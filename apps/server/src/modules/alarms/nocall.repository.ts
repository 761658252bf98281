import type { Kysely } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import type { DB } from '../../platform/database/schema';
import { isVisibleTo } from '../devices/visible-history.repository';
import { notificationFactsOf, type NotificationFacts } from './alarm-events.repository';

/** The SQL of the NOCALL watchdog and of the call-in that ends it (decision 011). */

/**
 * Opens a NOCALL event for the silence since `reportAt` unless one is open (the partial unique
 * index): answers the new id, or undefined when another tick opened it first.
 */
export async function openNoCallEvent(
  db: Kysely<DB>,
  event: { userDeviceId: number; openedAt: Date; reportAt: Date; isNotified: boolean },
): Promise<number | undefined> {
  const row = await db
    .insertInto('alarm_events')
    .values({
      user_device_id: event.userDeviceId,
      alarm_type: 'NOCALL',
      opened_at: event.openedAt,
      opening_report_at: event.reportAt,
      raised_report_at: event.reportAt,
      is_notified: event.isNotified,
    })
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

/** Closes an open NOCALL event; answers it, or undefined when none was open (closed already). */
export function closeNoCallEvent(
  db: Kysely<DB>,
  userDeviceId: number,
  closing: { closedAt: Date; reportAt: Date },
): Promise<{ id: number; is_notified: boolean } | undefined> {
  return db
    .updateTable('alarm_events')
    .set({ closed_at: closing.closedAt, closing_report_at: closing.reportAt })
    .where('user_device_id', '=', userDeviceId)
    .where('peripheral_id', 'is', null)
    .where('alarm_type', '=', 'NOCALL')
    .where('closed_at', 'is', null)
    .returning(['id', 'is_notified'])
    .executeTakeFirst();
}

export type NoCallCandidate = {
  device_id: number;
  serial_number: string;
  device_type: number;
  last_report_at: Date;
  user_device_id: number;
  name: string | null;
  location: string | null;
  time_zone: number;
  pet_monitor: boolean;
  last_requested_time: string | null;
  temp_pref: 'F' | 'C';
  /** The owner's brand, whose page the e-mail is drawn on. */
  tenant_id: number;
  temperature: number | null;
  humidity: number | null;
  notifications: NotificationFacts[];
};

/**
 * Units silent since `silentBefore` or earlier whose active owner row is not muted nor snoozed and has no open
 * NOCALL event, with the last report's readings and the owner's enabled NOCALL notifications; only
 * a last report in the owner's visible history counts (decision 017).
 * The caller applies each unit's own interval; `silentBefore` is the shortest.
 */
export function findNoCallCandidates(
  db: Kysely<DB>,
  { silentBefore, now }: { silentBefore: Date; now: Date },
): Promise<NoCallCandidate[]> {
  return (
    db
      .selectFrom('devices as d')
      .innerJoin('user_devices as ud', 'ud.device_id', 'd.id')
      .innerJoin('users as u', 'u.id', 'ud.user_id')
      .leftJoin('device_reports as r', (join) =>
        join.onRef('r.device_id', '=', 'd.id').onRef('r.report_timestamp', '=', 'd.last_report_at'),
      )
      .select([
        'd.id as device_id',
        'd.serial_number',
        'd.device_type',
        'd.last_report_at',
        'ud.id as user_device_id',
        'ud.name',
        'ud.location',
        'ud.time_zone',
        'ud.pet_monitor',
        'ud.last_requested_time',
        'u.temp_pref',
        'u.tenant_id',
        'r.temperature',
        'r.humidity',
      ])
      .select((eb) =>
        jsonArrayFrom(
          notificationFactsOf(db, eb.ref('ud.id')).where('n.alarm_type', '=', 'NOCALL'),
        ).as('notifications'),
      )
      .where('d.last_report_at', '<=', silentBefore)
      // A unit silent since before the owner's visible history began has not reported to this owner.
      .where(isVisibleTo('d.last_report_at', 'ud'))
      .where('ud.parent_user_device_id', 'is', null)
      .where('ud.is_active', '=', true)
      .where('ud.mute', '=', false)
      // A snoozed unit's silence is raised once the snooze is over (decision 059).
      .where((eb) =>
        eb.or([
          eb('ud.alarms_snoozed_until', 'is', null),
          eb('ud.alarms_snoozed_until', '<=', now),
        ]),
      )
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('alarm_events as e')
              .select('e.id')
              .whereRef('e.user_device_id', '=', 'ud.id')
              .where('e.alarm_type', '=', 'NOCALL')
              .where('e.closed_at', 'is', null),
          ),
        ),
      )
      .orderBy('d.id')
      .$narrowType<{ last_report_at: Date }>()
      .execute()
  );
}
