import { sql, type Kysely } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import type { DB } from '../../platform/database/schema';
import { ALARM_EVENT_COLUMNS } from './alarm-event.repository';

/**
 * The SQL of the alarm log (issue #23): an owner row's events that a viewer row sees (those that
 * began from its `visible_from` on, decision 017), newest first, each with its deliveries.
 */

/** An event began at its first reading out of range, or when it was opened on older rows. */
const startedAt = sql<Date>`coalesce(e.opening_report_at, e.opened_at)`;

/**
 * One page of the log in one statement: the number of events the viewer sees, the page's events
 * with their deliveries (and the notification's wait, which makes a first telling an escalation),
 * when the event just before the page was opened (the upper end of the page's span), and the
 * caller's e-mail (a sub-account sees its own address plainly).
 */
export async function findAlarmLogPage(
  db: Kysely<DB>,
  {
    ownerRowId,
    visibleFrom,
    callerId,
    limit,
    offset,
  }: { ownerRowId: number; visibleFrom: Date; callerId: number; limit: number; offset: number },
) {
  const seen = db
    .selectFrom('alarm_events as e')
    .where('e.user_device_id', '=', ownerRowId)
    .where(sql<boolean>`${startedAt} >= ${visibleFrom}`);
  return db
    .selectNoFrom((eb) => [
      seen.select((s) => s.fn.countAll<string | number>().as('count')).as('total'),
      jsonArrayFrom(
        seen
          .leftJoin('peripherals as p', 'p.id', 'e.peripheral_id')
          .select([...ALARM_EVENT_COLUMNS, 'e.user_device_id', 'p.serial as puck_serial'])
          .select((inner) =>
            jsonArrayFrom(
              inner
                .selectFrom('deliveries as dl')
                .leftJoin('notifications as n', 'n.id', 'dl.notification_id')
                .select([
                  'dl.kind',
                  'dl.step',
                  'dl.channel',
                  'dl.address',
                  'dl.subject',
                  'dl.status',
                  'dl.created_at',
                  'dl.sent_at',
                  'n.wait_minutes',
                ])
                .whereRef('dl.alarm_event_id', '=', 'e.id')
                .orderBy('dl.id'),
            ).as('deliveries'),
          )
          .orderBy('e.id', 'desc')
          .limit(limit)
          .offset(offset),
      ).as('events'),
      (offset === 0
        ? sql<Date | null>`null::timestamptz`
        : seen
            .select('e.opened_at')
            .orderBy('e.id', 'desc')
            .limit(1)
            .offset(offset - 1)
      ).as('newer_opened_at'),
      eb.selectFrom('users').select('email_address').where('id', '=', callerId).as('caller_email'),
    ])
    .executeTakeFirstOrThrow();
}

export type AlarmLogPageRow = Awaited<ReturnType<typeof findAlarmLogPage>>;
export type AlarmLogEventRow = AlarmLogPageRow['events'][number];

/** The unit's snoozes made in [from, to), newest first (at most 100). */
export function findSnoozes(
  db: Kysely<DB>,
  { ownerRowId, from, to }: { ownerRowId: number; from: Date; to: Date | null },
) {
  let query = db
    .selectFrom('alarm_snoozes')
    .select(['snoozed_at', 'snoozed_until', 'snoozed_by', 'via'])
    .where('user_device_id', '=', ownerRowId)
    .where('snoozed_at', '>=', from);
  if (to !== null) query = query.where('snoozed_at', '<', to);
  return query.orderBy('snoozed_at', 'desc').orderBy('id', 'desc').limit(100).execute();
}
