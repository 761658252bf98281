import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../../platform/database/schema';

/** A client token lives a day, as Braintree's do. */
export const CLIENT_TOKEN_LIFETIME_MS = 24 * 60 * 60 * 1000;

/** What a local client token grants: card fields for this customer (or a new card) until then. */
export type ClientTokenGrant = { customerId: string | null; expiresAt: Date };

/** The decoded token: base64 JSON shaped like Braintree's, naming the local card-fields page. */
export type LocalClientToken = {
  version: 2;
  environment: 'local';
  authorizationFingerprint: string;
  customerId: string | null;
  expiresAt: string;
  hostedFieldsUrl: string;
  tokenizeUrl: string;
};

/** The signing key, made by the first process that needs one; every process reads the same row. */
async function signingKey(db: Kysely<DB>): Promise<string> {
  await db
    .insertInto('local_processor_keys')
    .values({ id: 1, signing_key: randomBytes(32).toString('base64url') })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  const row = await db
    .selectFrom('local_processor_keys')
    .select('signing_key')
    .where('id', '=', 1)
    .executeTakeFirstOrThrow();
  return row.signing_key;
}

function sign(key: string, payload: string): string {
  return createHmac('sha256', key).update(payload).digest('base64url');
}

export async function issueClientToken(
  db: Kysely<DB>,
  grant: ClientTokenGrant,
  cardFieldsOrigin: string,
): Promise<string> {
  const payload = Buffer.from(
    JSON.stringify({ customerId: grant.customerId, expiresAt: grant.expiresAt.toISOString() }),
  ).toString('base64url');
  const token: LocalClientToken = {
    version: 2,
    environment: 'local',
    authorizationFingerprint: `${payload}.${sign(await signingKey(db), payload)}`,
    customerId: grant.customerId,
    expiresAt: grant.expiresAt.toISOString(),
    hostedFieldsUrl: `${cardFieldsOrigin}/local-processor/hosted-fields`,
    tokenizeUrl: `${cardFieldsOrigin}/local-processor/tokenize`,
  };
  return Buffer.from(JSON.stringify(token)).toString('base64');
}

/**
 * The grant of an authorization fingerprint (what the card fields send with a tokenize), or null
 * when it is forged, malformed or expired at `now`.
 */
export async function verifyAuthorizationFingerprint(
  db: Kysely<DB>,
  fingerprint: string,
  now: Date,
): Promise<ClientTokenGrant | null> {
  const [payload, signature, ...rest] = fingerprint.split('.');
  if (!payload || !signature || rest.length > 0) return null;
  const expected = Buffer.from(sign(await signingKey(db), payload));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const body = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as {
      customerId: string | null;
      expiresAt: string;
    };
    const expiresAt = new Date(body.expiresAt);
    if (!(expiresAt.getTime() > now.getTime())) return null;
    return { customerId: body.customerId ?? null, expiresAt };
  } catch {
    return null;
  }
}
