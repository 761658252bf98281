import { describe, expect, it } from 'vitest';
import {
  buildAlarmMessage,
  buildAllClearMessage,
  buildNoCallMessage,
  formatAlarmTime,
} from './alarm-messages';

const place = {
  name: 'Cabin',
  location: 'Lake road',
  serialNumber: 'AB12CD',
  timeZone: -5,
  tempPref: 'F' as const,
  deviceUrl: 'https://monitor.example/devices/42',
};
const at = new Date('2026-11-22T12:05:00Z');

describe('alarm message words (decision 011)', () => {
  it("says the time in the user device's own zone, named as the pages name it (SPEC-NOTES.md: device times)", () => {
    expect(formatAlarmTime(at, -5)).toBe('Sunday, November 22, 2026 at 7:05 AM EST');
    expect(formatAlarmTime(at, -8)).toBe('Sunday, November 22, 2026 at 4:05 AM PST');
    expect(formatAlarmTime(at, 0)).toBe('Sunday, November 22, 2026 at 12:05 PM GMT');
  });

  it('names the puck, its serial with hyphens and the unit it reports through', () => {
    const message = buildAlarmMessage(
      null,
      { ...place, puck: { serial: '0A1B2C3D', name: 'Wine rack', location: null } },
      { alarmType: 'SPUCK_HUMIDITY', value: 81.4, range: { min: 30, max: 70 }, at },
    );
    expect(message.subject).toBe('ALARM: Humidity out of range - Wine rack (AB12CD)');
    expect(message.body.split('\n').slice(0, 3)).toEqual([
      'URGENT: Humidity out of range. Please take action!',
      'SPuck Wine rack (0A-1B-2C-3D) on Cabin, Lake road (serial AB12CD)',
      'Humidity 81% (range 30% to 70%)',
    ]);
  });

  it('shows a reading just outside its range with the decimals that show the breach, not rounded into the range (device-management §4)', () => {
    const humidity = buildAlarmMessage(null, place, {
      alarmType: 'HUMIDITY',
      value: 9.6,
      range: { min: 10, max: 70 },
      at,
    });
    expect(humidity.body.split('\n')[2]).toBe('Humidity 9.6% (range 10% to 70%)');
    // 85.04 °F against 85 °F reads 85.0 at one decimal: two are needed.
    const temperature = buildAlarmMessage(null, place, {
      alarmType: 'TEMP',
      value: 85.04,
      range: { min: 40, max: 85 },
      at,
    });
    expect(temperature.body.split('\n')[2]).toBe('Temperature 85.04°F (range 40°F to 85°F)');
    // In °C the bounds convert unrounded: 40 °F is 4.44 °C, and 39.9 °F (4.39 °C) is below it.
    const celsius = buildAlarmMessage(
      null,
      { ...place, tempPref: 'C' },
      { alarmType: 'TEMP', value: 39.9, range: { min: 40, max: 85 }, at },
    );
    expect(celsius.body.split('\n')[2]).toBe('Temperature 4.39°C (range 4.44°C to 29.44°C)');
  });

  it('links to the device page in every alarm, all-clear and NOCALL message', () => {
    const reading = { alarmType: 'TEMP' as const, value: 70, range: { min: 40, max: 85 }, at };
    const last = { at, temperature: 70, humidity: null };
    for (const message of [
      buildAlarmMessage(null, place, reading),
      buildAllClearMessage(place, reading),
      buildNoCallMessage(null, place, last),
    ])
      expect(message.body.split('\n').at(-1)).toBe('https://monitor.example/devices/42');
  });

  it("fills the notification's own NOCALL message and keeps a custom one as written (accounts-devices-billing §9)", () => {
    const last = { at, temperature: 20.3, humidity: null };
    expect(buildNoCallMessage(null, { ...place, tempPref: 'C' }, last).body.split('\n')[0]).toBe(
      'URGENT: Unit AB12CD has not called in since Sunday, November 22, 2026 at 7:05 AM EST. Last readings: Temperature -7°C. Please take action!',
    );
    expect(buildNoCallMessage('Call Bob about {serialNumber}', place, last).body).toMatch(
      /^Call Bob about AB12CD\nCabin, Lake road \(serial AB12CD\)\nLast message: /,
    );
  });
});
