import type { Readable } from 'node:stream';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, TEST_RATE_LIMITS, type TestApp } from '../../../test/helpers/test-app';
import { bearer, createUser, injectAs, signIn } from '../../../test/helpers/factories';
import { createDevice, registerUserDevice } from '../../../test/helpers/devices';
import { addDeviceReadings } from '../../../test/helpers/readings';
import { HEAVY_WORK_RETRY_AFTER_SECONDS } from '../../platform/http/rate-limits';

const PER_USER = 2;
const seconds = (at: string) => Math.floor(Date.parse(at) / 1000);
/** All time: from before any reading to the test clock's now (22 November 2026, 12:00 UTC). */
const ALL_TIME = `from=${seconds('2000-01-01T00:00:00Z')}&to=${seconds('2026-11-22T12:00:00Z')}`;

/**
 * Heavy work per person (issue #22, decision 055): one user's 16 parallel all-time CSV files took
 * 1.3 GB and slowed everyone. A file is made in one of its caller's `RATE_LIMIT_HEAVY_WORK_PER_USER`
 * slots; file writes are held at a gate here, so "in flight" is a fact and not a race.
 */
describe('CSV files: at most 2 in flight per person (issue #22, decision 055)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      config: { rateLimits: { ...TEST_RATE_LIMITS, heavyWorkPerUser: PER_USER } },
    });
  });
  afterEach(() => vi.restoreAllMocks());
  afterAll(() => t.close());

  const ownerWithReadings = async () => {
    const user = await createUser(t.ctx);
    const token = await signIn(t.app, user);
    const unit = await createDevice(t.ctx);
    const rowId = await registerUserDevice(t.ctx, { userId: user.id, deviceId: unit.id });
    await addDeviceReadings(t.ctx, unit.id, { from: new Date('2026-11-20T00:00:00Z'), count: 50 });
    return { token, rowId };
  };
  const fileUrl = (rowId: number) => `/api/reportlog/devices/${rowId}/generatefile?${ALL_TIME}`;
  const generate = (owner: { token: string; rowId: number }, rowId = owner.rowId) =>
    injectAs(t.app, owner.token, 'POST', fileUrl(rowId));

  /** Holds every file write until `open()`: the files started meanwhile stay in flight. */
  const holdWrites = () => {
    const put = t.ctx.files.put.bind(t.ctx.files);
    let open = () => undefined as void;
    const opened = new Promise<void>((resolve) => (open = resolve));
    const held = vi.spyOn(t.ctx.files, 'put').mockImplementation(async (...args) => {
      await opened;
      return put(...args);
    });
    return { held, open };
  };

  /** Both of the person's slots are free: two files at once are both made. */
  const expectSlotsFree = async (owner: { token: string; rowId: number }) => {
    const { held, open } = holdWrites();
    const files = [generate(owner), generate(owner)];
    // Each reached its write: neither was refused.
    await vi.waitFor(() => expect(held).toHaveBeenCalledTimes(PER_USER));
    open();
    for (const file of await Promise.all(files)) expect(file.statusCode).toBe(200);
    vi.restoreAllMocks();
  };

  it("refuses one person's 3rd file in flight with 429 and Retry-After, while another person's file is still made", async () => {
    const [alice, bob] = [await ownerWithReadings(), await ownerWithReadings()];
    const { held, open } = holdWrites();
    const first = [generate(alice), generate(alice)];
    await vi.waitFor(() => expect(held).toHaveBeenCalledTimes(2));

    const third = await generate(alice);
    expect(third.statusCode).toBe(429);
    expect(third.json()).toEqual({
      error: {
        code: 429,
        message:
          'Please wait for your other files to finish, then try again: at most 2 are made at once.',
      },
    });
    expect(third.headers['retry-after']).toBe(String(HEAVY_WORK_RETRY_AFTER_SECONDS));

    const bobs = generate(bob);
    await vi.waitFor(() => expect(held).toHaveBeenCalledTimes(3));
    open();
    for (const file of await Promise.all([...first, bobs])) {
      expect(file.statusCode).toBe(200);
      expect(file.json().RowCount).toBe(50);
    }
    vi.restoreAllMocks();
    // Done, the slots are free again.
    await expectSlotsFree(alice);
  });

  it('frees the slot when a file fails, and holds none for a call refused before its work (403)', async () => {
    const [alice, bob] = [await ownerWithReadings(), await ownerWithReadings()];
    vi.spyOn(t.ctx.files, 'put').mockRejectedValue(new Error('disk full'));
    const failed = await Promise.all([generate(alice), generate(alice)]);
    expect(failed.map((file) => file.statusCode)).toEqual([500, 500]);
    vi.restoreAllMocks();
    // Another person's unit: refused, in a slot given back at once.
    expect((await generate(alice, bob.rowId)).statusCode).toBe(403);
    expect((await generate(alice, bob.rowId)).statusCode).toBe(403);
    await expectSlotsFree(alice);
  });

  it('frees the slot when the client disconnects, and stops the work: no file is stored', async () => {
    const alice = await ownerWithReadings();
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { held, open } = holdWrites();
    const clients = [new AbortController(), new AbortController()];
    const calls = clients.map((client) =>
      fetch(`${address}${fileUrl(alice.rowId)}`, {
        method: 'POST',
        headers: bearer(alice.token),
        signal: client.signal,
      }).catch((error: unknown) => error),
    );
    await vi.waitFor(() => expect(held).toHaveBeenCalledTimes(2));
    for (const client of clients) client.abort();
    await Promise.all(calls);
    // The server saw each client go: the file's stream is destroyed before anything is written.
    await vi.waitFor(() =>
      expect(held.mock.calls.map(([, body]) => (body as Readable).destroyed)).toEqual([true, true]),
    );
    open();
    const writes = await Promise.allSettled(held.mock.results.map((result) => result.value));
    expect(writes.map((write) => write.status)).toEqual(['rejected', 'rejected']);
    vi.restoreAllMocks();
    // Each slot is given back as its call unwinds, just after its write failed.
    await vi.waitFor(async () => expect((await generate(alice)).statusCode).toBe(200));
    await expectSlotsFree(alice);
  });
});
