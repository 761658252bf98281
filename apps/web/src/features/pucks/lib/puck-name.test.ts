import { describe, expect, it } from 'vitest';
import { checkPuckLabel } from './puck-name';

describe('puck name and location (device-management §5 "Alphanumeric-only input")', () => {
  it('accepts letters and digits, with single spaces between words', () => {
    expect(checkPuckLabel('Name', 'Freezer 2')).toBeNull();
    expect(checkPuckLabel('Name', '  Garage  ')).toBeNull();
  });

  it('refuses an empty value: at least one character', () => {
    expect(checkPuckLabel('Location', '   ')).toBe('Location is required.');
  });

  it('refuses punctuation and symbols', () => {
    expect(checkPuckLabel('Name', 'Walk-in')).toBe('Name may hold only letters and digits.');
    expect(checkPuckLabel('Location', 'Shelf #3')).toBe(
      'Location may hold only letters and digits.',
    );
  });
});
