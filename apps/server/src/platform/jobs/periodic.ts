import type { JobQueue } from './queue';

/**
 * Runs `tick` every `everySeconds` on exactly one of however many processes run. The queue's
 * `short` policy holds at most one waiting tick, so every process may seed it on start, and each
 * tick schedules the next before it works: one chain of ticks, pg-boss handing each to one
 * process. A tick whose process died before it scheduled the next expires and is retried
 * elsewhere, and the retry schedules the next: the chain survives a crash. Ticks must therefore
 * be idempotent. (pg-boss's own cron is off: it would poll all the time, decision 010.)
 */
export async function startPeriodicJob(
  queue: Pick<JobQueue, 'boss' | 'work'>,
  name: string,
  { everySeconds, expireInSeconds = 120 }: { everySeconds: number; expireInSeconds?: number },
  tick: () => Promise<unknown>,
): Promise<void> {
  const options = { name, policy: 'short' as const, retryLimit: 2, expireInSeconds };
  await queue.boss.createQueue(name, options);
  await queue.boss.updateQueue(name, options);
  // At least a second apart: the worker fetches again at once after a job (`JobQueue.work`), so a
  // tick due at once would be worked over and over.
  const scheduleNext = () =>
    queue.boss.send(name, {}, { startAfter: Math.max(1, everySeconds), singletonKey: 'tick' });
  await queue.work(name, { pollingIntervalSeconds: 5 }, async () => {
    await scheduleNext();
    await tick();
  });
  await scheduleNext();
}
