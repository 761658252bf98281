import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LOGIN_FAILURE_WINDOW_MS } from '@monitor/domain/accounts/login-throttle';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';
import { EXPIRED_LOGIN_FAILURES_PER_PURGE } from './login-throttle.service';

describe('login failure records are deleted once they no longer count (issue #2)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.ctx.db.deleteFrom('login_failures').execute();
  });

  const fail = (email: string, ip: string) =>
    t.app.inject({
      method: 'POST',
      url: '/LoginGateway.php',
      remoteAddress: ip,
      payload: { username: email, password: 'wrong guess' },
    });
  const keys = async () =>
    (await t.ctx.db.selectFrom('login_failures').select('key').orderBy('key').execute()).map(
      (row) => row.key,
    );

  it('deletes the records of keys whose last failure is a whole window old when another failure is counted', async () => {
    expect((await fail('old@example.com', '10.20.0.1')).statusCode).toBe(401);
    t.advanceTime(LOGIN_FAILURE_WINDOW_MS - 1);
    expect((await fail('recent@example.com', '10.20.0.2')).statusCode).toBe(401);
    t.advanceTime(1);
    expect((await fail('new@example.com', '10.20.0.3')).statusCode).toBe(401);
    expect(await keys()).toEqual([
      'account:new@example.com',
      'account:recent@example.com',
      'address:10.20.0.2',
      'address:10.20.0.3',
    ]);
  });

  it('deletes a bounded batch per failure, so one failure never waits on a huge deletion', async () => {
    const stale = new Date(t.ctx.now().getTime() - LOGIN_FAILURE_WINDOW_MS);
    const extra = 20;
    await t.ctx.db
      .insertInto('login_failures')
      .values(
        Array.from({ length: EXPIRED_LOGIN_FAILURES_PER_PURGE + extra }, (_, i) => ({
          key: `address:192.0.2.${i}`,
          failures: 3,
          last_failure_at: stale,
        })),
      )
      .execute();
    await fail('first@example.com', '10.21.0.1');
    expect(await keys()).toHaveLength(extra + 2);
    await fail('second@example.com', '10.21.0.2');
    expect(await keys()).toEqual([
      'account:first@example.com',
      'account:second@example.com',
      'address:10.21.0.1',
      'address:10.21.0.2',
    ]);
  });

  it('counts a key anew when its own expired record was deleted', async () => {
    expect((await fail('again@example.com', '10.22.0.1')).statusCode).toBe(401);
    t.advanceTime(LOGIN_FAILURE_WINDOW_MS);
    expect((await fail('other@example.com', '10.22.0.2')).statusCode).toBe(401);
    expect((await fail('again@example.com', '10.22.0.1')).statusCode).toBe(401);
    const rows = await t.ctx.db
      .selectFrom('login_failures')
      .select(['key', 'failures'])
      .where('key', 'in', ['account:again@example.com', 'address:10.22.0.1'])
      .orderBy('key')
      .execute();
    expect(rows).toEqual([
      { key: 'account:again@example.com', failures: 1 },
      { key: 'address:10.22.0.1', failures: 1 },
    ]);
  });

  it('counts every one of concurrent failures on one key while expired records are deleted', async () => {
    const stale = new Date(t.ctx.now().getTime() - LOGIN_FAILURE_WINDOW_MS);
    await t.ctx.db
      .insertInto('login_failures')
      .values(
        ['account:busy@example.com', 'address:10.23.0.9'].map((key) => ({
          key,
          failures: 7,
          last_failure_at: stale,
        })),
      )
      .execute();
    const attempts = Array.from({ length: 6 }, (_, i) => fail('busy@example.com', `10.23.0.${i}`));
    expect((await Promise.all(attempts)).map((response) => response.statusCode)).toEqual(
      Array.from({ length: 6 }, () => 401),
    );
    const row = await t.ctx.db
      .selectFrom('login_failures')
      .select('failures')
      .where('key', '=', 'account:busy@example.com')
      .executeTakeFirst();
    expect(row?.failures).toBe(6);
  });
});
