import { apiRequest } from '../../../lib/api-client';

export type OldDeviceAttempt = { SerialNumber: string; UserId: number };

/**
 * POST /api/devices/oldDeviceRegistrationAttempt {SerialNumber, UserId}: records that someone tried
 * to register a unit whose firmware is below 4 (accounts-devices-billing §5, §7 "log of an
 * old-device registration attempt"). A failure to record it is not the user's concern.
 */
export async function logOldDeviceAttempt(attempt: OldDeviceAttempt): Promise<void> {
  try {
    await apiRequest<unknown>('/api/devices/oldDeviceRegistrationAttempt', {
      method: 'POST',
      body: attempt,
    });
  } catch (error) {
    console.warn('Recording the old-device registration attempt failed', error);
  }
}
