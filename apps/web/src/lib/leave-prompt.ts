import { useEffect } from 'react';
import { useBlocker, type Blocker } from 'react-router';

/**
 * Asks before leaving while `when` holds: a reload or a closed tab gets the browser's own
 * question; a navigation to another page of the app is held by the router's blocker, which the
 * caller answers (`proceed` or `reset`) after asking. Moving within the page (a wizard's step in
 * the query) is not leaving.
 *
 * The router honours only the last blocker registered: call this from a component that mounts
 * after the layout's (see components/ui/use-leave-confirmation.tsx).
 */
export function useLeavePrompt(when: boolean): Blocker {
  useEffect(() => {
    if (!when) return;
    const ask = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the question only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [when]);

  return useBlocker(
    ({ currentLocation, nextLocation }) =>
      when && currentLocation.pathname !== nextLocation.pathname,
  );
}
