import { apiRequest } from '../../../lib/api-client';

export type OldDeviceAttempt = { DeviceId: number | null; UserId: number };

/**
 * POST /api/devices/oldDeviceRegistrationAttempt {DeviceId, UserId}: records that someone tried
 * to register a unit whose firmware is below 4 (accounts-devices-billing §5, §7 "log of an
 * old-device registration attempt"). A failure to record it is not the user's concern.
 */
export async function logOldDeviceAttempt(attempt: OldDeviceAttempt): Promise<void> {
  // The serial check answers the unit's Id to its owner only; without it there is nothing to log by.
  if (attempt.DeviceId === null) {
    console.warn('The old-device registration attempt has no unit id to log');
    return;
  }
  try {
    await apiRequest<unknown>('/api/devices/oldDeviceRegistrationAttempt', {
      method: 'POST',
      body: attempt,
    });
  } catch (error) {
    console.warn('Recording the old-device registration attempt failed', error);
  }
}
