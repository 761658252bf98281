import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE_STAFF } from '@monitor/domain/accounts/roles';
import { createTestApp, type TestApp } from '../../test/helpers/test-app';
import { bearer, createUser, signIn } from '../../test/helpers/factories';
import { findRoleNames, findUserByEmail } from '../modules/accounts/users.repository';
import { parseAdminCommand, runAdminCommand, UsageError } from './commands';

describe('parseAdminCommand', () => {
  it('reads create-staff with its options', () => {
    expect(
      parseAdminCommand([
        'create-staff',
        '--email',
        'Boss@Example.com',
        '--password',
        'long enough',
        '--first-name',
        'sam',
        '--tenant',
        '6',
      ]),
    ).toEqual({
      name: 'create-staff',
      email: 'boss@example.com',
      password: 'long enough',
      firstName: 'sam',
      lastName: 'Member',
      tenantId: 6,
    });
  });

  it('reads grant-staff', () => {
    expect(parseAdminCommand(['grant-staff', '--email', 'a@example.com'])).toEqual({
      name: 'grant-staff',
      email: 'a@example.com',
    });
  });

  it.each([
    [[], 'No command given.'],
    [['drop-everything'], 'Unknown command: drop-everything'],
    [['create-staff', '--password', 'long enough'], '--email is required.'],
    [['create-staff', '--email', 'a@example.com'], '--password is required.'],
    [['create-staff', '--email', 'nope', '--password', 'long enough'], '--email:'],
    [['create-staff', '--email', 'a@example.com', '--password', 'short'], '--password:'],
    [
      ['create-staff', '--email', 'a@example.com', '--password', 'long enough', '--tenant', '9'],
      '--tenant: TenantId must be 1 to 6.',
    ],
    [['grant-staff', '--email', 'a@example.com', '--colour', 'red'], "Unknown option '--colour'"],
    [['grant-staff', 'extra', '--email', 'a@example.com'], 'Unexpected argument: extra'],
  ])('refuses %j with a message the operator can act on', (argv, message) => {
    expect(() => parseAdminCommand(argv)).toThrow(UsageError);
    expect(() => parseAdminCommand(argv)).toThrow(message);
  });
});

describe('runAdminCommand', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('creates a staff user who can sign in and impersonate a customer (accounts-devices-billing §6)', async () => {
    const message = await runAdminCommand(
      t.ctx,
      parseAdminCommand([
        'create-staff',
        '--email',
        'boss@example.com',
        '--password',
        'staff secret',
      ]),
      { defaultTenantId: 2 },
    );
    expect(message).toMatch(/^Created staff user boss@example\.com \(id \d+\)\.$/);
    const staff = await findUserByEmail(t.ctx.db, 'boss@example.com');
    expect(staff).toMatchObject({ first_name: 'Staff', last_name: 'Member', tenant_id: 2 });
    const token = await signIn(t.app, {
      email_address: 'boss@example.com',
      password: 'staff secret',
    });
    const customer = await createUser(t.ctx);
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/authorization/impersonate/${customer.id}`,
      headers: bearer(token),
    });
    expect(response.statusCode).toBe(200);
  });

  it('adds the role to an existing user and leaves the password alone', async () => {
    const user = await createUser(t.ctx, { email: 'existing@example.com' });
    const message = await runAdminCommand(
      t.ctx,
      parseAdminCommand([
        'create-staff',
        '--email',
        'existing@example.com',
        '--password',
        'other secret',
      ]),
      { defaultTenantId: 2 },
    );
    expect(message).toContain('already existed');
    expect(await findRoleNames(t.ctx.db, user.id)).toEqual([ROLE_STAFF]);
    expect(await signIn(t.app, user)).toBeTruthy();
  });

  it('grants the staff role to an existing user', async () => {
    const user = await createUser(t.ctx);
    await runAdminCommand(
      t.ctx,
      parseAdminCommand(['grant-staff', '--email', user.email_address]),
      {
        defaultTenantId: 2,
      },
    );
    expect(await findRoleNames(t.ctx.db, user.id)).toEqual([ROLE_STAFF]);
  });

  it('refuses to grant the role to an unknown address', async () => {
    await expect(
      runAdminCommand(t.ctx, parseAdminCommand(['grant-staff', '--email', 'ghost@example.com']), {
        defaultTenantId: 2,
      }),
    ).rejects.toThrow('No user has the e-mail address ghost@example.com.');
  });
});
