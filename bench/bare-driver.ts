import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/** One statement's answer through the bare driver. */
export type BareResult = { rows: Record<string, unknown>[]; rowCount: number };
export type BareQuery = (text: string, values?: readonly unknown[]) => Promise<BareResult>;

/**
 * The bare driver on a benchmark's database, what a fair baseline runs the product's statements
 * through: a `pg` pool on PostgreSQL, PGlite's own `query` on the embedded database's folder
 * (which no other process may hold then). No query builder, no prepared statements, no logger.
 */
export type BareDriver = {
  query: BareQuery;
  /** Runs `work` in one transaction on one connection (PGlite's own `transaction` embedded). */
  transaction: <T>(work: (query: BareQuery) => Promise<T>) => Promise<T>;
  close: () => Promise<void>;
};

const params = (values?: readonly unknown[]) => (values ? [...values] : []);

export async function openBareDriver({
  dataDir,
  databaseUrl,
  max = 10,
}: {
  dataDir: string;
  databaseUrl?: string | undefined;
  max?: number;
}): Promise<BareDriver> {
  if (databaseUrl) {
    const pool = new pg.Pool({ connectionString: databaseUrl, max });
    // The run's database is dropped WITH (FORCE) at the end: a connection it ends is no failure.
    pool.on('error', () => undefined);
    const on =
      (client: pg.Pool | pg.PoolClient): BareQuery =>
      async (text, values) => {
        const result = await client.query<Record<string, unknown>>(text, params(values));
        return { rows: result.rows, rowCount: result.rowCount ?? 0 };
      };
    return {
      query: on(pool),
      transaction: async (work) => {
        const client = await pool.connect();
        try {
          await client.query('BEGIN');
          const answer = await work(on(client));
          await client.query('COMMIT');
          return answer;
        } catch (error) {
          await client.query('ROLLBACK').catch(() => undefined);
          throw error;
        } finally {
          client.release();
        }
      },
      close: () => pool.end(),
    };
  }
  const db = await PGlite.create(dataDir);
  const on =
    (target: Pick<PGlite, 'query'>): BareQuery =>
    async (text, values) => {
      const result = await target.query<Record<string, unknown>>(text, params(values));
      return { rows: result.rows, rowCount: result.affectedRows ?? result.rows.length };
    };
  return {
    query: on(db),
    // PGlite holds its one connection for the transaction: other queries wait, as on a pool.
    transaction: (work) => db.transaction((tx) => work(on(tx))),
    close: () => db.close(),
  };
}
