import { describe, expect, it } from 'vitest';
import { NOCALL_MESSAGE_TEMPLATE } from '@monitor/domain/alarms/notifications';
import { shownNotificationMessage } from './shown-message';

describe('shownNotificationMessage (accounts-devices-billing §9, device-management §9)', () => {
  it('fills the NOCALL template with the serial and readable words for the time and readings', () => {
    expect(
      shownNotificationMessage({ AlarmType: 'NOCALL', Message: NOCALL_MESSAGE_TEMPLATE }, 'ABC123'),
    ).toBe(
      'URGENT: Unit ABC123 has not called in since its last call-in time. Last readings: as last reported. Please take action!',
    );
  });

  it('fills an edited NOCALL message and falls back to the default when it is empty', () => {
    expect(
      shownNotificationMessage({ AlarmType: 'NOCALL', Message: 'Check {serialNumber} now' }, 'ZZ9'),
    ).toBe('Check ZZ9 now');
    expect(shownNotificationMessage({ AlarmType: 'NOCALL', Message: null }, 'ZZ9')).toContain(
      'Unit ZZ9 has not called in',
    );
  });

  it('shows other alarm types word for word', () => {
    const message = 'URGENT: Power is currently OFF. Please take action!';
    expect(shownNotificationMessage({ AlarmType: 'POWER', Message: message }, 'ABC123')).toBe(
      message,
    );
    expect(shownNotificationMessage({ AlarmType: 'TEMP', Message: null }, 'ABC123')).toBeNull();
  });
});
