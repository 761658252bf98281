import type { Brand, TenantId } from '@monitor/domain/brands';
import type { Kysely } from 'kysely';
import type { Mailer } from './adapters/mail/mailer';
import type { Config } from './config/config';
import type { DB } from './db/schema';

/**
 * What services need from the outside world, built once in app.ts. Services take it as their
 * first argument; tests pass their own clock and mailer.
 */
export type AppContext = {
  config: Config;
  db: Kysely<DB>;
  mailer: Mailer;
  brands: Readonly<Record<TenantId, Brand>>;
  /** The clock; domain rules never read it themselves. */
  now: () => Date;
  /** Waits before answering (login slow-down); tests record the wait instead of spending it. */
  sleep: (ms: number) => Promise<void>;
};
