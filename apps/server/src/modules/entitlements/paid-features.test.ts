import type { Updateable } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DB } from '../../platform/database/schema';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';
import { createUser, injectAs, signIn, type TestUser } from '../../../test/helpers/factories';
import {
  createDevice,
  deviceAuth,
  registerUserDevice,
  type TestDevice,
} from '../../../test/helpers/devices';
import { parseAdminCommand, runAdminCommand } from '../../admin/commands';

/**
 * What a customer pays for is decided by the server (issue #22 findings 2 and 3): instant updates
 * (RPT), and the pet monitor upgrade with its DOG, whatever the client calls or skips.
 */
describe('instant updates and the pet monitor, enforced by the server (device-management §4 "Instant update", §9)', () => {
  let t: TestApp;
  let owner: TestUser;
  let sub: TestUser;
  let token: string;
  let subToken: string;
  let unit: TestDevice;
  let ownRow: number;
  let subRow: number;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await createUser(t.ctx);
    sub = await createUser(t.ctx, { parentId: owner.id });
    token = await signIn(t.app, owner);
    subToken = await signIn(t.app, sub);
    unit = await createDevice(t.ctx, { deviceType: 4 });
    ownRow = await registerUserDevice(t.ctx, { userId: owner.id, deviceId: unit.id });
    subRow = await registerUserDevice(t.ctx, {
      userId: sub.id,
      deviceId: unit.id,
      parentUserDeviceId: ownRow,
    });
  });
  afterAll(() => t.close());

  const setRow = (values: Updateable<DB['user_devices']>) =>
    t.ctx.db
      .updateTable('user_devices')
      .set(values)
      .where((eb) => eb.or([eb('id', '=', ownRow), eb('parent_user_device_id', '=', ownRow)]))
      .execute();
  const left = async () =>
    (
      await t.ctx.db
        .selectFrom('user_devices')
        .select('instant_updates')
        .where('id', '=', ownRow)
        .executeTakeFirstOrThrow()
    ).instant_updates;
  const send = (command: string, auth = token, row = ownRow) =>
    injectAs(t.app, auth, 'POST', `/api/devices/${row}/sendtext/${command}`);
  const waiting = () =>
    t.ctx.db
      .selectFrom('device_commands')
      .select(['id', 'command', 'paid_by_user_device_id', 'spent_at'])
      .where('device_id', '=', unit.id)
      .where('acked_at', 'is', null)
      .orderBy('id')
      .execute();
  /** The unit's next call: it acknowledges the commands, with a fresh reading unless a poll. */
  const unitAnswers = async (ids: number[], { withReading = true } = {}) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/device-api/v1/reports',
      headers: deviceAuth(unit),
      payload: {
        Reports: withReading
          ? [{ ReportTimestamp: t.ctx.now().toISOString(), Temperature: 70, Power: 1 }]
          : [],
        Acks: ids,
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    t.advanceTime(1000);
  };
  const spentCommands = () =>
    t.ctx.db
      .selectFrom('device_commands')
      .select(['id', 'spent_at'])
      .where('device_id', '=', unit.id)
      .where('spent_at', 'is not', null)
      .execute();

  beforeEach(async () => {
    // Every case starts with nothing waiting: what an earlier case queued is answered late.
    t.advanceTime(10 * 60_000);
    const ids = (await waiting()).map((c) => c.id);
    if (ids.length > 0) await unitAnswers(ids, { withReading: false });
    await setRow({ instant_updates: 0, pet_monitor: false, last_requested_time: null });
  });

  it('refuses RPT with none left, five times over, and queues nothing (finding 2)', async () => {
    for (let i = 0; i < 5; i++) {
      const response = await send('RPT');
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({
        error: { code: 409, message: 'No instant updates are left on this device.' },
      });
    }
    expect(await waiting()).toEqual([]);
  });

  it('holds one back while an RPT waits, spends it once when the unit answers with a report, and the old decrement call spends nothing more', async () => {
    await setRow({ instant_updates: 1 });
    expect((await send('RPT')).statusCode).toBe(200);
    expect((await send('RPT')).statusCode).toBe(409);
    const [rpt] = await waiting();
    expect(rpt).toMatchObject({ command: 'RPT', paid_by_user_device_id: ownRow, spent_at: null });
    expect(await left()).toBe(1);
    await unitAnswers([rpt!.id]);
    expect(await left()).toBe(0);
    const decrement = await injectAs(
      t.app,
      token,
      'GET',
      `/api/users/decrementInstantUpdate?id=${owner.id}&userdeviceId=${ownRow}`,
    );
    expect(decrement.json()).toEqual({ UserDeviceId: ownRow, InstantUpdates: 0 });
    // The same acknowledgement sent again spends nothing either.
    await unitAnswers([rpt!.id]);
    expect(await left()).toBe(0);
    expect((await spentCommands()).filter((c) => c.id === rpt!.id)).toHaveLength(1);
  });

  it('costs nothing when the unit answers after the web app said it failed (90 s), and frees the hold then', async () => {
    await setRow({ instant_updates: 1 });
    expect((await send('RPT')).statusCode).toBe(200);
    const [late] = await waiting();
    t.advanceTime(89_000);
    expect((await send('RPT')).statusCode).toBe(409);
    t.advanceTime(2_000);
    expect((await send('RPT')).statusCode).toBe(200);
    await unitAnswers([late!.id]);
    expect(await left()).toBe(1);
  });

  it('costs nothing for an answer without a reading (a poll), nor for RPT refused by the device’s state (device-management §5)', async () => {
    await setRow({ instant_updates: 1 });
    expect((await send('RPT')).statusCode).toBe(200);
    const [polled] = await waiting();
    await unitAnswers([polled!.id], { withReading: false });
    expect(await left()).toBe(1);
    await t.ctx.db
      .updateTable('user_devices')
      .set({ mute: true })
      .where('id', '=', ownRow)
      .execute();
    expect((await send('RPT')).statusCode).toBe(409);
    await t.ctx.db
      .updateTable('user_devices')
      .set({ mute: false })
      .where('id', '=', ownRow)
      .execute();
    expect(await waiting()).toEqual([]);
    expect(await left()).toBe(1);
  });

  it('spends the owner’s count for a sub-account’s RPT (decision 017)', async () => {
    await setRow({ instant_updates: 2 });
    expect((await send('RPT', subToken, subRow)).statusCode).toBe(200);
    const [rpt] = await waiting();
    expect(rpt!.paid_by_user_device_id).toBe(ownRow);
    await unitAnswers([rpt!.id]);
    expect(await left()).toBe(1);
  });

  it('refuses DOG on a unit without the pet monitor upgrade, and lets no one switch the upgrade on by a settings change (finding 3)', async () => {
    await setRow({ instant_updates: 5 });
    const dog = await send('DOG');
    expect(dog.statusCode).toBe(403);
    expect(dog.json().error.message).toBe(
      'This device does not have the pet monitor upgrade. It is sold in the store.',
    );
    const put = await injectAs(t.app, token, 'PUT', `/api/users/${owner.id}/devices/${ownRow}`, {
      PetMonitor: true,
    });
    expect(put.statusCode).toBe(403);
    expect((await send('DOG')).statusCode).toBe(403);
    expect(await waiting()).toEqual([]);
    // Sent back as it is, the flag is accepted with the other settings.
    const echo = await injectAs(t.app, token, 'PUT', `/api/users/${owner.id}/devices/${ownRow}`, {
      Name: 'Kennel',
      PetMonitor: false,
    });
    expect(echo.statusCode).toBe(200);
    expect(echo.json()).toMatchObject({ Name: 'Kennel', PetMonitor: false });
  });

  it('lets DOG through once staff switch the upgrade on, spending an instant update like RPT (npm run admin -- set-pet-monitor)', async () => {
    await setRow({ instant_updates: 1 });
    const message = await runAdminCommand(
      t.ctx,
      parseAdminCommand(['set-pet-monitor', String(subRow), 'on']),
      { defaultTenantId: 1 },
    );
    expect(message).toBe(
      `Pet monitor on on user device ${ownRow} (user ${owner.id}) and its sub-accounts' rows.`,
    );
    expect((await send('DOG')).statusCode).toBe(200);
    const [dog] = await waiting();
    expect(dog).toMatchObject({ command: 'DOG', paid_by_user_device_id: ownRow });
    await unitAnswers([dog!.id]);
    expect(await left()).toBe(0);
    const audit = await t.ctx.db
      .selectFrom('audit_events')
      .select(['action', 'user_id', 'detail'])
      .where('action', '=', 'entitlement.pet-monitor')
      .executeTakeFirstOrThrow();
    expect(audit).toEqual({
      action: 'entitlement.pet-monitor',
      user_id: owner.id,
      detail: { userDeviceId: ownRow, on: true, by: 'set-pet-monitor' },
    });
  });
});
