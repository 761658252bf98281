import { PGlite } from '@electric-sql/pglite';
import { createPgConfig } from '@electric-sql/pglite/node-postgres';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './database';
import { PREPARED_ON_POSTGRES, withPreparedStatements } from './prepared-statements';
import type { DB } from './schema';

describe('prepared statements on the embedded database (decision 009)', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({});
  });
  afterAll(() => database.close());

  const preparedCount = async (text: string) => {
    const { rows } = await sql<{ count: number }>`
      SELECT count(*)::int AS count FROM pg_prepared_statements WHERE statement = ${text}
    `.execute(database.db);
    return rows[0]?.count ?? 0;
  };

  it('prepares a query with parameters once and reuses it with other values', async () => {
    const text = 'SELECT $1::int + 1 AS answer';
    const query = (value: number) => sql<{ answer: number }>`SELECT ${value}::int + 1 AS answer`;
    expect((await query(1).execute(database.db)).rows).toEqual([{ answer: 2 }]);
    expect((await query(41).execute(database.db)).rows).toEqual([{ answer: 42 }]);
    expect(await preparedCount(text)).toBe(1);
  });

  it('runs a script without parameters as it is, several statements at once', async () => {
    await sql
      .raw('CREATE TEMP TABLE scratch (n int); INSERT INTO scratch VALUES (1), (2)')
      .execute(database.db);
    const { rows } = await sql<{ total: number }>`SELECT sum(n)::int AS total FROM scratch`.execute(
      database.db,
    );
    expect(rows).toEqual([{ total: 3 }]);
    expect(
      await preparedCount('CREATE TEMP TABLE scratch (n int); INSERT INTO scratch VALUES (1), (2)'),
    ).toBe(0);
  });
});

describe('prepared statements on PostgreSQL: only the marked ones (decision 014)', () => {
  let pglite: PGlite;
  let db: Kysely<DB>;
  beforeAll(async () => {
    pglite = await PGlite.create();
    const pool = withPreparedStatements(new pg.Pool(createPgConfig(pglite)), { onlyMarked: true });
    db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  });
  afterAll(async () => {
    await db.destroy();
    await pglite.close();
  });

  const isPrepared = async (text: string) => {
    const { rows } = await sql<{ count: number }>`
      SELECT count(*)::int AS count FROM pg_prepared_statements WHERE statement = ${text}
    `.execute(db);
    return rows[0]!.count > 0;
  };

  it('prepares a statement that starts with the marker and leaves the others unnamed', async () => {
    const marked = await sql<{
      answer: number;
    }>`${sql.raw(PREPARED_ON_POSTGRES)} SELECT ${41}::int + 1 AS answer`.execute(db);
    const plain = await sql<{ answer: number }>`SELECT ${1}::int + 2 AS answer`.execute(db);
    expect([marked.rows, plain.rows]).toEqual([[{ answer: 42 }], [{ answer: 3 }]]);
    expect(await isPrepared(`${PREPARED_ON_POSTGRES} SELECT $1::int + 1 AS answer`)).toBe(true);
    expect(await isPrepared('SELECT $1::int + 2 AS answer')).toBe(false);
  });

  it('prepares a query builder statement that ends with the marker', async () => {
    const query = db
      .selectNoFrom(sql<number>`${7}::int * 6`.as('answer'))
      .modifyEnd(sql.raw(PREPARED_ON_POSTGRES));
    expect(await query.execute()).toEqual([{ answer: 42 }]);
    expect(await isPrepared(query.compile().sql)).toBe(true);
  });
});
