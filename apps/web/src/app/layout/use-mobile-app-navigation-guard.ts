import { useEffect } from 'react';
import { useBlocker } from 'react-router';
import { isAppOwnedPath, isMobileApp, postToNativeApp } from '../../lib/mobile-app';

/**
 * In mobile-app mode, navigating to login, logout or register is blocked and the app is told the
 * wanted address instead (accounts-devices-billing §2 "Startup query parameters").
 */
export function useMobileAppNavigationGuard(): void {
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
}
