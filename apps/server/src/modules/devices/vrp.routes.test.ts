import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';
import { createUser, injectAs, signIn, type TestUser } from '../../../test/helpers/factories';
import { createDevice } from '../../../test/helpers/device-factories';
import { registerUserDevice } from '../../../test/helpers/devices';
import { issueReplacementToken } from '../store/replacement-tokens';

type Listed = { Id: number; VRP: number; VRPLink: string | null };

describe('VRP flag and link on the user-device list (device-management §3, §9)', () => {
  let t: TestApp;
  let owner: TestUser;
  let sub: TestUser;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    t = await createTestApp();
    owner = await createUser(t.ctx);
    sub = await createUser(t.ctx, { parentId: owner.id });
    const units = {
      basicCarrier1: await createDevice(t.ctx, { deviceType: 1, deviceNsp: 1 }),
      proCarrier2: await createDevice(t.ctx, { deviceType: 4, deviceNsp: 2 }),
      carrier3: await createDevice(t.ctx, { deviceType: 1, deviceNsp: 3 }),
      type5: await createDevice(t.ctx, { deviceType: 5, deviceNsp: 1 }),
    };
    for (const [name, unit] of Object.entries(units))
      ids[name] = await registerUserDevice(t.ctx, { userId: owner.id, deviceId: unit.id });
    ids.shared = await registerUserDevice(t.ctx, {
      userId: sub.id,
      deviceId: units.proCarrier2.id,
      parentUserDeviceId: ids.proCarrier2!,
    });
  });
  afterAll(() => t.close());

  const list = async (user: TestUser) => {
    const response = await injectAs(
      t.app,
      await signIn(t.app, user),
      'GET',
      `/api/users/${user.id}/devices`,
    );
    expect(response.statusCode).toBe(200);
    return new Map(response.json<Listed[]>().map((d) => [d.Id, d]));
  };

  it('flags types 1 or 4 on carrier 1 or 2 as eligible for the replacement offer, with its link (store-and-public-site §3, §4)', async () => {
    const devices = await list(owner);
    // The owner's replacement token, as issued at the test clock's time (decision 045).
    const token = await issueReplacementToken(t.ctx, owner.id);
    expect(devices.get(ids.basicCarrier1!)).toMatchObject({
      VRP: 1,
      VRPLink: `/deviceupgrade?customerid=${owner.id}&token=${token}&item=100`,
    });
    expect(devices.get(ids.proCarrier2!)).toMatchObject({
      VRP: 1,
      VRPLink: `/deviceupgrade?customerid=${owner.id}&token=${token}&item=203`,
    });
  });

  it('answers VRP 0 and no link for carrier 3 or another type (device-management §9)', async () => {
    const devices = await list(owner);
    expect(devices.get(ids.carrier3!)).toMatchObject({ VRP: 0, VRPLink: null });
    expect(devices.get(ids.type5!)).toMatchObject({ VRP: 0, VRPLink: null });
  });

  it("answers VRP 0 on a sub-account's view of an eligible device: only the owner orders a replacement (device-management §6)", async () => {
    const devices = await list(sub);
    expect(devices.get(ids.shared!)).toMatchObject({ VRP: 0, VRPLink: null });
  });
});
