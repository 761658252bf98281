import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSubscriber } from '../../test/helpers/subscription-fixtures';
import { createTestApp, type TestApp } from '../../test/helpers/test-app';
import { parseAdminCommand, runAdminCommand, UsageError } from './commands';

describe('dump-database (issue #14)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('prints every table’s rows as JSON lines, a new user’s among them', async () => {
    const s = await createSubscriber(t);
    const dump = await runAdminCommand(t.ctx, parseAdminCommand(['dump-database']), {
      defaultTenantId: 2,
    });
    const lines = dump
      .split('\n')
      .map((line) => JSON.parse(line) as { table: string; row: Record<string, unknown> });
    expect(lines).toContainEqual({
      table: 'users',
      row: expect.objectContaining({
        id: s.user.id,
        email_address: s.user.email_address,
      }) as unknown,
    });
    // Tables with rows are all there: the plans seeded by migration 013 too.
    expect(lines.some((line) => line.table === 'subscription_options')).toBe(true);
  });

  it('takes no options', () => {
    expect(() => parseAdminCommand(['dump-database', 'extra'])).toThrow(UsageError);
  });
});
