import { Suspense, useEffect, useRef } from 'react';
import { Box } from '@mantine/core';
import { Outlet, useLocation } from 'react-router';
import { lazyWithPreload } from '../../lib/lazy-with-preload';
import { Header, HeaderMenu } from './header';
import { MobileAppNavigationGuard } from './mobile-app-navigation-guard';
import { PageScrollRestoration } from './page-scroll-restoration';
import classes from './header.module.css';

// The footer sits below the fold of every page: it loads with the first render instead of being
// part of the sign-in page's first download (bench/web).
const Footer = lazyWithPreload(() => import('./footer').then((module) => module.Footer));

/**
 * The layout's parts that load apart, loaded ahead of hydrating a page the server rendered
 * (decision 071): a part whose code has not arrived when the page first updates is drawn anew.
 */
export function loadLayoutParts(): Promise<unknown> {
  return Promise.all([Footer.preload(), HeaderMenu.preload()]);
}

/** Every page: skip link, header, the page in <main>, footer. */
export function RootLayout() {
  const { pathname } = useLocation();
  const main = useRef<HTMLElement>(null);
  const previousPath = useRef(pathname);

  // After a navigation, focus moves to the new page so screen readers start reading there.
  useEffect(() => {
    if (previousPath.current === pathname) return;
    previousPath.current = pathname;
    main.current?.focus({ preventScroll: true });
  }, [pathname]);

  return (
    <Box className={classes.page}>
      <MobileAppNavigationGuard />
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
      <Suspense>
        <Footer />
      </Suspense>
      <PageScrollRestoration />
    </Box>
  );
}
