import { lazy, Suspense, useEffect, useRef } from 'react';
import { Box } from '@mantine/core';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { useIsHydrated } from '../../lib/use-is-hydrated';
import { Header } from './header';
import { useMobileAppNavigationGuard } from './use-mobile-app-navigation-guard';
import classes from './header.module.css';

// The footer sits below the fold of every page: it loads with the first render instead of being
// part of the sign-in page's first download (bench/web).
const Footer = lazy(() => import('./footer').then((module) => ({ default: module.Footer })));

/** Every page: skip link, header, the page in <main>, footer. */
export function RootLayout() {
  useMobileAppNavigationGuard();
  const { pathname } = useLocation();
  const main = useRef<HTMLElement>(null);
  const previousPath = useRef(pathname);
  const isHydrated = useIsHydrated();

  // After a navigation, focus moves to the new page so screen readers start reading there.
  useEffect(() => {
    if (previousPath.current === pathname) return;
    previousPath.current = pathname;
    main.current?.focus({ preventScroll: true });
  }, [pathname]);

  return (
    // A page the server rendered shows before its code runs; its controls wait for the code
    // (decision 071): a click would do nothing, a typed entry would be lost to the form's state, a
    // submit would reload the page. A disabled fieldset holds every one; links work as they are.
    <Box
      component="fieldset"
      role="none"
      disabled={!isHydrated}
      className={classes.page}
      mih="100dvh"
    >
      <a className={classes.skipLink} href="#main-content">
        Skip to main content
      </a>
      <Header />
      <Box
        component="main"
        id="main-content"
        ref={main}
        tabIndex={-1}
        style={{ flex: 1, outline: 'none' }}
      >
        <Outlet />
      </Box>
      <Suspense fallback={null}>
        <Footer />
      </Suspense>
      <ScrollRestoration />
    </Box>
  );
}
