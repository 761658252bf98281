import { describe, expect, it } from 'vitest';
import { createAttemptKeys } from './attempt-key';

const counter = () => {
  let n = 0;
  return () => `key-${++n}`;
};

describe('createAttemptKeys', () => {
  it('reuses the key for the same attempt sent again, so the server answers one order (decision 046)', () => {
    const keys = createAttemptKeys(counter());
    expect(keys.keyFor('cart A')).toBe('key-1');
    expect(keys.keyFor('cart A')).toBe('key-1');
  });

  it('gives a new key to a changed attempt and after an answer (decision 046)', () => {
    const keys = createAttemptKeys(counter());
    keys.keyFor('cart A');
    expect(keys.keyFor('cart B')).toBe('key-2');
    keys.finish();
    expect(keys.keyFor('cart B')).toBe('key-3');
  });
});
