import { useEffect, useState } from 'react';

/**
 * How many of a long list's items to draw now: the first screen at once, then `step` more in a
 * task of their own each, until all are drawn (issue #26: 200 devices show their first screen
 * about as fast as one). The browser paints between the steps, so a person sees the first screen
 * while the rest arrive below it; nothing is left out for good, so find-in-page, screen readers
 * and the tab order reach every device once drawn. (Steps as transitions were tried: each card's
 * own queries answering kept interrupting them, and the rest waited.)
 */
export function useShownCount(total: number, { first, step }: { first: number; step: number }) {
  const [shown, setShown] = useState(first);
  useEffect(() => {
    if (shown >= total) return;
    const next = setTimeout(() => setShown((count) => count + step));
    return () => clearTimeout(next);
  }, [shown, total, step]);
  return Math.min(shown, total);
}
