import type { Brand, TenantId } from '@monitor/domain/shared/brands';
import type { Kysely } from 'kysely';
import type { AddressVerifier } from './adapters/address/address-verifier';
import type { CellularCarrier } from './adapters/carrier/cellular-carrier';
import type { FileStorage } from './adapters/files/file-storage';
import type { Mailer } from './adapters/mail/mailer';
import type { PaymentProcessor } from './adapters/payments/payment-processor';
import type { PostageRates } from './adapters/postage/postage-rates';
import type { PushSender } from './adapters/push/push-sender';
import type { SmsVoiceSender } from './adapters/sms/sms-voice-sender';
import type { SalesTaxCalculator } from './adapters/tax/sales-tax';
import type { Config } from './platform/config/config';
import type { DB } from './platform/database/schema';
import type { JobQueue } from './platform/jobs/queue';
import type { Metrics } from './platform/observability/metrics';
import type { LiveHub } from './modules/telemetry/live-hub';
import type { ReportsStoredListener } from './modules/telemetry/reports-stored';

/**
 * What services need from the outside world: every port is there, built once by `createContext`
 * (create-context.ts) for the server, the tests and the admin commands alike. Services take it as
 * their first argument. This file holds types only and imports no service, so every module can
 * name it without an import circle; the ports that start and stop (the queue, the live hub, the
 * mailer's transport) are stopped by whoever created the context, never by a service.
 */
export type AppContext = {
  config: Config;
  db: Kysely<DB>;
  mailer: Mailer;
  /** Texts and voice calls: Twilio when configured, otherwise the local outbox (decision 010). */
  sms: SmsVoiceSender;
  /** CSV exports and NIST certificates: a local folder or an S3 bucket, handed out as signed links. */
  files: FileStorage;
  /** Card payments: Braintree when configured, otherwise the local processor (decision 034). */
  payments: PaymentProcessor;
  /** Address checks: Smarty when configured, otherwise the packaged ZIP data (decision 035). */
  addresses: AddressVerifier;
  /** Sales tax: TaxJar when configured, otherwise the packaged rate table (decision 035). */
  tax: SalesTaxCalculator;
  /** Postage rates: EasyPost when configured, otherwise the local rate table (decision 043). */
  postage: PostageRates;
  /** Web push to browsers, signed with the server's VAPID key (decision 082). */
  push: PushSender;
  /** Cellular activation: Twilio's Super SIM API when configured, otherwise local (decision 035). */
  carrier: CellularCarrier;
  /** The job queue (pg-boss, decision 010): services enqueue on it; its workers run where started. */
  jobs: Omit<JobQueue, 'stop'>;
  brands: Readonly<Record<TenantId, Brand>>;
  /** The clock; domain rules never read it themselves. */
  now: () => Date;
  /** Waits before answering (login slow-down); tests record the wait instead of spending it. */
  sleep: (ms: number) => Promise<void>;
  /**
   * Called in order after each committed batch of device reports (telemetry/reports-stored.ts):
   * alarm evaluation, then the live channel, registered by `createContext`.
   */
  onReportsStored: ReportsStoredListener<AppContext>[];
  /** The live channel's hub (telemetry/live-hub.ts, decision 012). */
  live: Omit<LiveHub, 'close'>;
  /** The Prometheus metrics services count into (platform/observability, `GET /metrics`). */
  metrics: Metrics;
};
