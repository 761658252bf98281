import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../helpers/factories';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { SECURITY, type Access } from '../../src/platform/http/openapi';
import { EXEMPT, MATRIX, type Kind, type MatrixEntry, type Prepared } from './matrix';
import { operationsOf, registeredRoutes, routeKey, type Operation } from './route-table';
import {
  createWorld,
  impersonationToken,
  ownerData,
  send,
  type Caller,
  type CallerName,
  type World,
} from './world';

/**
 * Cases the matrix finds that a fix of issue #10 in another branch closes; each is skipped until
 * then. A listed case that no longer fails fails the test, so the list only shrinks.
 */
const KNOWN_OPEN_DEFECTS: { call: string; callers: CallerName[]; fix: string }[] = [];

type Expect = '2xx' | '401' | 'refused' | 'any';
type Case = {
  call: string;
  caller: Caller;
  where: string;
  expect: Expect;
  write: boolean;
  /**
   * A write this caller may make (MatrixEntry.subMayWrite, linkMayChange): the owner's data may
   * change.
   */
  mayChange?: true;
};

let t: TestApp;
let w: World;

beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(t);
});
afterAll(() => t.close());

const isErrorShape = (response: LightMyRequestResponse) => {
  try {
    const body = response.json<{ error?: { code?: unknown; message?: unknown } }>();
    return body.error?.code === response.statusCode && typeof body.error.message === 'string';
  } catch {
    return false;
  }
};

describe('authorization matrix (OWASP API1, API2, API5)', () => {
  it('covers every route Fastify registered: in the OpenAPI document or exempt with a reason', () => {
    const documented = new Set(operationsOf(t.app).map((op) => routeKey(op.method, op.path)));
    const registered = registeredRoutes(t.app);
    expect(registered.length).toBeGreaterThan(documented.size);
    expect(registered.filter((key) => !documented.has(key) && !(key in EXEMPT))).toEqual([]);
    expect(Object.keys(EXEMPT).filter((key) => !registered.includes(key))).toEqual([]);
    const fed = new Set(Object.keys(MATRIX).map((key) => routeKey(...split(key))));
    expect([...fed].filter((key) => !documented.has(key))).toEqual([]);
  });

  it('declares who may call each operation in the document, as the call behaves (issue #22)', () => {
    // The matrix's classes, proven by the cases below, against the document's declarations.
    const declared: Record<Kind, Access[]> = {
      public: ['public', 'signed-link'],
      'signed-in': ['session'],
      owner: ['session'],
      staff: ['staff'],
      device: ['device'],
    };
    const differing = operationsOf(t.app).flatMap((op) => {
      const entry = MATRIX[`${op.method} ${op.path}`];
      if (!entry) return [];
      const access = (Object.keys(SECURITY) as Access[]).find(
        (kind) => JSON.stringify(SECURITY[kind]) === JSON.stringify(op.security),
      );
      const allowed = entry.declared ? [entry.declared] : declared[entry.kind];
      return access && allowed.includes(access)
        ? []
        : [`${op.method} ${op.path}: ${entry.kind} declared as ${JSON.stringify(op.security)}`];
    });
    expect(differing).toEqual([]);
  });

  it('refuses every non-owner and lets the owner through, for every call of the route table', async () => {
    const failures: string[] = [];
    const known = new Map<string, boolean>();
    const pairs = new Set<string>();
    let leaks = 0;
    const sentBefore = w.sent.count;

    for (const op of operationsOf(t.app)) {
      const call = `${op.method} ${op.path}`;
      const entry = MATRIX[call];
      if (!entry) {
        failures.push(`not fed: ${call} — add it to the matrix`);
        continue;
      }
      const x = (await entry.prepare?.(w)) ?? {};
      const write = (op.method !== 'GET' && entry.reads !== true) || entry.writes === true;
      for (const c of casesOf(op, entry, write)) {
        const knownDefect = KNOWN_OPEN_DEFECTS.find(
          (d) => d.call === call && d.callers.includes(c.caller.name),
        );
        const problems = await runCase(c, entry, x);
        pairs.add(`${call} ${c.caller.name}`);
        if (knownDefect) {
          const key = `${call} as ${c.caller.name}`;
          known.set(key, (known.get(key) ?? false) || problems.length > 0);
          continue;
        }
        if (problems.some((p) => p.startsWith('leak'))) leaks += 1;
        failures.push(...problems.map((p) => `${call} as ${c.caller.name} ${c.where}: ${p}`));
      }
    }
    for (const [key, stillFails] of known)
      if (!stillFails) failures.push(`${key} no longer fails: remove it from KNOWN_OPEN_DEFECTS`);

    const requests = w.sent.count - sentBefore;
    console.info(
      `authorization matrix: ${Object.keys(MATRIX).length} calls, ${pairs.size} calls × callers, ` +
        `${requests} requests, ${leaks} leaks, ${failures.length} failures, ` +
        `${[...known.values()].filter(Boolean).length} known open defects skipped`,
    );
    expect(failures).toEqual([]);
  }, 180_000);
});

