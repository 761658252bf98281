import { describe, expect, it } from 'vitest';
import { buildAlarmEmail, buildNoCallEmail } from './alarm-mail';
import { buildAlarmMessage, buildNoCallMessage, reminderMessage } from './alarm-messages';

const place = {
  name: 'Cabin',
  location: 'Lake road',
  serialNumber: 'AB12CD',
  timeZone: -5,
  tempPref: 'F' as const,
  deviceUrl: 'https://monitor.example/devices/42',
};
const reading = {
  alarmType: 'TEMP' as const,
  value: 91.24,
  range: { min: 40, max: 85 },
  at: new Date('2026-11-22T12:05:00Z'),
};
const email = {
  acknowledgeUrl: 'https://monitor.example/alarms/7/acknowledge?token=a.b',
  brand: { name: 'MarCell', phone: '1-800-555-0100', email: 'help@marcell.example' },
};

describe('the alarm e-mail (issue #24)', () => {
  it("is drawn on the brand's page like every other e-mail: heading, support line and signature", () => {
    const { html } = buildAlarmEmail('Freezer <too> warm!', place, reading, email);
    expect(html).toMatch(/^<!doctype html>/);
    expect(html).toContain('<h1 style="font-size: 20px">Temperature out of range</h1>');
    expect(html).toContain('Questions? Call 1-800-555-0100');
    expect(html).toContain('The MarCell team');
    // The owner's words are text, never markup.
    expect(html).toContain('Freezer &lt;too&gt; warm!');
    expect(html).not.toContain('monospace');
  });

  it("shows the reading large, its range, the place and the time in the unit's zone", () => {
    const { html } = buildAlarmEmail(null, place, reading, email);
    expect(html).toMatch(/<p style="[^"]*font-size: 28px[^"]*">Temperature 91\.2°F<\/p>/);
    expect(html).toContain('Range 40°F to 85°F');
    expect(html).toContain('Cabin, Lake road (serial AB12CD)');
    expect(html).toContain('Sunday, November 22, 2026 at 7:05 AM EST');
  });

  it('links to acknowledge and to the device', () => {
    const { html } = buildAlarmEmail(null, place, reading, email);
    expect(html).toMatch(
      /<a href="https:\/\/monitor\.example\/alarms\/7\/acknowledge\?token=a\.b"[^>]*>Acknowledge or snooze<\/a>/,
    );
    expect(html).toContain('<a href="https://monitor.example/devices/42">Open the device</a>');
  });

  it('keeps the plain-text part and the subject as the message words (decision 011)', () => {
    const built = buildAlarmEmail('Freezer too warm!', place, reading, email);
    const words = buildAlarmMessage('Freezer too warm!', place, reading, email.acknowledgeUrl);
    expect({ subject: built.subject, body: built.body }).toEqual(words);
  });

  it('puts the reminder line on the page of a repeat', () => {
    const reminder = reminderMessage(buildAlarmEmail(null, place, reading, email), 2);
    expect(reminder.html).toContain('Still in alarm and not acknowledged (reminder 2).');
    expect(reminder.body).toMatch(/^Still in alarm and not acknowledged \(reminder 2\)\.\n/);
  });
});

describe('the NOCALL e-mail (issue #24)', () => {
  const last = { at: reading.at, temperature: 38.5, humidity: 41 };

  it("is drawn on the brand's page with its words, the last message time, and links to acknowledge and to the device", () => {
    const built = buildNoCallEmail(null, place, last, email);
    expect(built.html).toContain('<h1 style="font-size: 20px">Unit has not called in</h1>');
    expect(built.html).toContain('Last message: Sunday, November 22, 2026 at 7:05 AM EST');
    expect(built.html).toMatch(/>Acknowledge or snooze<\/a>/);
    expect(built.html).toContain(
      '<a href="https://monitor.example/devices/42">Open the device</a>',
    );
    expect(built.html).toContain('The MarCell team');
    const words = buildNoCallMessage(null, place, last, email.acknowledgeUrl);
    expect({ subject: built.subject, body: built.body }).toEqual(words);
  });
});
