import { useEffect, useState } from 'react';

/** The change-subscription screen's progress grows 20 % every 300 ms (accounts-devices-billing §2). */
export const PROGRESS_STEP_PERCENT = 20;
export const PROGRESS_INTERVAL_MS = 300;

/**
 * A progress value for a wait of unknown length: 0 when idle; while `isActive`, 20 more every
 * 300 ms, held at 100 until the wait ends.
 */
export function useGrowingProgress(isActive: boolean): number {
  const [value, setValue] = useState(0);
  useEffect(() => {
    if (!isActive) return;
    const timer = setInterval(
      () => setValue((current) => Math.min(100, current + PROGRESS_STEP_PERCENT)),
      PROGRESS_INTERVAL_MS,
    );
    return () => {
      clearInterval(timer);
      setValue(0);
    };
  }, [isActive]);
  return isActive ? value : 0;
}
