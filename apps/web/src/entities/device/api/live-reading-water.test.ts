import { describe, expect, it } from 'vitest';
import { makeDevice } from '../test/device-fixtures';
import { withLiveReading } from './live-socket';

// Kept apart from live-socket.test.ts, which the live channel's own work changes (issue #10).
describe("a live reading and the unit's own water and motion", () => {
  const reading = {
    timestamp: '2026-11-23T14:00:00.000Z',
    temp: 70,
    humidity: 40,
    signal_strength: 20,
    power: 1,
  };
  const shown = makeDevice({ LastRead: { ...makeDevice().LastRead!, Water: 0, Motion: 0 } });

  it('takes water and motion from a message that carries them (device-management §4)', () => {
    const next = withLiveReading(shown, { ...reading, water: 1, motion: null });
    expect(next.LastRead).toMatchObject({ Water: 1, Motion: null, Temperature: 70 });
  });

  it('keeps the shown water and motion when the message has none', () => {
    expect(withLiveReading(shown, reading).LastRead).toMatchObject({ Water: 0, Motion: 0 });
  });
});
