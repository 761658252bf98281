import { randomBytes } from 'node:crypto';
import { ROLE_STAFF } from '@monitor/domain/accounts/roles';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../src/context';
import { addRole, insertUser, type UserRow } from '../../src/modules/accounts/users.repository';
import { hashPassword } from '../../src/platform/security/passwords';

export type TestUser = UserRow & { password: string };

/** Inserts a user with a known password; e-mail is unique per call. */
export async function createUser(
  ctx: AppContext,
  {
    email,
    password = 'correct horse battery',
    roles = [],
    parentId = null,
    tenantId = 2,
  }: {
    email?: string;
    password?: string;
    roles?: string[];
    parentId?: number | null;
    tenantId?: number;
  } = {},
): Promise<TestUser> {
  const row = await insertUser(ctx.db, {
    first_name: 'Test',
    last_name: 'User',
    email_address: email ?? `user-${randomBytes(4).toString('hex')}@example.com`,
    password_hash: await hashPassword(password),
    tenant_id: tenantId,
    parent_id: parentId,
  });
  for (const role of roles) await addRole(ctx.db, row.id, role);
  return { ...row, password };
}

/** Signs in through the real login call and returns the access token. */
export async function signIn(
  app: FastifyInstance,
  user: { email_address: string; password: string },
  source?: 'web' | 'mobileapp',
): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/LoginGateway.php',
    payload: { username: user.email_address, password: user.password, source },
  });
  if (response.statusCode !== 200)
    throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
  return response.json<{ AccessToken: string }>().AccessToken;
}

/** Headers that send an access token the way the spec's clients may: `Authorization: Bearer`. */
export function bearer(token: string): { authorization: string } {
  return { authorization: `Bearer ${token}` };
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** One call through app.inject as the holder of `token` (none when null), with an optional JSON body. */
export function injectAs(
  app: FastifyInstance,
  token: string | null,
  method: HttpMethod,
  url: string,
  body?: unknown,
) {
  return app.inject({
    method,
    url,
    ...(token && { headers: bearer(token) }),
    ...(body !== undefined && { payload: body as object }),
  });
}

/** A new staff member acting as the customer: the staff member and the impersonation's token. */
export async function impersonate(
  app: FastifyInstance,
  ctx: AppContext,
  customerId: number,
): Promise<{ staff: TestUser; token: string }> {
  const staff = await createUser(ctx, { roles: [ROLE_STAFF] });
  const response = await injectAs(
    app,
    await signIn(app, staff),
    'GET',
    `/api/authorization/impersonate/${customerId}`,
  );
  if (response.statusCode !== 200)
    throw new Error(`impersonate: ${response.statusCode} ${response.body}`);
  return { staff, token: response.json<{ AccessToken: string }>().AccessToken };
}
