import type { Kysely } from 'kysely';
import webpush from 'web-push';
import type { PushConfig } from '../../platform/config/config';
import type { DB } from '../../platform/database/schema';
import { storedOnce } from '../../platform/security/stored-secrets';

/** The server's VAPID key pair (RFC 8292), base64url: the browsers' subscriptions are made to it. */
export type VapidKeys = { publicKey: string; privateKey: string };

/**
 * VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY when set; otherwise the pair in the database, made by the
 * first server that asks (migration 037): servers starting together each offer a pair and all keep
 * the one that went in first.
 */
export function getVapidKeys(db: Kysely<DB>, config: PushConfig): Promise<VapidKeys> {
  if (config.vapidKeys) return Promise.resolve(config.vapidKeys);
  return storedOnce(db, 'push_vapid_keys', () => storedVapidKeys(db));
}

async function storedVapidKeys(db: Kysely<DB>): Promise<VapidKeys> {
  const offered = webpush.generateVAPIDKeys();
  await db
    .insertInto('push_vapid_keys')
    .values({ public_key: offered.publicKey, private_key: offered.privateKey })
    .onConflict((conflict) => conflict.doNothing())
    .execute();
  const row = await db
    .selectFrom('push_vapid_keys')
    .select(['public_key', 'private_key'])
    .executeTakeFirstOrThrow();
  return { publicKey: row.public_key, privateKey: row.private_key };
}
