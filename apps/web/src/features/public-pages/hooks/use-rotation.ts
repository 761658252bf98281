import { useEffect, useState } from 'react';

/** Testimonials advance every 12 seconds and loop (store-and-public-site §9). */
export const TESTIMONIAL_INTERVAL_MS = 12_000;

/** An index that advances on a timer and wraps around; it holds still while paused. */
export function useRotation(
  count: number,
  { intervalMs, isPaused }: { intervalMs: number; isPaused: boolean },
) {
  const [index, setIndex] = useState(0);

  useEffect(() => {
    if (isPaused || count < 2) return;
    const timer = setInterval(() => setIndex((current) => (current + 1) % count), intervalMs);
    return () => clearInterval(timer);
  }, [count, intervalMs, isPaused, index]);

  return {
    index,
    goTo: (next: number) => setIndex(((next % count) + count) % count),
  };
}
