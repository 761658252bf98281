import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE_STAFF } from '@monitor/domain/accounts/roles';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';
import { createUser, injectAs, signIn, type TestUser } from '../../../test/helpers/factories';
import { parseAdminCommand, runAdminCommand, UsageError } from '../../admin/commands';

describe('npm run admin -- audit-log (issue #22)', () => {
  let t: TestApp;
  let staff: TestUser;
  let customer: TestUser;
  let bystander: TestUser;
  beforeAll(async () => {
    t = await createTestApp({ start: new Date('2026-11-27T15:00:00Z') });
    staff = await createUser(t.ctx, { roles: [ROLE_STAFF] });
    customer = await createUser(t.ctx);
    bystander = await createUser(t.ctx);
    const staffToken = await signIn(t.app, staff);
    const asCustomer = (
      await injectAs(t.app, staffToken, 'GET', `/api/authorization/impersonate/${customer.id}`)
    ).json<{ AccessToken: string }>().AccessToken;
    t.advanceTime(5 * 60_000);
    await injectAs(t.app, asCustomer, 'POST', '/api/authorization/logout');
    const ownToken = await signIn(t.app, bystander);
    await injectAs(t.app, ownToken, 'PUT', `/api/users/${bystander.id}/password`, {
      CurrentPassword: bystander.password,
      NewPassword: 'a new password 1',
    });
  });
  afterAll(() => t.close());

  const run = (...argv: string[]) =>
    runAdminCommand(t.ctx, parseAdminCommand(['audit-log', ...argv]), { defaultTenantId: 1 });

  it('lists who acted as whom and when, newest first, for the customer by e-mail or id', async () => {
    const expected = [
      `impersonation.end user ${customer.id} by user ${staff.id} {"reason":"return"}`,
      `impersonation.start user ${customer.id} by user ${staff.id} {"expiresAt":"2026-11-27T16:00:00.000Z"}`,
    ];
    for (const user of [customer.email_address, String(customer.id)]) {
      const lines = (await run('--user', user)).split('\n');
      expect(lines.map((line) => line.replace(/^#\d+ \S+ /, ''))).toEqual(expected);
      expect(lines[0]).toContain(' 2026-11-27T15:05:00.000Z ');
    }
  });

  it('lists every account’s events without --user, and as many as --count asks', async () => {
    const all = (await run()).split('\n');
    expect(all).toHaveLength(3);
    expect(all[0]).toContain(
      `account.password-change user ${bystander.id} by user ${bystander.id}`,
    );
    expect((await run('--count', '1')).split('\n')).toHaveLength(1);
  });

  it('says so for an unknown user, and refuses a count that is not one', async () => {
    await expect(run('--user', 'ghost@example.com')).rejects.toThrow(UsageError);
    expect(() => parseAdminCommand(['audit-log', '--count', '0'])).toThrow(UsageError);
  });
});
