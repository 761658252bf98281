import type { Kysely } from 'kysely';
import type { LoginThrottleState } from '@monitor/domain/accounts/login-throttle';
import type { DB } from '../../platform/database/schema';

/** The recorded failures of each key that has any. */
export async function findLoginFailures(
  db: Kysely<DB>,
  keys: readonly string[],
): Promise<Map<string, LoginThrottleState>> {
  if (keys.length === 0) return new Map();
  const rows = await db.selectFrom('login_failures').selectAll().where('key', 'in', keys).execute();
  return new Map(
    rows.map((row) => [row.key, { failures: row.failures, lastFailureAt: row.last_failure_at }]),
  );
}

/**
 * The failures of one key, locked until the transaction `trx` ends so concurrent failures of the
 * same key are counted one after the other. One upsert creates a missing row and locks an existing
 * one, so a row deleted meanwhile as expired (deleteExpiredLoginFailures) is simply made anew.
 */
export async function lockLoginFailures(
  trx: Kysely<DB>,
  key: string,
  now: Date,
): Promise<LoginThrottleState> {
  const row = await trx
    .insertInto('login_failures')
    .values({ key, failures: 0, last_failure_at: now })
    .onConflict((oc) => oc.column('key').doUpdateSet({ key: (eb) => eb.ref('excluded.key') }))
    .returningAll()
    .executeTakeFirstOrThrow();
  return { failures: row.failures, lastFailureAt: row.failures === 0 ? null : row.last_failure_at };
}

export async function saveLoginFailures(
  trx: Kysely<DB>,
  key: string,
  state: LoginThrottleState,
): Promise<void> {
  await trx
    .updateTable('login_failures')
    .set({ failures: state.failures, last_failure_at: state.lastFailureAt ?? new Date(0) })
    .where('key', '=', key)
    .execute();
}

export async function deleteLoginFailures(db: Kysely<DB>, key: string): Promise<void> {
  await db.deleteFrom('login_failures').where('key', '=', key).execute();
}

/**
 * Deletes at most `limit` records whose last failure is at or before `cutoff`, skipping rows
 * another transaction holds, so it never waits and never deadlocks with a failure being counted.
 * Answers how many it deleted.
 */
export async function deleteExpiredLoginFailures(
  db: Kysely<DB>,
  { cutoff, limit }: { cutoff: Date; limit: number },
): Promise<number> {
  const result = await db
    .deleteFrom('login_failures')
    .where('key', 'in', (eb) =>
      eb
        .selectFrom('login_failures')
        .select('key')
        .where('last_failure_at', '<=', cutoff)
        .limit(limit)
        .forUpdate()
        .skipLocked(),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
