import type { Kysely } from 'kysely';
import type { LoginThrottleState } from '@monitor/domain/login-throttle';
import type { DB } from '../schema';

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
 * same key are counted one after the other. A missing row is created first so there is a row to lock.
 */
export async function lockLoginFailures(
  trx: Kysely<DB>,
  key: string,
  now: Date,
): Promise<LoginThrottleState> {
  await trx
    .insertInto('login_failures')
    .values({ key, failures: 0, last_failure_at: now })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const row = await trx
    .selectFrom('login_failures')
    .selectAll()
    .where('key', '=', key)
    .forUpdate()
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
