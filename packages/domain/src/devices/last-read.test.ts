import { describe, expect, it } from 'vitest';
import { displaySignalStrength, roundLastRead, shiftLastMessageTime } from './last-read';

describe('roundLastRead (device-management §9)', () => {
  it('rounds last-read displays to integers', () => {
    expect(roundLastRead(71.4)).toBe(71);
    expect(roundLastRead(71.5)).toBe(72);
    expect(roundLastRead(-3.6)).toBe(-4);
  });

  it('shows a value that rounds to zero as 0, never -0', () => {
    expect(Object.is(roundLastRead(-0.4), 0)).toBe(true);
  });

  it('keeps a missing value missing', () => {
    expect(roundLastRead(null)).toBeNull();
    expect(roundLastRead(undefined)).toBeNull();
  });
});

describe('displaySignalStrength (device-management §9)', () => {
  it('is the rounded signal divided by 5', () => {
    expect(displaySignalStrength(20)).toBe(4);
    expect(displaySignalStrength(22.6)).toBe(4.6);
    expect(displaySignalStrength(0)).toBe(0);
    expect(displaySignalStrength(null)).toBeNull();
  });
});

describe('shiftLastMessageTime (device-management §9)', () => {
  it('moves the last message time 8 hours later', () => {
    expect(shiftLastMessageTime(new Date('2026-03-01T04:00:00Z')).toISOString()).toBe(
      '2026-03-01T12:00:00.000Z',
    );
  });
});
