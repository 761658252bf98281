import { describe, expect, it } from 'vitest';
import { formatDateTime } from './format';

describe('formatDateTime', () => {
  it('names the zone the time is shown in (times with their zone, issue #10)', () => {
    // The test run's zone is the machine's; whichever it is, its short name ends the text.
    const zone = new Intl.DateTimeFormat('en-US', { timeZoneName: 'short' })
      .formatToParts(new Date('2026-01-05T13:43:00Z'))
      .find((part) => part.type === 'timeZoneName')!.value;
    expect(formatDateTime('2026-01-05T13:43:00Z')).toMatch(
      new RegExp(`^Monday, January 5, 2026 at \\d{1,2}:43 [AP]M ${zone}$`),
    );
  });
});
