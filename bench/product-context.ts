import PgBoss from 'pg-boss';
import type { BareDriver } from './bare-driver';
import {
  carries,
  insertedRow,
  isRead,
  placeholder,
  recordingDatabase,
  toScript,
  updatedColumns,
  type Answer,
  type Script,
  type Statement,
} from './product-sql';
import { createAddressVerifier } from '../apps/server/src/adapters/address/create-address-verifier';
import { createPaymentProcessor } from '../apps/server/src/adapters/payments/create-payment-processor';
import { createPostageRates } from '../apps/server/src/adapters/postage/create-postage-rates';
import { createSalesTax } from '../apps/server/src/adapters/tax/create-sales-tax';
import type { AppContext } from '../apps/server/src/context';
import { BRANDS } from '../apps/server/src/platform/config/brands';
import { loadConfig } from '../apps/server/src/platform/config/config';
import { JOB_SCHEMA, kyselyConnection } from '../apps/server/src/platform/jobs/queue';

type Row = Record<string, unknown>;

/**
 * Answers for a capture: reads run for real through the bare driver (before anything is timed,
 * on the rows the replay will meet), writes are not run but echoed — an inserted row with its
 * generated id a placeholder, an updated row as last inserted with the new values, a read of an
 * echoed row that row — so the product's code goes on as it would. `special` answers first
 * where it gives rows.
 */
export function echoAnswers(
  bare: BareDriver,
  special: (statement: Statement) => readonly Row[] | undefined = () => undefined,
): Answer {
  const last = new Map<string, Row>();
  return async (statement) => {
    const own = special(statement);
    if (own) return own;
    if (isRead(statement)) {
      // A read of a row the capture only echoed (its id a placeholder) answers the echo.
      if (!statement.parameters.some(carries))
        return (await bare.query(statement.sql, statement.parameters)).rows;
      const row = last.get(/ from "(\w+)"/.exec(statement.sql)?.[1] ?? '');
      return row ? [row] : [];
    }
    const returns = /\breturning\b/i.test(statement.sql);
    const insert = /^insert into "(\w+)"/.exec(statement.sql);
    if (insert) {
      const row: Row = { ...insertedRow(statement) };
      row.id ??= placeholder();
      last.set(insert[1]!, row);
      return returns ? [row] : [];
    }
    const update = /^update "(\w+)"/.exec(statement.sql);
    if (update) {
      const row = { ...last.get(update[1]!), ...updatedColumns(statement) };
      return returns ? [row] : [];
    }
    return [];
  };
}

/**
 * The product's context on a recording database (product-sql.ts): its own services, repositories,
 * local payment processor, tax and postage tables and job queue's SQL (pg-boss, never started)
 * send their statements to `answer`, and `capture` turns one unit of work into a script the bare
 * driver replays. The clock is the real one, as the product's.
 */
export async function captureContext(answer: Answer): Promise<{
  ctx: AppContext;
  capture: <T>(work: (ctx: AppContext) => Promise<T>) => Promise<{ script: Script; result: T }>;
}> {
  const { db, take } = recordingDatabase(answer);
  const config = loadConfig({ ...process.env, DATABASE_URL: '' });
  const now = () => new Date();
  const log = { info: () => undefined, warn: () => undefined, error: () => undefined };
  const boss = new PgBoss({
    connectionString: 'postgres://capture@127.0.0.1:1/capture',
    schema: JOB_SCHEMA,
  });
  // Built as createContext builds it, from the same environment the product's run gets; only
  // what the captured paths reach (the rest of AppContext is never called).
  const ctx = {
    config,
    db,
    now,
    brands: BRANDS,
    payments: await createPaymentProcessor({
      braintree: config.braintree,
      db,
      now,
      cardFieldsOrigin: config.cardFieldsOrigin,
    }),
    addresses: await createAddressVerifier(config.smarty, log),
    tax: await createSalesTax(config, log),
    postage: await createPostageRates(config, log),
    jobs: { boss, connection: kyselyConnection },
    live: { publishAlarmState: async () => undefined },
    sleep: async () => undefined,
  } as unknown as AppContext;
  return {
    ctx,
    capture: async (work) => {
      take();
      const result = await work(ctx);
      return { script: toScript(take()), result };
    },
  };
}
