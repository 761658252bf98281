import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { createWorld, ownerData, send, type World } from './world';

/** Defects the fuzz test found, each pinned by the request that showed it. */
describe('defects found by the security harness', () => {
  let t: TestApp;
  let w: World;
  beforeAll(async () => {
    t = await createTestApp();
    w = await createWorld(t);
  });
  afterAll(() => t.close());

  it('answers a device change with no known field with the device unchanged, not 500 (device-management §7)', async () => {
    const url = `/api/users/${w.owner.user.id}/devices/${w.userDeviceId}`;
    const before = await ownerData(w);
    for (const body of [{}, { unknownField: 'x' }]) {
      const response = await send(w, w.owner, { method: 'PUT', url, body });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ Id: w.userDeviceId, Name: 'Walk-in freezer' });
    }
    expect(await ownerData(w)).toBe(before);
  });
});
