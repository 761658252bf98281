import { describe, expect, it } from 'vitest';
import { findReadingDateProblem, MAX_FUTURE_SKEW_MS, PROVISIONING_SKEW_MS } from './reading-dates';

const provisionedAt = new Date('2026-06-01T09:00:00Z');
const now = new Date('2026-11-22T12:00:00Z');
const check = (at: Date | string) => findReadingDateProblem(new Date(at), { provisionedAt, now });
const shift = (from: Date, ms: number) => new Date(from.getTime() + ms);

describe('findReadingDateProblem (issue #22, decision 055)', () => {
  it('accepts a reading between the provisioning and now', () => {
    expect(check(provisionedAt)).toBeNull();
    expect(check('2026-09-15T00:00:00Z')).toBeNull();
    expect(check(now)).toBeNull();
  });

  it('refuses a reading dated 1970, or any time before the unit was provisioned, past a day of clock skew', () => {
    expect(check('1970-01-01T00:00:00Z')).toBe('before-provisioning');
    expect(check('0001-01-01T00:00:00Z')).toBe('before-provisioning');
    expect(check(shift(provisionedAt, -PROVISIONING_SKEW_MS - 1))).toBe('before-provisioning');
    expect(check(shift(provisionedAt, -PROVISIONING_SKEW_MS))).toBeNull();
  });

  it('refuses a reading more than 5 minutes ahead of now, and accepts one less', () => {
    expect(check(shift(now, MAX_FUTURE_SKEW_MS + 1))).toBe('in-future');
    expect(check(shift(now, MAX_FUTURE_SKEW_MS))).toBeNull();
    expect(check('2099-01-01T00:00:00Z')).toBe('in-future');
  });

  it('refuses a date that is not a date', () => {
    expect(check('not a date')).toBe('before-provisioning');
  });
});