function split(key: string): [string, string] {
  const [method = '', path = ''] = key.split(' ');
  return [method, path];
}

const OWN_ROW = 'in their own path with their own user device';

/** The callers of one call and what each must get (see Kind in matrix.ts). */
function casesOf(op: Operation, entry: MatrixEntry, write: boolean): Case[] {
  const call = `${op.method} ${op.path}`;
  const base = { call, write };
  const others = [w.other, w.sub, w.staff, w.impersonation];
  switch (entry.kind) {
    case 'public':
      return [
        {
          ...base,
          caller: w.anonymous,
          where: '',
          expect: 'any',
          ...(entry.linkMayChange && { mayChange: true as const }),
        },
      ];
    case 'device':
      return [
        { ...base, caller: w.anonymous, where: 'without credentials', expect: '401' },
        { ...base, caller: w.owner, where: 'with the owner’s session', expect: '401' },
        { ...base, caller: w.anonymous, where: 'with a wrong key', expect: '401' },
        { ...base, caller: w.anonymous, where: 'as the unit', expect: '2xx' },
      ];
    case 'staff':
      return [
        { ...base, caller: w.anonymous, where: '', expect: '401' },
        ...[w.other, w.sub, w.owner, w.impersonation].map((caller) => ({
          ...base,
          caller,
          where: 'in their own path',
          expect: 'refused' as const,
        })),
        { ...base, caller: w.staff, where: 'in their own path', expect: '2xx' },
      ];
    case 'signed-in':
      return [
        { ...base, caller: w.anonymous, where: '', expect: '401' },
        ...others.map((caller) => ({ ...base, caller, where: '', expect: 'any' as const })),
        { ...base, caller: w.owner, where: '', expect: '2xx' },
      ];
    case 'owner': {
      const cases: Case[] = [{ ...base, caller: w.anonymous, where: '', expect: '401' }];
      for (const caller of others) {
        const mayRead = caller === w.sub && !write && entry.subMayRead === true;
        const expect = mayRead ? 'any' : 'refused';
        cases.push({ ...base, caller, where: 'in the owner’s path', expect });
        const ownPath = entry.selfInOwnPath ? 'any' : expect;
        cases.push({ ...base, caller, where: 'in their own path', expect: ownPath });
      }
      // The sub-account through its own user device: it may read the unit and ask for a report,
      // never change it (decision 017).
      if (write && entry.subMayWrite)
        cases.push({ ...base, caller: w.sub, where: OWN_ROW, expect: 'any', mayChange: true });
      else
        cases.push({ ...base, caller: w.sub, where: OWN_ROW, expect: write ? 'refused' : 'any' });
      cases.push({ ...base, caller: w.owner, where: '', expect: '2xx' });
      return cases;
    }
  }
}

