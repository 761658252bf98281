import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer } from '../adapters/mail/mailer';
import type { AppContext } from '../context';
import { findDeliveryById } from '../db/repositories/deliveries.repository';
import { startDeliveryWorker } from '../jobs/deliver-notification.job';
import { startTestJobQueue } from '../../test/helpers/job-queue';
import { createTestApp, type TestApp } from '../../test/helpers/test-app';
import { queueDelivery } from './deliveries.service';

type Received = { to: string[]; raw: string };

describe('an e-mail delivery over real SMTP (issue #4)', () => {
  const received: Received[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  let t: TestApp;
  let ctx: AppContext;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const { port } = smtp.server.address() as AddressInfo;
    t = await createTestApp({
      mailer: ({ db }) =>
        createMailer({
          // No TLS on the local test server.
          smtpUrl: `smtp://127.0.0.1:${port}?ignoreTLS=true`,
          from: 'Monitoring <alerts@monitoring.example>',
          db,
          log: { info: () => undefined },
        }),
    });
    const started = await startTestJobQueue(t.ctx);
    drop = started.drop;
    ctx = { ...t.ctx, jobs: started.queue };
    await startDeliveryWorker(ctx, started.queue, {
      retryLimit: 1,
      retryDelaySeconds: 0,
      retryBackoff: false,
      pollingIntervalSeconds: 0.5,
    });
  });
  afterAll(async () => {
    await drop();
    await t.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
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
    expect(received).toHaveLength(1);
    expect(received[0]?.to).toEqual(['owner@example.com']);
    expect(received[0]?.raw).toContain('Subject: Walk-in cooler: temperature alarm');
    expect(received[0]?.raw).toContain('text/plain');
    expect(received[0]?.raw).toContain('text/html');
    expect(received[0]?.raw).toContain('Walk-in cooler is at 45 F.');
  });
});
