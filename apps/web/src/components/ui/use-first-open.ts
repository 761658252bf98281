import { useLayoutEffect, useState } from 'react';

/**
 * For a dialog or panel that every item of a long list carries (bench/web: 200 devices): nothing
 * is mounted until it first opens. Then it mounts closed and opens on the next render, before
 * the browser paints, so its opening transition and its focus return work as for one mounted all
 * along; it stays mounted afterwards, for its closing transition and later openings.
 */
export function useFirstOpen(opened: boolean): { isMounted: boolean; isOpened: boolean } {
  const [hasMounted, setHasMounted] = useState(false);
  useLayoutEffect(() => {
    // The second render is the point: the closed state must reach the screen's tree first.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (opened) setHasMounted(true);
  }, [opened]);
  return { isMounted: opened || hasMounted, isOpened: opened && hasMounted };
}
