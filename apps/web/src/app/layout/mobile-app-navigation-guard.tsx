import { useEffect } from 'react';
import { useBlocker } from 'react-router';
import { isAppOwnedPath, isMobileApp, postToNativeApp } from '../../lib/mobile-app';

/**
 * In mobile-app mode, navigating to login, logout or register is blocked and the app is told the
 * wanted address instead (accounts-devices-billing §2 "Startup query parameters").
 *
 * A component of its own that draws nothing: the router's blocker sets its key in state right after
 * mounting, and only this leaf is drawn again for it, not the layout with the header and footer, a
 * task of about 80 ms on a slow phone just after a page the server rendered is taken over (issue
 * #25). It comes first in the layout, so a page's own leave prompt registers after it and is the
 * blocker the router honours (lib/leave-prompt.ts).
 */
export function MobileAppNavigationGuard() {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      isMobileApp() &&
      isAppOwnedPath(nextLocation.pathname) &&
      currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    postToNativeApp({
      type: 'urlChange',
      url: blocker.location.pathname + blocker.location.search,
    });
    blocker.reset();
  }, [blocker]);

  return null;
}