/**
 * The caller with a session of its own for this case where an earlier case may have ended the
 * one it holds: a call that ends its session, and every impersonation (a staff password change
 * ends those).
 */
async function freshSession(caller: Caller, entry: MatrixEntry): Promise<Caller> {
  if (caller === w.impersonation)
    return { ...caller, token: await impersonationToken(t, w.staff.user, w.impersonation.user) };
  if (entry.endsSession && caller.user)
    return { ...caller, token: await signIn(t.app, caller.user) };
  return caller;
}

/** Sends one case and answers what is wrong with its answer (nothing when it holds). */
async function runCase(c: Case, entry: MatrixEntry, x: Prepared) {
  const isOwner = c.expect === '2xx'; // the rightful caller: the owner, staff or the unit
  const ownPath = c.where.startsWith('in their own') && c.caller.user;
  const u = ownPath ? c.caller.user!.id : w.owner.user.id;
  const world = c.where === OWN_ROW ? { ...w, userDeviceId: w.subUserDeviceId } : w;
  const fed = entry.feed(world, u, x);
  const sentAlready = c.where === OWN_ROW ? entry.feed(w, u, x) : entry.feed(w, w.owner.user.id, x);
  if (ownPath && entry.kind === 'owner' && JSON.stringify(fed) === JSON.stringify(sentAlready))
    return []; // the call carries no user id (or user device): this request was sent already
  const caller = await freshSession(c.caller, entry);
  const headers = deviceHeaders(c, fed.headers);
  // A caller acting on their own record (a sub-account renaming itself) is not a change of the owner's.
  const except = ownPath && c.expect === 'any' ? c.caller.user?.id : undefined;
  const checksChange = c.write && !isOwner && !c.mayChange;
  const before = checksChange ? await ownerData(w, except) : '';
  const response = await send(w, caller, { method: c.call.split(' ')[0]!, ...fed, headers });
  const status = response.statusCode;
  const problems: string[] = [];
  const is2xx = status >= 200 && status < 300;
  if (status >= 500) problems.push(`answered ${status}`);
  if (status >= 400 && !isErrorShape(response))
    problems.push(`${status} outside the error shape: ${response.body.slice(0, 120)}`);
  if (c.expect === '2xx' && !is2xx)
    problems.push(`the owner got ${status}: ${response.body.slice(0, 160)}`);
  if (c.expect === '401' && status !== 401)
    problems.push(`${is2xx ? 'leak: ' : ''}expected 401, got ${status}`);
  if (c.expect === 'refused' && is2xx)
    problems.push(`leak: ${status} ${response.body.slice(0, 160)}`);
  const secretFrom: Caller[] =
    entry.kind === 'owner'
      ? [w.other, w.staff, w.impersonation]
      : [w.other, w.sub, w.staff, w.impersonation];
  if (is2xx && secretFrom.includes(c.caller))
    for (const secret of entry.secret?.(w) ?? [])
      if (response.body.includes(secret)) problems.push(`leak: the answer holds ${secret}`);
  if (is2xx && c.caller === w.sub)
    for (const at of w.readingsBefore)
      if (response.body.includes(at))
        problems.push(`leak: a reading from before the unit was given (${at})`);
  if (checksChange && (await ownerData(w, except)) !== before)
    problems.push('changed the owner’s data');
  return problems;
}

/**
 * The device protocol's callers: the unit's Basic credentials, a wrong key, or none. A call's
 * other headers (a registration's Idempotency-Key) go with every caller.
 */
function deviceHeaders(c: Case, headers: Record<string, string> | undefined) {
  if (!headers) return undefined;
  if (c.where === 'as the unit') return headers;
  const { authorization: _unit, ...others } = headers;
  if (c.where === 'with a wrong key')
    return {
      ...others,
      authorization: `Basic ${Buffer.from(`${w.device.imei}:${'0'.repeat(64)}`).toString('base64')}`,
    };
  return others;
}
