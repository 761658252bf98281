import type { OldProfileSubscription } from '@monitor/contract/old-profiles';
import type { AppContext } from '../../context';
import { findUserById } from '../accounts/users.repository';
import { findSubscriptionRowsOfUser } from '../billing/subscriptions.repository';
import { viewFor } from '../billing/subscriptions.service';
import { findUserDeviceRows } from '../devices/user-devices.repository';

/**
 * The caller's old payment-profile subscriptions not yet cancelled, with their units
 * (accounts-devices-billing §4): the ones `convertToCardProvider` accepts. A sub-account user
 * manages no billing and has none.
 */
export async function listOldProfileSubscriptions(
  ctx: AppContext,
  { callerId }: { callerId: number },
): Promise<OldProfileSubscription[]> {
  const user = await findUserById(ctx.db, callerId);
  if (!user || user.parent_id !== null) return [];
  const old = (await findSubscriptionRowsOfUser(ctx.db, callerId)).filter(
    (row) => row.is_legacy_profile && row.status !== 'Cancelled',
  );
  if (old.length === 0) return [];
  const devices = new Map(
    (await findUserDeviceRows(ctx.db, callerId)).map((row) => [row.id, row] as const),
  );
  return old.map((row) => {
    const device = row.user_device_id === null ? undefined : devices.get(row.user_device_id);
    return {
      Subscription: viewFor(ctx, user, row),
      UserDeviceId: row.user_device_id,
      DeviceName: device?.name ?? null,
      SerialNumber: device?.serial_number ?? null,
    };
  });
}
