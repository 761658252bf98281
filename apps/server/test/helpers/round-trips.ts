import pg from 'pg';
import { vi } from 'vitest';

/**
 * Round trips to the database of one call, session look-up included: every query of both
 * databases goes through a node-postgres client (platform/database/database.ts).
 */
export async function countRoundTrips<T>(
  send: () => Promise<T>,
): Promise<{ answer: T; trips: number }> {
  const spy = vi.spyOn(pg.Client.prototype, 'query');
  try {
    const answer = await send();
    return { answer, trips: spy.mock.calls.length };
  } finally {
    spy.mockRestore();
  }
}
