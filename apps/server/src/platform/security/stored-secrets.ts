import type { Kysely } from 'kysely';
import type { DB } from '../database/schema';

/** The one-row tables a migration made a signing key in (migrations 022 and 032). */
export type SecretTable = 'replacement_link_secret' | 'alarm_link_secret';

const cache = new WeakMap<Kysely<DB>, Map<SecretTable, Promise<string>>>();

/**
 * A signing key kept in the database, so every server on it agrees and links survive restarts;
 * read once per database (a transaction counts as its own: the embedded database has one
 * connection). A failed read is not kept: the next call asks again.
 */
export function storedSecret(db: Kysely<DB>, table: SecretTable): Promise<string> {
  let secrets = cache.get(db);
  if (!secrets) cache.set(db, (secrets = new Map<SecretTable, Promise<string>>()));
  let secret = secrets.get(table);
  if (!secret) {
    secret = db
      .selectFrom(table)
      .select('secret')
      .executeTakeFirstOrThrow()
      .then((row) => row.secret);
    secret.catch(() => secrets.delete(table));
    secrets.set(table, secret);
  }
  return secret;
}
