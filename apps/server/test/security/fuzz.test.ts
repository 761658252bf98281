import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../helpers/factories';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { MATRIX, type Fed } from './matrix';
import { operationsOf, type Operation } from './route-table';
import { createWorld, ownerData, send, type Caller, type World } from './world';

/**
 * Bad input for every call of the route table (OWASP API4, API8; ASVS 5.1): each call is first
 * fed as the matrix feeds it (as the owner, or staff, or the unit, so it gets past
 * authentication), then one part of that request is made bad at a time — a path or query
 * parameter, a body field, the whole body — with wrong types, 100 kB strings, huge and negative
 * numbers, unicode and NUL bytes, SQL- and path-like strings, missing and extra fields; and the
 * body is sent as malformed JSON, with wrong content types, empty and over the size limit; the
 * path over-long and undecodable, and with a method the call does not take.
 * No answer may be a 5xx, every 4xx is in the error shape, a refused request changes none of the
 * owner's data, and the server still answers afterwards.
 */
const RUNS_PER_CALL = 12;
/** New values each run; the summary prints the seed, and FUZZ_SEED=<seed> replays that run. */
const SEED = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));

/** Cases a fix of issue #10 in another branch closes; listed here, skipped until then. */
const KNOWN_OPEN_DEFECTS: { problem: RegExp; fix: string }[] = [];

const DROP = Symbol('drop');
type Mutation = { where: 'path' | 'query' | 'field' | 'body'; name: string; value: unknown };

/** Values no call accepts where a valid one is expected; no small positive integers (real ids). */
const badValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constant('x'.repeat(100_000)),
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    'a\u0000b',
    '\uD800',
    '𝕏 ünïcödé 名前 🙂',
    "' OR 1=1 --",
    "'; DROP TABLE users; --",
    '../../../etc/passwd',
    '..\\..\\windows',
    '%00',
    '%2e%2e%2f',
    '${7*7}{{7*7}}',
    '<script>alert(1)</script>',
    'null',
    'NaN',
    '-1',
    '1e999',
  ),
  fc.integer({ max: -1 }),
  fc
    .integer({ min: 2 ** 31 - 1, max: 2 ** 31 - 1 })
    .chain((n) => fc.constantFrom(n, n + 1, 2 ** 40)),
  fc.constantFrom(0, 1.5, -0.5, 2 ** 53, Number.MAX_SAFE_INTEGER + 2, 1e308, -1e308),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.oneof(fc.integer(), fc.string({ maxLength: 5 })), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 3 }),
);

const OVER_LIMIT = JSON.stringify({ a: 'x'.repeat(1024 * 1024 + 16) });
/** Bodies no parser or schema takes, sent as is with their content type. */
const BAD_BODIES: { raw: string; type: string }[] = [
  { raw: '{"broken": ', type: 'application/json' },
  { raw: '', type: 'application/json' },
  { raw: '{"a":1}', type: 'text/plain' },
  { raw: 'a=1&b=2', type: 'application/x-www-form-urlencoded' },
  { raw: '<a>1</a>', type: 'application/xml' },
  { raw: OVER_LIMIT, type: 'application/json' },
];

let t: TestApp;
let w: World;

beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(t);
});
afterAll(() => t.close());

/** The path parameters of a URL, read against its OpenAPI path (`/api/users/{Id}`). */
function pathParams(op: Operation, url: string): Map<string, string> {
  const names: string[] = [];
  const pattern = op.path.replace(
    /\{([^}]+)\}/g,
    (_, name: string) => (names.push(name), '([^/]+)'),
  );
  const match = new RegExp(`^${pattern}$`).exec(url.split('?')[0] ?? '');
  return new Map(names.map((name, i) => [name, match?.[i + 1] ?? '1']));
}

/** The one-change-at-a-time mutations of a call, drawn from its parameters and body. */
function mutationsOf(op: Operation, fed: Fed): fc.Arbitrary<Mutation> {
  const options: fc.Arbitrary<Mutation>[] = [];
  const bad = (where: Mutation['where'], name: string, orDrop: boolean) =>
    (orDrop ? fc.oneof(badValue, fc.constant(DROP)) : badValue).map((value) => ({
      where,
      name,
      value,
    }));
  for (const p of op.parameters)
    options.push(bad(p.in === 'path' ? 'path' : 'query', p.name, p.in !== 'path'));
  options.push(bad('query', 'extra', false));
  if (fed.body !== undefined) {
    options.push(bad('body', '', true));
    const fields = new Set([
      ...Object.keys(op.body?.properties ?? {}),
      ...Object.keys(fed.body as object),
    ]);
    for (const name of fields) options.push(bad('field', name, true));
    options.push(bad('field', 'extraField', false));
  }
  return fc.oneof(...options);
}

function mutate(op: Operation, fed: Fed, m: Mutation): Fed {
  const params = pathParams(op, fed.url);
  const query = new URLSearchParams(fed.url.split('?')[1] ?? '');
  const asText = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));
  let body = fed.body;
  if (m.where === 'path') params.set(m.name, asText(m.value));
  if (m.where === 'query') {
    if (m.value === DROP) query.delete(m.name);
    else query.set(m.name, asText(m.value));
  }
  if (m.where === 'body') body = m.value === DROP ? undefined : m.value;
  if (m.where === 'field') {
    const copy = Array.isArray(body) ? [...(body as unknown[])] : { ...(body as object) };
    if (m.value === DROP) delete (copy as Record<string, unknown>)[m.name];
    else (copy as Record<string, unknown>)[m.name] = m.value;
    body = copy;
  }
  const path = op.path.replace(/\{([^}]+)\}/g, (_, name: string) =>
    encodeURIComponent(wellFormed(params.get(name) ?? '')),
  );
  const search = query.toString();
  return { ...fed, url: search ? `${path}?${search}` : path, body };
}

