import { describe, expect, it } from 'vitest';

describe('zod without new Function (decision 018)', () => {
  it('runs jitless once zod-jitless has run, zod loading after it', async () => {
    await import('./zod-jitless');
    const { z } = await import('zod');
    expect(z.config().jitless).toBe(true);
    // And it still parses: the jitless path is zod's slow, eval-free one.
    expect(z.object({ a: z.number() }).safeParse({ a: 1 }).success).toBe(true);
  });
});
