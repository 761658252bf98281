import { apiRequest } from '../../../lib/api-client';
import type { InstantUpdatesLeft } from './get-instant-updates';

/**
 * GET /api/users/decrementInstantUpdate?id&userdeviceId: spends one instant update once the last
 * report time changed (device-management §4, §7).
 */
export function decrementInstantUpdate({
  userId,
  userDeviceId,
}: {
  userId: number;
  userDeviceId: number;
}): Promise<InstantUpdatesLeft> {
  return apiRequest<InstantUpdatesLeft>('/api/users/decrementInstantUpdate', {
    query: { id: userId, userdeviceId: userDeviceId },
  });
}
