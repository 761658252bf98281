import { createHash } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import Fastify from 'fastify';
import pg from 'pg';

/**
 * The baselines of bench/user-by-id, in a process of their own as the product is (the load
 * generator runs in the bench's process):
 * - `GET /api/users/:Id`, the fair one: the same session lookup and User query as the product's
 *   `GET /api/users/{Id}` (the SQL text Kysely produces for `findLiveAccessToken` and
 *   `findUserProfile`), through the bare driver on the same database, answering the same JSON —
 *   no logger, no plugins, no schema, no query builder.
 * - `GET /constant/users/:Id`: a constant body, what Fastify alone costs.
 *
 * BARE_PORT, and BARE_DATABASE_URL (a pg pool of 10, as the product's) or BARE_DATA_DIR (PGlite's
 * own `query` on the embedded database's folder, which the product must have closed).
 */
const SESSION_SQL =
  'select * from "access_tokens" where "token_hash" = $1 and "revoked_at" is null and "expires_at" > $2';
const PROFILE_SQL =
  'select "users".*, "parent"."first_name" as "parent_first_name", "parent"."last_name" as "parent_last_name", ' +
  'array((select "user_roles"."name" from "user_roles" where "user_roles"."user_id" = "users"."id" order by "user_roles"."name")) as "role_names", ' +
  '(select to_json("address") as "address" from "billing_addresses" as "address" where "address"."user_id" = "users"."id" and "address"."is_default" = $1) as "default_billing_address" ' +
  'from "users" left join "users" as "parent" on "parent"."id" = "users"."parent_id" where "users"."id" = $2';

type Query = (text: string, values: unknown[]) => Promise<Record<string, unknown>[]>;

async function openQuery(): Promise<{ query: Query; close: () => Promise<void> }> {
  const url = process.env.BARE_DATABASE_URL;
  if (url) {
    const pool = new pg.Pool({ connectionString: url, max: 10 });
    // The run's database is dropped WITH (FORCE) at the end: a connection it ends is no failure.
    pool.on('error', () => undefined);
    return {
      query: async (text, values) => (await pool.query<Record<string, unknown>>(text, values)).rows,
      close: () => pool.end(),
    };
  }
  const db = await PGlite.create(process.env.BARE_DATA_DIR);
  return {
    query: async (text, values) => (await db.query<Record<string, unknown>>(text, values)).rows,
    close: () => db.close(),
  };
}

type Address = Record<string, unknown>;

const { query, close } = await openQuery();
const app = Fastify();

app.get<{ Params: { Id: string }; Querystring: { access_token?: string } }>(
  '/api/users/:Id',
  async (request, reply) => {
    const header = request.headers.authorization;
    const token = header?.toLowerCase().startsWith('bearer ')
      ? header.slice(7).trim()
      : request.query.access_token;
    const id = Number(request.params.Id);
    if (!token) return reply.status(401).send({ error: { code: 401, message: 'Sign in.' } });
    const hash = createHash('sha256').update(token).digest('hex');
    const [session] = await query(SESSION_SQL, [hash, new Date().toISOString()]);
    if (!session) return reply.status(401).send({ error: { code: 401, message: 'Sign in.' } });
    if (session.user_id !== id)
      return reply.status(403).send({ error: { code: 403, message: 'Forbidden.' } });
    const [user] = await query(PROFILE_SQL, [true, id]);
    if (!user) return reply.status(404).send({ error: { code: 404, message: 'Not found.' } });
    const address = user.default_billing_address as Address | null;
    return {
      Id: user.id,
      FirstName: user.first_name,
      LastName: user.last_name,
      FullName: `${user.first_name as string} ${user.last_name as string}`,
      EmailAddress: user.email_address,
      TenantId: user.tenant_id,
      CustomerId: user.customer_id,
      BillingType: user.billing_type,
      SubAccount:
        user.parent_id !== null && user.parent_first_name !== null
          ? {
              ParentId: user.parent_id,
              ParentName: `${user.parent_first_name as string} ${user.parent_last_name as string}`,
              DateCreated: (user.created_at as Date).toISOString(),
            }
          : null,
      UserPref: { UserPrefsId: user.id, UserId: user.id, TempPref: user.temp_pref },
      Roles: (user.role_names as string[]).map((Name) => ({ Name })),
      DefaultBillingAddress: address
        ? {
            Id: address.id,
            UserId: address.user_id,
            Default: address.is_default,
            FirstName: address.first_name,
            LastName: address.last_name,
            Address1: address.address1,
            Address2: address.address2,
            City: address.city,
            State: address.state,
            Zip: address.zip,
            PhoneNumber: address.phone_number,
          }
        : null,
    };
  },
);

app.get('/constant/users/:Id', async () => ({
  Id: 1,
  FirstName: 'Bench',
  LastName: 'User',
  EmailAddress: 'bench@example.com',
  Roles: [],
}));

for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => {
    void app
      .close()
      .then(close)
      .finally(() => process.exit(0));
  });

await app.listen({ port: Number(process.env.BARE_PORT), host: '127.0.0.1' });
