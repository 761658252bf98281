import { describe, expect, it } from 'vitest';
import { describeActor, describeAuditEvent } from './audit-descriptions';

const units = new Map([[7, 'Kitchen']]);
const say = (action: string, detail: Record<string, unknown> = {}) =>
  describeAuditEvent({ action, detail }, units);

describe('the audit log in words for the account’s owner (issue #22)', () => {
  it.each([
    [
      'billing.card-change',
      { cardType: 'Visa', last4: '1111', subscriptionIds: [3] },
      'Your card on file was changed to Visa ending in 1111.',
    ],
    [
      'billing.card-change',
      { undone: true, subscriptionIds: [4], restored: 3 },
      'A card change was undone: the first charge on the new card did not go through.',
    ],
    [
      'entitlement.pet-monitor',
      { userDeviceId: 7, on: true, orderId: 2, orderNumber: '1002' },
      'The pet monitor upgrade was switched on for your device Kitchen (order 1002).',
    ],
    [
      'entitlement.pet-monitor',
      { userDeviceId: 99, on: false, by: 'set-pet-monitor' },
      'The pet monitor upgrade was switched off on one of your devices.',
    ],
    [
      'entitlement.instant-updates',
      { count: 1, userDeviceId: 7, orderId: 2, orderNumber: '1002' },
      '1 instant update was added to your device Kitchen (order 1002).',
    ],
    [
      'account.email-change',
      { from: 'a@example.com', to: 'b@example.com' },
      'Your sign-in e-mail was changed from a@example.com to b@example.com.',
    ],
    [
      'staff.command',
      { command: 'send-replacement-offer', arguments: { userId: 5 } },
      'Customer service e-mailed you the replacement offer.',
    ],
    ['billing.refund', { amountCents: 1000 }, '$10.00 was refunded.'],
    [
      'billing.plan-change',
      { subscriptionId: 3, from: { planType: 'Monthly' }, to: { planType: 'Annual' } },
      'A subscription was changed to the Annual plan.',
    ],
    [
      'billing.plan-change',
      { subscriptionId: 3, to: { planType: 'Annual' }, undone: 'The charge was declined.' },
      'A subscription change was undone: the charge was declined.',
    ],
    [
      'billing.suspend',
      { subscriptionId: 3, expirationDate: '2027-01-31' },
      'A subscription was suspended; it runs until January 31, 2027.',
    ],
    [
      'entitlement.pucks',
      { userDeviceId: 7, pucksPaid: 2, chargeId: 9 },
      '2 sensor pucks were paid for on your device Kitchen.',
    ],
    ['something.new', {}, 'A change was made to your account.'],
  ])('describes %s %j', (action, detail, words) => {
    expect(say(action, detail)).toBe(words);
  });

  it('names who acted: no one for the user, customer service for staff and commands, automatic for a job', () => {
    expect(describeActor({ user_id: 1, actor_id: 1, detail: {} })).toBeNull();
    expect(describeActor({ user_id: 1, actor_id: 9, detail: {} })).toBe('customer service');
    expect(describeActor({ user_id: 1, actor_id: null, detail: {} })).toBe('customer service');
    expect(describeActor({ user_id: 1, actor_id: null, detail: { job: 'billing-run' } })).toBe(
      'automatic',
    );
  });
});
