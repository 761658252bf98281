import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { injectAs } from '../../test/helpers/factories';
import { createSubscriber } from '../../test/helpers/subscription-fixtures';
import { createTestApp, type TestApp } from '../../test/helpers/test-app';
import { parseAdminCommand, runAdminCommand, UsageError } from './commands';

describe('list-plans and edit-plan (issue #13)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  const run = (...argv: string[]) =>
    runAdminCommand(t.ctx, parseAdminCommand(argv), { defaultTenantId: 2 });

  it('lists the default plans every install has (migration 013)', async () => {
    const lines = (await run('list-plans', '--tenant', '3')).split('\n');
    expect(lines).toEqual([
      expect.stringMatching(/tenant 3 Monthly: \$9\.95 a month x 1 = \$9\.95$/),
      expect.stringMatching(/tenant 3 Seasonal: \$8\.95 a month x 6 = \$53\.70$/),
      expect.stringMatching(/tenant 3 Annual: \$8\.25 a month x 12 = \$99\.00$/),
    ]);
    expect((await run('list-plans')).split('\n')).toHaveLength(20);
  });

  it('edits a plan, and the options call answers the new amount', async () => {
    const id = Number(
      /#(\d+) tenant 4 Monthly/.exec(await run('list-plans', '--tenant', '4'))?.[1],
    );
    expect(
      await run('edit-plan', '--id', String(id), '--amount', '10.50', '--selectable', 'no'),
    ).toBe(`Changed #${id} tenant 4 Monthly: $10.50 a month x 1 = $10.50, not selectable`);
    const s = await createSubscriber(t);
    const plans = await injectAs(t.app, s.token, 'GET', '/api/subscriptions/options/4');
    expect(plans.json()).toContainEqual(
      expect.objectContaining({ Id: id, BillingAmount: '10.50', Selectable: false }),
    );
  });

  it('refuses an edit without a change, a bad amount and an unknown plan', async () => {
    expect(() => parseAdminCommand(['edit-plan', '--id', '1'])).toThrow(UsageError);
    expect(() => parseAdminCommand(['edit-plan', '--id', '1', '--amount', '9.999'])).toThrow(
      '--amount: must be dollars such as 9.95',
    );
    await expect(run('edit-plan', '--id', '99999', '--frequency', '3')).rejects.toThrow(
      'No plan has the id 99999.',
    );
  });
});
