import { describe, expect, it } from 'vitest';
import { describeLineLimit } from './line-limit';

describe('describeLineLimit', () => {
  it('says how many more fit beside the limit message (store-and-public-site §5; issue #24)', () => {
    expect(describeLineLimit('Wireless Sensor Puck', { inCart: 8, addable: 2 })).toBe(
      'Your cart already holds 8 of the Wireless Sensor Puck; you can add up to 2 more. ' +
        'One order takes at most 10 of each item. To order more, please call us on {phone}.',
    );
  });

  it('offers no more once the line holds 10 (issue #24)', () => {
    expect(describeLineLimit('Water Sensor Cable', { inCart: 10, addable: 0 })).toBe(
      'Your cart already holds 10 of the Water Sensor Cable. ' +
        'One order takes at most 10 of each item. To order more, please call us on {phone}.',
    );
  });
});
