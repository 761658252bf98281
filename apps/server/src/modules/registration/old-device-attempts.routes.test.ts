import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';
import { createUser, injectAs, signIn, type TestUser } from '../../../test/helpers/factories';
import { createDevice, type TestDevice } from '../../../test/helpers/device-factories';
import { parseAdminCommand, runAdminCommand } from '../../admin/commands';
import { OLD_DEVICE_ATTEMPTS_PER_MINUTE } from './old-device-attempts.routes';

const URL = '/api/devices/oldDeviceRegistrationAttempt';

describe('POST /api/devices/oldDeviceRegistrationAttempt (accounts-devices-billing §5, §7)', () => {
  let t: TestApp;
  let owner: TestUser;
  let token: string;
  let oldUnit: TestDevice;
  let currentUnit: TestDevice;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await createUser(t.ctx);
    token = await signIn(t.app, owner);
    oldUnit = await createDevice(t.ctx, { firmwareVersion: '3.2' });
    currentUnit = await createDevice(t.ctx, { firmwareVersion: '10.6' });
  });
  afterAll(() => t.close());

  const post = (body: unknown, auth: string | null = token) =>
    injectAs(t.app, auth, 'POST', URL, body);
  const attemptsOf = (userId: number) =>
    t.ctx.db
      .selectFrom('old_device_registration_attempts')
      .selectAll()
      .where('user_id', '=', userId)
      .execute();

  it('logs each attempt to register a unit with firmware below 4, repeats included (accounts-devices-billing §5)', async () => {
    const first = await post({ SerialNumber: oldUnit.serialNumber, UserId: owner.id });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({
      SerialNumber: oldUnit.serialNumber,
      UserId: owner.id,
      FirmwareVersion: '3.2',
    });
    const second = await post({ SerialNumber: oldUnit.serialNumber, UserId: owner.id });
    expect(second.statusCode).toBe(201);
    expect(second.json().Id).not.toBe(first.json().Id);
    const rows = await attemptsOf(owner.id);
    expect(rows.map((row) => row.device_id)).toEqual([oldUnit.id, oldUnit.id]);
  });

  it("refuses another user's id and a caller without a session, logging nothing (accounts-devices-billing §6)", async () => {
    const other = await createUser(t.ctx);
    expect((await post({ SerialNumber: oldUnit.serialNumber, UserId: other.id })).statusCode).toBe(
      403,
    );
    expect(
      (await post({ SerialNumber: oldUnit.serialNumber, UserId: owner.id }, null)).statusCode,
    ).toBe(401);
    expect(await attemptsOf(other.id)).toEqual([]);
  });

  it('refuses a unit that does not exist (404), a supported one (400) and a malformed body (400)', async () => {
    const caller = await createUser(t.ctx);
    const auth = await signIn(t.app, caller);
    const missing = await post({ SerialNumber: 'ZZZ999', UserId: caller.id }, auth);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toMatchObject({ code: 404, message: 'The device was not found.' });
    const supported = await post(
      { SerialNumber: currentUnit.serialNumber, UserId: caller.id },
      auth,
    );
    expect(supported.statusCode).toBe(400);
    expect(supported.json().error.message).toMatch(/supported/);
    const extra = await post(
      { SerialNumber: oldUnit.serialNumber, UserId: caller.id, Serial: 'X' },
      auth,
    );
    expect(extra.statusCode).toBe(400);
    expect((await post({ SerialNumber: 'abc', UserId: caller.id }, auth)).statusCode).toBe(400);
    expect(await attemptsOf(caller.id)).toEqual([]);
  });

  it('limits one user to a few attempts a minute (429), without slowing another user', async () => {
    const busy = await createUser(t.ctx);
    const auth = await signIn(t.app, busy);
    const codes: number[] = [];
    for (let i = 0; i <= OLD_DEVICE_ATTEMPTS_PER_MINUTE; i += 1) {
      codes.push(
        (await post({ SerialNumber: oldUnit.serialNumber, UserId: busy.id }, auth)).statusCode,
      );
    }
    expect(codes.slice(0, OLD_DEVICE_ATTEMPTS_PER_MINUTE).every((code) => code === 201)).toBe(true);
    expect(codes.at(-1)).toBe(429);
    expect(await attemptsOf(busy.id)).toHaveLength(OLD_DEVICE_ATTEMPTS_PER_MINUTE);
    const calm = await createUser(t.ctx);
    const calmAuth = await signIn(t.app, calm);
    expect(
      (await post({ SerialNumber: oldUnit.serialNumber, UserId: calm.id }, calmAuth)).statusCode,
    ).toBe(201);
  });

  it('shows staff the attempts with the unit and the user (npm run admin -- list-old-device-attempts)', async () => {
    const output = await runAdminCommand(t.ctx, parseAdminCommand(['list-old-device-attempts']), {
      defaultTenantId: 1,
    });
    expect(output).toContain(`unit ${oldUnit.serialNumber} (device ${oldUnit.id}, firmware 3.2)`);
    expect(output).toContain(`by user ${owner.id} ${owner.email_address}`);
    const one = await runAdminCommand(
      t.ctx,
      parseAdminCommand(['list-old-device-attempts', '--count', '1']),
      { defaultTenantId: 1 },
    );
    expect(one.split('\n')).toHaveLength(2);
  });
});
