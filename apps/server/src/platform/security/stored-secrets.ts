import type { Kysely } from 'kysely';
import type { DB } from '../database/schema';

/** The one-row tables a migration made a signing key in (migrations 022 and 032). */
export type SecretTable = 'replacement_link_secret' | 'alarm_link_secret';

const cache = new WeakMap<Kysely<DB>, Map<string, Promise<unknown>>>();

/**
 * A key kept in the database, read (or made) once per database: a transaction counts as its own
 * (the embedded database has one connection). A failed read is not kept: the next call asks again.
 */
export function storedOnce<T>(db: Kysely<DB>, name: string, load: () => Promise<T>): Promise<T> {
  let stored = cache.get(db);
  if (!stored) cache.set(db, (stored = new Map<string, Promise<unknown>>()));
  let value = stored.get(name) as Promise<T> | undefined;
  if (!value) {
    value = load();
    value.catch(() => stored.delete(name));
    stored.set(name, value);
  }
  return value;
}

/** A signing key kept in the database, so every server on it agrees and links survive restarts. */
export function storedSecret(db: Kysely<DB>, table: SecretTable): Promise<string> {
  return storedOnce(db, table, () =>
    db
      .selectFrom(table)
      .select('secret')
      .executeTakeFirstOrThrow()
      .then((row) => row.secret),
  );
}
