import { describe, expect, it } from 'vitest';
import { capitalizeName } from './names';

describe('capitalizeName', () => {
  it('capitalises the first letter of a name (store-and-public-site §5)', () => {
    expect(capitalizeName('dana')).toBe('Dana');
  });

  it('leaves the rest of the name as typed (store-and-public-site §5 "first letter")', () => {
    expect(capitalizeName('mcDonald')).toBe('McDonald');
    expect(capitalizeName('van der berg')).toBe('Van der berg');
  });

  it('trims surrounding spaces before capitalising', () => {
    expect(capitalizeName('  lee ')).toBe('Lee');
  });

  it('capitalises letters outside ASCII', () => {
    expect(capitalizeName('élodie')).toBe('Élodie');
  });

  it('answers an empty string for an empty name', () => {
    expect(capitalizeName('')).toBe('');
  });
});
