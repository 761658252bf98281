import {
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type CompiledQuery,
  type DatabaseConnection,
  type Driver,
  type QueryResult,
} from 'kysely';
import type { BareDriver, BareQuery } from './bare-driver';
// The fair baselines run the product's own statements, so the SQL comes from the product's own
// code (its repositories and services, compiled by Kysely), not from a copy typed here that
// would drift from it. Only the bench crosses this boundary, and only to capture (decision 073).
import type { DB } from '../apps/server/src/platform/database/schema';

/** One statement the product sent, as Kysely compiled it, and what the capture answered. */
export type Statement = { sql: string; parameters: readonly unknown[] };
type Row = Record<string, unknown>;
type Recorded = Statement & { rows: readonly Row[]; isAlongside: boolean };

/**
 * What a capture answers a statement it does not run against the product's tables: rows read for
 * real (through the bare driver, before anything is timed) or made up from the statement (a
 * written row echoed, its generated id a placeholder).
 */
export type Answer = (statement: Statement) => Promise<readonly Row[]> | readonly Row[];

const TRANSACTION = { begin: 'BEGIN', commit: 'COMMIT', rollback: 'ROLLBACK' } as const;

/**
 * A Kysely on the product's schema that runs nothing: each statement the product's code sends is
 * compiled as it would be and recorded with its parameters and the rows `answer` gave it;
 * transactions are recorded as BEGIN and COMMIT.
 */
export function recordingDatabase(answer: Answer): {
  db: Kysely<DB>;
  take: () => Recorded[];
} {
  let recorded: Recorded[] = [];
  let inFlight = 0;
  const connection: DatabaseConnection = {
    executeQuery: async <R>(query: CompiledQuery): Promise<QueryResult<R>> => {
      const statement = { sql: query.sql, parameters: query.parameters };
      // Sent while another is still out (the product's Promise.all): replayed alongside it.
      const entry: Recorded = { ...statement, rows: [], isAlongside: inFlight > 0 };
      recorded.push(entry);
      inFlight += 1;
      try {
        entry.rows = await answer(statement);
      } finally {
        inFlight -= 1;
      }
      return { rows: entry.rows as R[], numAffectedRows: BigInt(entry.rows.length) };
    },
    streamQuery: () => {
      throw new Error('a capture does not stream');
    },
  };
  const mark = (sql: string) => async () => {
    recorded.push({ sql, parameters: [], rows: [], isAlongside: false });
  };
  const driver: Driver = {
    init: async () => undefined,
    acquireConnection: async () => connection,
    releaseConnection: async () => undefined,
    beginTransaction: mark(TRANSACTION.begin),
    commitTransaction: mark(TRANSACTION.commit),
    rollbackTransaction: mark(TRANSACTION.rollback),
    destroy: async () => undefined,
  };
  const db = new Kysely<DB>({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => driver,
      createIntrospector: (kysely) => new PostgresIntrospector(kysely),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
  });
  return {
    db,
    take: () => {
      const taken = recorded;
      recorded = [];
      return taken;
    },
  };
}

/**
 * A value the database makes while the work runs (an id from a sequence, a count): the capture
 * answers a placeholder, and the replay puts in what the database answered at that point.
 */
let nextPlaceholder = 1_900_000_000;
export const placeholder = (): number => nextPlaceholder++;
const isPlaceholder = (value: unknown) =>
  typeof value === 'number' && value >= 1_900_000_000 && value < nextPlaceholder;

type Step = {
  sql: string;
  parameters: unknown[];
  /** Parameters that carry placeholders (as they are, in text or in JSON). */
  binds: number[];
  /** Placeholders this statement's first row answers, by column. */
  yields: { placeholder: number; column: string }[];
  /** How many rows it answered in the capture (a read, for real; a write, as echoed). */
  captured: number;
  /** Sent while the one before was still out: replayed alongside it. */
  isAlongside: boolean;
};

/** A unit of the product's work (a batch, a charge, an order) as statements to replay bare. */
export type Script = { steps: (Step | 'BEGIN' | 'COMMIT')[] };

const PLACEHOLDER_TEXT = /19\d{8}/g;
export const carries = (value: unknown): boolean =>
  isPlaceholder(value) ||
  ((typeof value === 'string' || (typeof value === 'object' && value !== null)) &&
    [
      ...(typeof value === 'string' ? value : JSON.stringify(value)).matchAll(PLACEHOLDER_TEXT),
    ].some(([digits]) => isPlaceholder(Number(digits))));

