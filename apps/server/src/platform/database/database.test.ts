import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './database';

const url = process.env.DATABASE_URL;

describe.skipIf(!url)('the PostgreSQL pool', () => {
  it('runs every statement without JIT, in the schema it is given (decision 077)', async () => {
    const opened = await openDatabase({ url: url!, searchPath: 'pg_catalog' });
    try {
      const settings = await Promise.all(
        // Two at once: two of the pool's connections.
        [1, 2].map(() =>
          sql<{ jit: string; path: string }>`select current_setting('jit') as jit,
            current_setting('search_path') as path`.execute(opened.db),
        ),
      );
      expect(settings.map(({ rows }) => rows[0])).toEqual([
        { jit: 'off', path: 'pg_catalog' },
        { jit: 'off', path: 'pg_catalog' },
      ]);
    } finally {
      await opened.close();
    }
  });

  it('outlives a connection the server ends while idle, and says so', async () => {
    const lost: Error[] = [];
    const opened = await openDatabase({ url: url!, onConnectionLost: (error) => lost.push(error) });
    try {
      const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(
        opened.db,
      );
      // Another connection ends it, as a restart or an administrator would.
      const admin = await openDatabase({ url: url! });
      await sql`select pg_terminate_backend(${rows[0]!.pid})`.execute(admin.db);
      await admin.close();
      await expect.poll(() => lost.length).toBe(1);
      expect(lost[0]!.message).toMatch(/terminating connection/);
      // The process is still here, and the next query gets a new connection.
      const again = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(opened.db);
      expect(again.rows[0]!.pid).not.toBe(rows[0]!.pid);
    } finally {
      await opened.close();
    }
  });
});
