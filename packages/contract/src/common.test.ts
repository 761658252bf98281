import { describe, expect, it } from 'vitest';
import { IdParam } from './common';

describe('IdParam', () => {
  it('reads a numeric id from a path or query string', () => {
    expect(IdParam.parse('42')).toBe(42);
  });

  it('refuses ids that are not positive whole numbers', () => {
    for (const bad of ['abc', '0', '-1', '1.5', ''])
      expect(IdParam.safeParse(bad).success).toBe(false);
  });

  it('refuses ids too large for the database, so they are a 400 rather than a database error', () => {
    expect(IdParam.safeParse('2147483647').success).toBe(true);
    expect(IdParam.safeParse('2147483648').success).toBe(false);
  });
});
