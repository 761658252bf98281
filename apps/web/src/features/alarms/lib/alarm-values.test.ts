import { describe, expect, it } from 'vitest';
import { describeAlarm, formatPeakValue, puckNameOf } from './alarm-values';

describe('an event’s values (issue #23)', () => {
  it('issue #23 alarm log: shows a temperature peak in the viewer’s °F or °C, whole as readings are', () => {
    expect(formatPeakValue('TEMP', 95.4, 'F')).toBe('95°F');
    expect(formatPeakValue('SPUCK_TEMP', 95.4, 'C')).toBe('35°C');
    expect(formatPeakValue('HUMIDITY', 81.6, 'C')).toBe('82%');
    expect(formatPeakValue('WATER', 1, 'F')).toBe('Detected');
    expect(formatPeakValue('POWER', null, 'F')).toBeNull();
    expect(formatPeakValue('NOCALL', 3, 'F')).toBeNull();
  });

  it('issue #23 alarm log: names a puck’s event by the puck’s name, else its serial', () => {
    const pucks = [{ Id: '0A1B2C3D', Name: 'Chest freezer' }];
    expect(puckNameOf('0a-1b-2c-3d', pucks)).toBe('Chest freezer');
    expect(puckNameOf('0A1B2C3E', pucks)).toBe('SPuck 0A-1B-2C-3E');
    expect(puckNameOf(null, pucks)).toBeNull();
    expect(describeAlarm('SPUCK_TEMP', 'Chest freezer')).toBe(
      'SPuck temperature alarm on Chest freezer',
    );
    expect(describeAlarm('NOCALL', null)).toBe('No call-in alarm');
  });
});
