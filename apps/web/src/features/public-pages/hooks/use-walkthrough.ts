import { useEffect, useState } from 'react';

/** How long each step of a walkthrough stays up while it plays. */
export const WALKTHROUGH_STEP_MS = 6_000;

/**
 * A walkthrough's position: `play()` steps through on a timer and stops at the last step;
 * `goTo` moves by hand and pauses.
 */
export function useWalkthrough(count: number) {
  const [index, setIndex] = useState(0);
  const [isPlaying, setIsPlaying] = useState(false);

  useEffect(() => {
    if (!isPlaying || index >= count - 1) return;
    const timer = setTimeout(() => {
      setIndex(index + 1);
      // The last step stays up: playing stops there.
      if (index + 1 >= count - 1) setIsPlaying(false);
    }, WALKTHROUGH_STEP_MS);
    return () => clearTimeout(timer);
  }, [count, index, isPlaying]);

  return {
    index,
    isPlaying,
    play: () => {
      if (index >= count - 1) setIndex(0);
      setIsPlaying(true);
    },
    pause: () => setIsPlaying(false),
    goTo: (next: number) => {
      setIsPlaying(false);
      setIndex(Math.max(0, Math.min(count - 1, next)));
    },
  };
}
