import { createUser, signIn } from './factories';
import { createDevice, registerUserDevice } from './devices';
import type { TestApp } from './test-app';

/**
 * An owner's unit given to a sub-account of theirs, both signed in: the sub-account's row points
 * at the owner's and sees the unit's past from `visibleFrom` on (decision 017).
 */
export async function createSharedUnit(
  t: TestApp,
  { name, visibleFrom }: { name?: string; visibleFrom?: Date } = {},
) {
  const owner = await createUser(t.ctx);
  const sub = await createUser(t.ctx, { parentId: owner.id });
  const device = await createDevice(t.ctx);
  const ownerRowId = await registerUserDevice(t.ctx, {
    userId: owner.id,
    deviceId: device.id,
    name,
  });
  const subRowId = await registerUserDevice(t.ctx, {
    userId: sub.id,
    deviceId: device.id,
    parentUserDeviceId: ownerRowId,
    visibleFrom,
  });
  return {
    owner,
    sub,
    device,
    ownerRowId,
    subRowId,
    ownerToken: await signIn(t.app, owner),
    subToken: await signIn(t.app, sub),
  };
}
