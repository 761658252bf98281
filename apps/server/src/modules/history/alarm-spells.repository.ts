import { sql, type Kysely } from 'kysely';
import type { AlarmEventType, DB } from '../../platform/database/schema';
import type { ReadingWindow } from '../devices/visible-history.repository';

export type AlarmSpellRow = { alarm_type: AlarmEventType; from_at: Date; to_at: Date | null };

/**
 * The alarm spells of a unit's own sensors (`peripheralId` null) or of one puck that overlap
 * `window`, oldest first; they live on the owner's row. A spell runs from the reading that opened
 * it to the one that closed it (the server's times when a reading is not known), and is cut to
 * start no earlier than the window, so a viewer learns nothing from before its visible history.
 */
export function findAlarmSpells(
  db: Kysely<DB>,
  {
    ownerRowId,
    peripheralId,
    window,
    alarmTypes,
  }: {
    ownerRowId: number;
    peripheralId: number | null;
    window: ReadingWindow;
    alarmTypes: readonly AlarmEventType[];
  },
): Promise<AlarmSpellRow[]> {
  if (alarmTypes.length === 0) return Promise.resolve([]);
  const start = sql<Date>`coalesce(opening_report_at, opened_at)`;
  const end = sql<Date | null>`case when closed_at is not null then coalesce(closing_report_at, closed_at) end`;
  let query = db
    .selectFrom('alarm_events')
    .select([
      'alarm_type',
      sql<Date>`greatest(${start}, ${window.from})`.as('from_at'),
      end.as('to_at'),
    ])
    .where('user_device_id', '=', ownerRowId)
    .where('alarm_type', 'in', alarmTypes)
    .where(start, '<', window.to)
    .where((eb) => eb.or([eb(end, 'is', null), eb(end, '>', window.from)]));
  query =
    peripheralId === null
      ? query.where('peripheral_id', 'is', null)
      : query.where('peripheral_id', '=', peripheralId);
  return query.orderBy(start).orderBy('id').execute();
}
