import { describe, expect, it } from 'vitest';
import { makeDevice } from '../test/device-fixtures';
import { canUseLiveChannel, pollIntervalFor } from './live-eligibility';

const MINUTE = 60_000;

describe('live channel eligibility and polling', () => {
  it('allows the live channel for carrier 1-3, active, firmware 10.4 and 1 to 9 devices (device-management §4, §9)', () => {
    expect(canUseLiveChannel(makeDevice(), 1)).toBe(true);
    expect(canUseLiveChannel(makeDevice({ DeviceNSP: 3 }), 9)).toBe(true);
    expect(canUseLiveChannel(makeDevice(), 10)).toBe(false);
    expect(canUseLiveChannel(makeDevice({ Memo: '10.3' }), 1)).toBe(false);
    expect(canUseLiveChannel(makeDevice({ Active: false }), 1)).toBe(false);
    expect(canUseLiveChannel(makeDevice({ DeviceNSP: 4 }), 1)).toBe(false);
  });

  it('polls at the refresh threshold of devices without the live channel: PRO 5 min, basic 15 (device-management §4)', () => {
    expect(pollIntervalFor([makeDevice()])).toBe(false);
    expect(pollIntervalFor([makeDevice({ Memo: '9.0', DeviceType: 1 })])).toBe(15 * MINUTE);
    expect(
      pollIntervalFor([
        makeDevice({ Memo: '9.0', DeviceType: 1 }),
        makeDevice({ Id: 2, Memo: null }),
      ]),
    ).toBe(5 * MINUTE);
    const ten = Array.from({ length: 10 }, (_, index) => makeDevice({ Id: index + 1 }));
    expect(pollIntervalFor(ten)).toBe(5 * MINUTE);
  });
});
