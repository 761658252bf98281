import { describe, expect, it } from 'vitest';
import {
  cleanSerialPart,
  DEVICE_SERIAL_LENGTH,
  isSerial,
  isSerialPartComplete,
  joinSerialParts,
  nextSerialFocus,
  normalizeSerial,
  SERIAL_FORMATS,
  splitSerial,
} from './serials';

describe('serial formats', () => {
  it('takes a device serial as two parts of 3, 6 characters (accounts-devices-billing §5, §9)', () => {
    expect(SERIAL_FORMATS.device).toEqual({ parts: 2, partLength: 3 });
    expect(DEVICE_SERIAL_LENGTH).toBe(6);
  });

  it('takes a puck serial as four parts of 2', () => {
    expect(SERIAL_FORMATS.puck).toEqual({ parts: 4, partLength: 2 });
  });
});

describe('cleanSerialPart', () => {
  it('keeps letters and digits only, upper-cased, cut to the part length', () => {
    expect(cleanSerialPart('a-b 1c', 'device')).toBe('AB1');
    expect(cleanSerialPart('9z7x', 'puck')).toBe('9Z');
    expect(cleanSerialPart('!!', 'device')).toBe('');
  });
});

describe('focus between parts', () => {
  it('moves focus to part 2 after 3 valid characters (accounts-devices-billing §5)', () => {
    expect(isSerialPartComplete('A1B', 'device')).toBe(true);
    expect(nextSerialFocus('A1B', 0, 'device')).toBe(1);
    expect(nextSerialFocus('A1', 0, 'device')).toBe(0);
    expect(nextSerialFocus('A-1', 0, 'device')).toBe(0);
  });

  it('keeps focus on the last part', () => {
    expect(nextSerialFocus('XYZ', 1, 'device')).toBe(1);
    expect(nextSerialFocus('99', 3, 'puck')).toBe(3);
  });

  it('moves a puck serial on after every 2 characters', () => {
    expect([0, 1, 2].map((i) => nextSerialFocus('A9', i, 'puck'))).toEqual([1, 2, 3]);
  });
});

describe('joining and splitting', () => {
  it('joins complete parts into the serial to look up (accounts-devices-billing §5)', () => {
    expect(joinSerialParts(['ab1', '2CD'], 'device')).toBe('AB12CD');
    expect(joinSerialParts(['AB', '12', 'CD', '34'], 'puck')).toBe('AB12CD34');
  });

  it('answers null until every part is complete', () => {
    expect(joinSerialParts(['AB1', '2C'], 'device')).toBeNull();
    expect(joinSerialParts(['AB1'], 'device')).toBeNull();
    expect(joinSerialParts(['AB', '12', 'C#', '34'], 'puck')).toBeNull();
  });

  it('spreads a pasted serial over the parts', () => {
    expect(splitSerial('ab1-2cd', 'device')).toEqual(['AB1', '2CD']);
    expect(splitSerial('AB12C', 'puck')).toEqual(['AB', '12', 'C', '']);
  });
});

describe('whole serials', () => {
  it('accepts exactly 6 letters and digits for a device and 8 for a puck', () => {
    expect(isSerial('AB12CD', 'device')).toBe(true);
    expect(isSerial('AB12C', 'device')).toBe(false);
    expect(isSerial('AB12CD!', 'device')).toBe(false);
    expect(isSerial('AB12CD34', 'puck')).toBe(true);
    expect(isSerial('AB12CD', 'puck')).toBe(false);
  });

  it('normalises a typed serial for lookup', () => {
    expect(normalizeSerial(' ab1-2cd ', 'device')).toBe('AB12CD');
    expect(normalizeSerial('ab1', 'device')).toBeNull();
  });
});
