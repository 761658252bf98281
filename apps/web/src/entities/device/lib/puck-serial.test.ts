import { describe, expect, it } from 'vitest';
import { isSamePuckSerial, puckSerialKey } from './puck-serial';

describe('puck serials compared', () => {
  it('reads a serial with hyphens, spaces or lower case as the stored one (device-management §3)', () => {
    expect(puckSerialKey('0a-1b-2c-3d')).toBe('0A1B2C3D');
    expect(puckSerialKey(' 0A 1B 2C 3D ')).toBe('0A1B2C3D');
    expect(isSamePuckSerial('0a-1b-2c-3d', '0A1B2C3D')).toBe(true);
  });

  it('tells two pucks apart, and matches nothing to no puck', () => {
    expect(isSamePuckSerial('0A1B2C3D', '0A1B2C3E')).toBe(false);
    expect(isSamePuckSerial(null, '0A1B2C3D')).toBe(false);
  });

  it('still matches a serial that is not a whole one to itself', () => {
    expect(isSamePuckSerial('ab-12', 'AB12')).toBe(true);
  });
});