/** A lone surrogate cannot be percent-encoded; it becomes U+FFFD (undecodable paths are sent apart). */
const wellFormed = (value: string) =>
  value.replace(
    /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g,
    '\uFFFD',
  );

const isErrorShape = (response: LightMyRequestResponse) => {
  try {
    const body = response.json<{ error?: { code?: unknown; message?: unknown } }>();
    return body.error?.code === response.statusCode && typeof body.error.message === 'string';
  } catch {
    return false;
  }
};

describe('fuzz (OWASP API4, API8)', () => {
  it('answers every call’s bad input with a 4xx in the error shape, changing nothing', async () => {
    const problems: string[] = [];
    const statuses = new Map<number, number>();
    let requests = 0;
    const started = performance.now();

    const seen = new Set<(typeof KNOWN_OPEN_DEFECTS)[number]>();
    const note = (call: string, what: string, response: LightMyRequestResponse) => {
      const problem = `${call} ${what}: ${response.statusCode} ${response.body.slice(0, 120)}`;
      const knownDefect = KNOWN_OPEN_DEFECTS.find((d) => d.problem.test(problem));
      if (knownDefect) seen.add(knownDefect);
      else problems.push(problem);
    };

    for (const op of operationsOf(t.app)) {
      const call = `${op.method} ${op.path}`;
      const entry = MATRIX[call];
      if (!entry) {
        problems.push(`not fed: ${call} — add it to the matrix (authorization-matrix.test.ts)`);
        continue;
      }
      const caller: Caller =
        entry.kind === 'staff' ? w.staff : entry.kind === 'device' ? w.anonymous : w.owner;
      const x = (await entry.prepare?.(w)) ?? {};
      const fed = entry.feed(w, caller.user?.id ?? w.owner.user.id, x);
      const write = op.method !== 'GET' || entry.writes === true;
      let data = await ownerData(w);

      /** Sends one bad request and checks its answer; a refused write must leave the data as it was. */
      const attempt = async (what: string, request: Fed & { raw?: string; method?: string }) => {
        // The sign-in fuzz's wrong passwords may have throttled the owner's account by now
        // (decision 008, working as meant): forgotten before a fresh session is made.
        if (entry.endsSession && caller.user) await t.ctx.db.deleteFrom('login_failures').execute();
        const as =
          entry.endsSession && caller.user
            ? { ...caller, token: await signIn(t.app, caller.user) }
            : caller;
        const response = await send(w, as, { method: op.method, ...request });
        requests += 1;
        statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
        const refused = response.statusCode >= 400;
        if (response.statusCode >= 500) note(call, `answered 5xx to ${what}`, response);
        else if (refused && !isErrorShape(response))
          note(call, `left the error shape for ${what}`, response);
        if (!write) return;
        const after = await ownerData(w);
        if (refused && after !== data)
          problems.push(`${call}: a refused ${what} changed the owner’s data`);
        data = after;
      };

      await fc.assert(
        fc.asyncProperty(mutationsOf(op, fed), async (m) => {
          const described = `${m.where} ${m.name} = ${JSON.stringify(m.value === DROP ? '(missing)' : m.value)?.slice(0, 60)}`;
          await attempt(described, mutate(op, fed, m));
        }),
        { numRuns: RUNS_PER_CALL, seed: SEED },
      );
      await attempt('a method the call does not take', { ...fed, method: 'PATCH' });
      const firstParam = op.parameters.find((p) => p.in === 'path');
      if (firstParam) {
        const long = mutate(op, fed, {
          where: 'path',
          name: firstParam.name,
          value: 'x'.repeat(100_000),
        });
        await attempt('a 100 kB path parameter', long);
        const [path = '', search] = fed.url.split('?');
        const undecodable = path.replace(/\/[^/]*$/, '/%E0%A4%A') + (search ? `?${search}` : '');
        await attempt('an undecodable path', { ...fed, url: undecodable });
      }
      if (fed.body !== undefined)
        for (const { raw, type } of BAD_BODIES)
          await attempt(`a ${type} body of ${raw.length} bytes`, {
            ...fed,
            body: undefined,
            raw,
            headers: { ...fed.headers, 'content-type': type },
          });

      if (!write && (await ownerData(w)) !== data)
        problems.push(`${call}: a read changed the owner’s data`);
      // The server still answers, and the owner's session still works.
      const alive = await send(w, w.owner, { method: 'GET', url: `/api/users/${w.owner.user.id}` });
      if (alive.statusCode !== 200)
        problems.push(`after ${call} the server answered ${alive.statusCode}`);
    }

    for (const defect of KNOWN_OPEN_DEFECTS)
      if (!seen.has(defect))
        problems.push(`${defect.fix} no longer fails: remove it from KNOWN_OPEN_DEFECTS`);
    const fiveXx = [...statuses].filter(([s]) => s >= 500).reduce((n, [, c]) => n + c, 0);
    console.info(
      `fuzz (seed ${SEED}): ${Object.keys(MATRIX).length} operations, ${requests} requests, ${fiveXx} 5xx, ` +
        `${problems.length} problems, ${seen.size} known open defects skipped, ` +
        `answers ${JSON.stringify(Object.fromEntries(statuses))}, ${Math.round((performance.now() - started) / 1000)} s`,
    );
    expect(problems).toEqual([]);
  }, 300_000);
});
