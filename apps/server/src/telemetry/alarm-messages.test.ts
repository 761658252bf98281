import { describe, expect, it } from 'vitest';
import { buildAlarmMessage, buildNoCallMessage, formatAlarmTime } from './alarm-messages';

const place = {
  name: 'Cabin',
  location: 'Lake road',
  serialNumber: 'AB12CD',
  timeZone: -5,
  tempPref: 'F' as const,
};

describe('alarm message words (decision 011)', () => {
  it("says the time in the user device's GMT offset", () => {
    const at = new Date('2026-11-22T12:05:00Z');
    expect(formatAlarmTime(at, -5)).toBe('Sunday, November 22, 2026 at 7:05 AM (GMT-5)');
    expect(formatAlarmTime(at, 0)).toBe('Sunday, November 22, 2026 at 12:05 PM (GMT)');
    expect(formatAlarmTime(at, 13)).toBe('Monday, November 23, 2026 at 1:05 AM (GMT+13)');
  });

  it('names the puck, its serial with hyphens and the unit it reports through', () => {
    const message = buildAlarmMessage(
      null,
      { ...place, puck: { serial: '0A1B2C3D', name: 'Wine rack', location: null } },
      { alarmType: 'SPUCK_HUMIDITY', value: 81.4, range: { min: 30, max: 70 }, at: new Date() },
    );
    expect(message.subject).toBe('ALARM: Humidity out of range - Wine rack (AB12CD)');
    expect(message.body.split('\n').slice(0, 3)).toEqual([
      'URGENT: Humidity out of range. Please take action!',
      'SPuck Wine rack (0A-1B-2C-3D) on Cabin, Lake road (serial AB12CD)',
      'Humidity 81% (range 30% to 70%)',
    ]);
  });

  it("fills the notification's own NOCALL message and keeps a custom one as written (accounts-devices-billing §9)", () => {
    const last = { at: new Date('2026-11-22T12:05:00Z'), temperature: 20.3, humidity: null };
    expect(buildNoCallMessage(null, { ...place, tempPref: 'C' }, last).body.split('\n')[0]).toBe(
      'URGENT: Unit AB12CD has not called in since Sunday, November 22, 2026 at 7:05 AM (GMT-5). Last readings: Temperature -7°C. Please take action!',
    );
    expect(buildNoCallMessage('Call Bob about {serialNumber}', place, last).body).toMatch(
      /^Call Bob about AB12CD\nCabin, Lake road \(serial AB12CD\)\nLast message: /,
    );
  });
});
