import { sql, type Kysely } from 'kysely';
import type { AlarmChannel, DB } from '../../platform/database/schema';

/** The SQL of snoozing a unit's alarms (issue #23). */

/**
 * Silences the owner row's alarms until `until` and records who asked, in one statement; `by` is
 * an address, or the account whose e-mail is recorded. Answers the new end, or undefined when the
 * row is gone.
 */
export async function snoozeUnit(
  db: Kysely<DB>,
  {
    ownerRowId,
    at,
    until,
    by,
    via,
  }: {
    ownerRowId: number;
    at: Date;
    until: Date;
    by: { address: string } | { userId: number };
    via: AlarmChannel;
  },
): Promise<Date | undefined> {
  const snoozedBy =
    'address' in by
      ? sql<string>`${by.address}::text`
      : sql<string>`(SELECT email_address FROM users WHERE id = ${by.userId})`;
  const row = await db
    .with('snoozed', (q) =>
      q
        .updateTable('user_devices')
        .set({ alarms_snoozed_until: until })
        .where('id', '=', ownerRowId)
        .returning('id'),
    )
    .insertInto('alarm_snoozes')
    .columns(['user_device_id', 'snoozed_at', 'snoozed_until', 'snoozed_by', 'via'])
    .expression((eb) =>
      eb
        .selectFrom('snoozed')
        .select([
          'snoozed.id',
          sql<Date>`${at}::timestamptz`.as('snoozed_at'),
          sql<Date>`${until}::timestamptz`.as('snoozed_until'),
          snoozedBy.as('snoozed_by'),
          sql<AlarmChannel>`${via}::text`.as('via'),
        ]),
    )
    .returning('snoozed_until')
    .executeTakeFirst();
  return row?.snoozed_until;
}

/**
 * Ends the owner row's snooze now: the unit's alarms are told again, and the snooze in force is
 * recorded as ending now, so the log shows it was ended early.
 */
export async function endSnooze(
  db: Kysely<DB>,
  { ownerRowId, at }: { ownerRowId: number; at: Date },
): Promise<void> {
  await db
    .with('ended', (q) =>
      q
        .updateTable('alarm_snoozes')
        .set({ snoozed_until: at })
        .where('user_device_id', '=', ownerRowId)
        .where('snoozed_until', '>', at)
        .returning('id'),
    )
    .updateTable('user_devices')
    .set({ alarms_snoozed_until: null })
    .where('id', '=', ownerRowId)
    .execute();
}
