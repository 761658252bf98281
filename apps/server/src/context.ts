import type { Brand, TenantId } from '@monitor/domain/brands';
import type { Kysely } from 'kysely';
import type { Mailer } from './adapters/mail/mailer';
import type { SmsVoiceSender } from './adapters/sms/sms-voice-sender';
import type { Config } from './config/config';
import type { DB } from './db/schema';
import type { JobQueue } from './jobs/queue';
import type { LiveHub } from './telemetry/live-hub';
import type { ReportsStoredListener } from './telemetry/reports-stored';

/**
 * What services need from the outside world, built once in app.ts. Services take it as their
 * first argument; tests pass their own clock and mailer.
 */
export type AppContext = {
  config: Config;
  db: Kysely<DB>;
  mailer: Mailer;
  /** Texts and voice calls: Twilio when configured, otherwise the local outbox (decision 010). */
  sms: SmsVoiceSender;
  /** The job queue (pg-boss); absent where none was started, e.g. the admin commands. */
  jobs?: JobQueue;
  brands: Readonly<Record<TenantId, Brand>>;
  /** The clock; domain rules never read it themselves. */
  now: () => Date;
  /** Waits before answering (login slow-down); tests record the wait instead of spending it. */
  sleep: (ms: number) => Promise<void>;
  /**
   * Called in order after each committed batch of device reports (telemetry/reports-stored.ts):
   * where alarm evaluation and the live channel plug in. Empty by default.
   */
  onReportsStored: ReportsStoredListener[];
  /** The live channel's hub (telemetry/live-hub.ts); absent where none was started (admin commands). */
  live?: LiveHub;
};
