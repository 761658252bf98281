import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../context';
import { findDeliveryById } from './deliveries.repository';
import { createDeliveringTestApp } from '../../../test/helpers/job-queue';
import { startTestSmtpServer, type TestSmtpServer } from '../../../test/helpers/smtp-server';
import type { TestApp } from '../../../test/helpers/test-app';
import { queueDelivery } from './deliveries.service';

describe('an e-mail delivery over real SMTP (issue #4)', () => {
  let smtp: TestSmtpServer;
  let t: TestApp;
  let ctx: AppContext;

  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    t = await createDeliveringTestApp({ mailer: smtp.mailer });
    ctx = t.ctx;
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('reaches the mail server once, as text and HTML, and is recorded sent', async () => {
    const queued = await queueDelivery(ctx, {
      channel: 'email',
      address: 'owner@example.com',
      subject: 'Walk-in cooler: temperature alarm',
      body: 'Walk-in cooler is at 45 F.',
    });
    let row = await findDeliveryById(ctx.db, queued.id);
    for (let waited = 0; row?.status === 'queued' && waited < 10_000; waited += 100) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      row = await findDeliveryById(ctx.db, queued.id);
    }
    expect(row).toMatchObject({ status: 'sent', attempts: 1 });
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]?.to).toEqual(['owner@example.com']);
    expect(smtp.received[0]?.raw).toContain('Subject: Walk-in cooler: temperature alarm');
    expect(smtp.received[0]?.raw).toContain('text/plain');
    expect(smtp.received[0]?.raw).toContain('text/html');
    expect(smtp.received[0]?.raw).toContain('Walk-in cooler is at 45 F.');
  });

  it('carries the files it names from file storage, read when it is sent (decision 032)', async () => {
    await ctx.files.put(
      'reports/test/week.csv',
      Buffer.from('Time,Temperature\n2026-11-16 00:00,61.0\n'),
      {
        contentType: 'text/csv',
        downloadName: 'week.csv',
      },
    );
    const queued = await queueDelivery(ctx, {
      kind: 'weekly-report',
      channel: 'email',
      address: 'owner@example.com',
      subject: 'Weekly report: Walk-in cooler',
      body: 'The week is attached.',
      attachments: [
        {
          fileName: 'walk-in-cooler-week.csv',
          fileKey: 'reports/test/week.csv',
          contentType: 'text/csv',
        },
      ],
    });
    let row = await findDeliveryById(ctx.db, queued.id);
    for (let waited = 0; row?.status === 'queued' && waited < 10_000; waited += 100) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      row = await findDeliveryById(ctx.db, queued.id);
    }
    expect(row).toMatchObject({ status: 'sent' });
    const raw = smtp.received.at(-1)?.raw ?? '';
    expect(raw).toContain('Subject: Weekly report: Walk-in cooler');
    expect(raw).toMatch(/Content-Disposition: attachment;\s+filename=walk-in-cooler-week\.csv/);
    expect(raw).toContain(
      Buffer.from('Time,Temperature\n2026-11-16 00:00,61.0\n').toString('base64'),
    );
  });

  it('fails the attempt rather than sending without a file that is no longer stored (decision 032)', async () => {
    const sentBefore = smtp.received.length;
    const queued = await queueDelivery(ctx, {
      kind: 'weekly-report',
      channel: 'email',
      address: 'owner@example.com',
      subject: 'Weekly report: Lake House',
      body: 'The week is attached.',
      attachments: [
        { fileName: 'gone.csv', fileKey: 'reports/test/gone.csv', contentType: 'text/csv' },
      ],
    });
    let row = await findDeliveryById(ctx.db, queued.id);
    for (let waited = 0; row?.status === 'queued' && waited < 10_000; waited += 100) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      row = await findDeliveryById(ctx.db, queued.id);
    }
    expect(row).toMatchObject({ status: 'failed' });
    expect(row?.last_error).toMatch(/gone\.csv is no longer in file storage/);
    expect(smtp.received).toHaveLength(sentBefore);
  });
});
