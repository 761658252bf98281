import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../test/helpers/admin-cli';
import { insertAlarmDelivery, insertAlarmEvent } from '../../test/helpers/alarm-events';
import { createDevice, registerUserDevice } from '../../test/helpers/devices';
import { createUser } from '../../test/helpers/factories';
import { createTestApp, type TestApp } from '../../test/helpers/test-app';
import { parseAdminCommand, runAdminCommand, UsageError } from './commands';

describe('issue #23 acknowledge by text/call: npm run admin -- sms-reply', () => {
  let t: TestApp;
  let dataDir: string;
  const admin = (...argv: string[]) =>
    runAdminCommand(t.ctx, parseAdminCommand(argv), { defaultTenantId: 2 });

  beforeAll(async () => {
    t = await createTestApp();
    dataDir = mkdtempSync(join(tmpdir(), 'monitor-sms-reply-'));
  });
  afterAll(async () => {
    await t.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('issue #23 acknowledge by text/call: sms-reply --body ACK acknowledges the alarm texted to --from, as its text would', async () => {
    const rowId = await registerUserDevice(t.ctx, {
      userId: (await createUser(t.ctx)).id,
      deviceId: (await createDevice(t.ctx)).id,
    });
    const id = await insertAlarmEvent(t.ctx, rowId);
    await insertAlarmDelivery(t.ctx, id, { channel: 'sms', address: '15551234567' });

    expect(await admin('sms-reply', '--from', '15551230000', '--body', 'ACK')).toBe(
      'Replied to 15551230000: No alarm is waiting for your answer.',
    );
    expect(await admin('sms-reply', '--from', '15551234567', '--body', 'ACK')).toBe(
      'Replied to 15551234567: Acknowledged: Test unit temperature alarm. Everyone told will hear you answered.',
    );
    const event = await t.ctx.db
      .selectFrom('alarm_events')
      .select(['acknowledged_by', 'acknowledged_via'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(event).toEqual({ acknowledged_by: '(555) 123-4567', acknowledged_via: 'sms' });
  });

  it('issue #23 acknowledge by text/call: sms-reply refuses a missing option or a number that is not a phone', () => {
    expect(() => parseAdminCommand(['sms-reply', '--body', 'ACK'])).toThrow('--from is required.');
    expect(() => parseAdminCommand(['sms-reply', '--from', '15551234567'])).toThrow(
      '--body is required.',
    );
    expect(() => parseAdminCommand(['sms-reply', '--from', 'call me', '--body', 'ACK'])).toThrow(
      UsageError,
    );
  });

  it('issue #23 acknowledge by text/call: npm run admin -- sms-reply prints the text sent back', async () => {
    const result = await runCli(['sms-reply', '--from', '15551234567', '--body', 'ACK'], dataDir);
    expect(result.stderr).toBe('');
    expect(result.stdout.trim()).toBe(
      'Replied to 15551234567: No alarm is waiting for your answer.',
    );
    expect(result.code).toBe(0);
  }, 90_000);
});
