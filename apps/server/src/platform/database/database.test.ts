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
});
