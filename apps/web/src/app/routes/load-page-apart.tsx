import { Suspense, type FunctionComponent } from 'react';
import { PageLoader } from '../../components/ui/page-loader';
import { lazyWithPreload } from '../../lib/lazy-with-preload';

/**
 * A page that loads apart, on its first render, behind the module that exports it: a route table
 * entry that shares another module's lazy import (info-pages) adds no preload list of its own to
 * the sign-in download, which bench/web holds under 150 kB gzip (decision 046).
 */
export function loadPageApart(load: () => Promise<{ default: FunctionComponent }>) {
  const Page = lazyWithPreload(() => load().then((module) => module.default));
  function PageLoadedApart() {
    return (
      <Suspense fallback={<PageLoader />}>
        <Page />
      </Suspense>
    );
  }
  // Loaded ahead of hydrating a page the server rendered (app/prerendered.ts, decision 071).
  return Object.assign(PageLoadedApart, { preload: Page.preload });
}