/** Makes the recorded statements of one unit of work a script; a capture that rolled back is refused. */
export function toScript(recorded: readonly Recorded[]): Script {
  const steps: Script['steps'] = [];
  for (const { sql, parameters, rows, isAlongside } of recorded) {
    if (sql === TRANSACTION.begin || sql === TRANSACTION.commit) {
      steps.push(sql);
      continue;
    }
    if (sql === TRANSACTION.rollback) throw new Error('the captured work rolled back');
    const first = rows[0] ?? {};
    steps.push({
      sql,
      parameters: [...parameters],
      binds: parameters.flatMap((value, index) => (carries(value) ? [index] : [])),
      yields: Object.entries(first).flatMap(([column, value]) =>
        isPlaceholder(value) ? [{ placeholder: value as number, column }] : [],
      ),
      captured: rows.length,
      isAlongside,
    });
  }
  return { steps };
}

function bind(value: unknown, known: ReadonlyMap<number, unknown>): unknown {
  const swap = (text: string) =>
    text.replace(PLACEHOLDER_TEXT, (digits) =>
      known.has(Number(digits)) ? String(known.get(Number(digits))) : digits,
    );
  if (typeof value === 'number') return known.has(value) ? known.get(value) : value;
  if (typeof value === 'string') return swap(value);
  return JSON.parse(swap(JSON.stringify(value))) as unknown;
}

/** Runs the statements of `steps` in order on `query`, binding what earlier ones answered. */
async function runSteps(
  query: BareQuery,
  steps: readonly Step[],
  known: Map<number, unknown>,
  answered: number[],
  { isOneConnection = false } = {},
) {
  const run = async (step: Step) => {
    let values = step.parameters;
    if (step.binds.length > 0) {
      values = [...values];
      for (const index of step.binds) values[index] = bind(values[index], known);
    }
    const { rows } = await query(step.sql, values);
    for (const { placeholder: id, column } of step.yields) known.set(id, rows[0]?.[column]);
    return rows.length;
  };
  for (let i = 0; i < steps.length;) {
    let j = i + 1;
    // One connection answers one statement at a time: side by side only on a pool.
    while (!isOneConnection && steps[j]?.isAlongside) j += 1;
    answered.push(...(await Promise.all(steps.slice(i, j).map(run))));
    i = j;
  }
}

/**
 * Replays one unit of work through the bare driver: the statements outside a transaction one by
 * one, those between BEGIN and COMMIT in one transaction on one connection. Answers the number
 * of statements sent (BEGIN and COMMIT counted); `answered`, when given, gets the number of rows
 * each statement answered, in order.
 */
export async function replay(
  bare: BareDriver,
  script: Script,
  answered: number[] = [],
): Promise<number> {
  const known = new Map<number, unknown>();
  let sent = 0;
  let inTransaction: Step[] | null = null;
  let outside: Step[] = [];
  const flushOutside = async () => {
    if (outside.length === 0) return;
    const steps = outside;
    outside = [];
    await runSteps(bare.query, steps, known, answered);
    sent += steps.length;
  };
  for (const step of script.steps) {
    if (step === 'BEGIN') {
      await flushOutside();
      inTransaction = [];
    } else if (step === 'COMMIT') {
      const steps: Step[] = inTransaction ?? [];
      inTransaction = null;
      await bare.transaction((query) =>
        runSteps(query, steps, known, answered, { isOneConnection: true }),
      );
      sent += steps.length + 2;
    } else if (inTransaction) {
      inTransaction.push(step);
    } else {
      outside.push(step);
      continue;
    }
    await flushOutside();
  }
  await flushOutside();
  return sent;
}

/** The columns and values of `insert into "t" ("a", "b") values ($1, $2)`, as Kysely writes it. */
export function insertedRow(statement: Statement): Row {
  const match = /^insert into "(\w+)" \(([^)]*)\) values \(([^)]*)\)/.exec(statement.sql);
  if (!match) return {};
  const columns = match[2]!.split(', ').map((c) => c.replaceAll('"', ''));
  const values = match[3]!.split(', ');
  return Object.fromEntries(
    columns.map((column, i) => {
      const slot = /^\$(\d+)$/.exec(values[i] ?? '');
      return [column, slot ? statement.parameters[Number(slot[1]) - 1] : null];
    }),
  );
}

/** The columns set by `update "t" set "a" = $1, "b" = $2 where …`, as Kysely writes it. */
export function updatedColumns(statement: Statement): Row {
  const match = /^update "\w+" set (.*?) where /.exec(statement.sql);
  if (!match) return {};
  return Object.fromEntries(
    [...match[1]!.matchAll(/"(\w+)" = \$(\d+)/g)].map(([, column, slot]): [string, unknown] => [
      column!,
      statement.parameters[Number(slot) - 1],
    ]),
  );
}

/** The rows each statement answered in the capture, in order (BEGIN and COMMIT left out). */
export const capturedRows = (script: Script): number[] =>
  script.steps.flatMap((step) => (typeof step === 'string' ? [] : [step.captured]));

export const isRead = (statement: Statement) =>
  /^\s*(\/\*.*?\*\/\s*)?select\b/i.test(statement.sql);
