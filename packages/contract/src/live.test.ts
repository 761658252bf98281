import { describe, expect, it } from 'vitest';
import { LiveQuery, LiveReportMessage } from './live';

describe('the live channel contract (device-management §4 "Live readings")', () => {
  it('reads a device_single_report with timestamp, temp, humidity, signal_strength and power', () => {
    const message = {
      message_type: 'device_single_report',
      message_body: {
        timestamp: '2026-11-22T04:09:00.000Z',
        temp: 71.5,
        humidity: null,
        signal_strength: 20,
        power: 1,
      },
    };
    expect(LiveReportMessage.parse(message)).toEqual(message);
  });

  it('refuses any other message type, so the shown reading is replaced only by a report', () => {
    const result = LiveReportMessage.safeParse({
      message_type: 'something_else',
      message_body: { timestamp: 'x', temp: 1, humidity: 1, signal_strength: 1, power: 1 },
    });
    expect(result.success).toBe(false);
  });

  it('takes a 15-digit IMEI, trimmed, and refuses anything else with the field message', () => {
    expect(LiveQuery.parse({ imei: ' 354910101748392 ' })).toEqual({ imei: '354910101748392' });
    const bad = LiveQuery.safeParse({ imei: '35491010174839' });
    expect(bad.success ? null : bad.error.issues[0]?.message).toBe('Enter a 15-digit IMEI.');
  });
});
