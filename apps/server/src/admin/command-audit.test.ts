import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers/test-app';
import { createUser } from '../../test/helpers/factories';
import { createDevice, registerUserDevice } from '../../test/helpers/devices';
import { parseAdminCommand, runAdminCommand } from './commands';
import { runAuditedCommand } from './command-audit';

describe('staff commands in the audit log (issue #22, decision 050)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ start: new Date('2026-11-27T15:00:00Z') });
  });
  afterAll(() => t.close());

  const run = (...argv: string[]) =>
    runAdminCommand(t.ctx, parseAdminCommand(argv), { defaultTenantId: 1 });
  const staffCommands = () =>
    t.ctx.db
      .selectFrom('audit_events')
      .select(['user_id', 'actor_id', 'detail', 'occurred_at'])
      .where('action', '=', 'staff.command')
      .orderBy('id')
      .execute();

  it('records a command that changes access with its name and arguments, by no one signed in', async () => {
    const user = await createUser(t.ctx);
    await run('grant-staff', '--email', user.email_address);
    expect(await staffCommands()).toEqual([
      {
        user_id: null,
        actor_id: null,
        detail: { command: 'grant-staff', arguments: { email: user.email_address } },
        occurred_at: new Date('2026-11-27T15:00:00Z'),
      },
    ]);
  });

  it('never writes a password to the log (create-staff)', async () => {
    await run('create-staff', '--email', 'new.staff@example.com', '--password', 'staff secret 1');
    const [, created] = await staffCommands();
    expect(created?.detail).toEqual({
      command: 'create-staff',
      arguments: {
        email: 'new.staff@example.com',
        firstName: 'Staff',
        lastName: 'Member',
      },
    });
    expect(JSON.stringify(created)).not.toContain('staff secret 1');
  });

  it('records a command that changes money (create-promotion, expire-promotion)', async () => {
    await run('create-promotion', '--code', 'audit10', '--discount', '-10');
    await run('expire-promotion', 'AUDIT10');
    const [created, expired] = (await staffCommands()).slice(-2).map((event) => event.detail);
    expect(created).toMatchObject({
      command: 'create-promotion',
      arguments: { promotion: { code: 'AUDIT10', discount: -10 } },
    });
    expect(expired).toEqual({ command: 'expire-promotion', arguments: { code: 'AUDIT10' } });
  });

  it('records nothing for a command that failed, or one that only reads', async () => {
    const before = (await staffCommands()).length;
    await expect(run('grant-staff', '--email', 'ghost@example.com')).rejects.toThrow(
      'No user has the e-mail address ghost@example.com.',
    );
    await expect(run('edit-plan', '--id', '99999', '--frequency', '3')).rejects.toThrow(
      'No plan has the id 99999.',
    );
    await expect(run('set-pet-monitor', '2147483647', 'on')).rejects.toThrow(
      'No user device has the id 2147483647.',
    );
    await run('list-plans');
    await run('audit-log');
    await run('list-promotions');
    expect(await staffCommands()).toHaveLength(before);
  });

  it('records set-pet-monitor after the switch it records itself, on the unit’s owner', async () => {
    const owner = await createUser(t.ctx);
    const device = await createDevice(t.ctx);
    const userDeviceId = await registerUserDevice(t.ctx, { userId: owner.id, deviceId: device.id });
    await run('set-pet-monitor', String(userDeviceId), 'on');
    const events = await t.ctx.db
      .selectFrom('audit_events')
      .select(['action', 'user_id', 'detail'])
      .orderBy('id', 'desc')
      .limit(2)
      .execute();
    expect(events.reverse()).toEqual([
      {
        action: 'entitlement.pet-monitor',
        user_id: owner.id,
        detail: { userDeviceId, on: true, by: 'set-pet-monitor' },
      },
      {
        action: 'staff.command',
        user_id: null,
        detail: { command: 'set-pet-monitor', arguments: { userDeviceId, isOn: true } },
      },
    ]);
  });

  it('writes a with-change command and its entry in one transaction: a failure keeps neither', async () => {
    const before = (await staffCommands()).length;
    await expect(
      runAuditedCommand(
        t.ctx,
        { command: { name: 'create-promotion' }, auditing: 'with-change' },
        async (inner) => {
          await inner.db
            .insertInto('promotions')
            .values({ code: 'ROLLEDBACK', discount: 5 })
            .execute();
          throw new Error('the command failed after its write');
        },
      ),
    ).rejects.toThrow('the command failed after its write');
    const promotion = await t.ctx.db
      .selectFrom('promotions')
      .select('code')
      .where('code', '=', 'ROLLEDBACK')
      .executeTakeFirst();
    expect(promotion).toBeUndefined();
    expect(await staffCommands()).toHaveLength(before);
  });
});
