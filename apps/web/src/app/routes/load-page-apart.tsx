import { lazy, Suspense, type ComponentType } from 'react';
import { PageLoader } from '../../components/ui/page-loader';

/**
 * A page that loads apart, on its first render, behind the module that exports it: a route table
 * entry that shares another module's lazy import (info-pages) adds no preload list of its own to
 * the sign-in download, which bench/web holds under 150 kB gzip (decision 046).
 */
export function loadPageApart(load: () => Promise<{ default: ComponentType }>) {
  const Page = lazy(load);
  return function PageLoadedApart() {
    return (
      <Suspense fallback={<PageLoader />}>
        <Page />
      </Suspense>
    );
  };
}
