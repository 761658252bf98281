import { StrictMode, type ReactNode } from 'react';
import { prerender } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { dehydrate, type DehydratedState } from '@tanstack/react-query';
import type { StoreItem } from '@monitor/contract/store';
import type { TenantId } from '@monitor/domain/shared/brands';
import { AppProviders } from './app/providers';
import { routes } from './app/routes';
import { getBrandsQueryOptions, type BrandsAnswer } from './features/brand/api/get-brands';
import { RenderedTenantContext } from './features/brand/hooks/use-current-brand';
import { activeItemsQueryOptions } from './features/store/api/get-active-items';
import { createQueryClient } from './lib/query-client';

/*
 * The server's way into the web app (decision 071): it renders a public page to HTML with the
 * same providers and route table as the browser, and the data the server has at hand, so the first
 * paint holds the page's text before any script runs. main.tsx hydrates it.
 */

/** What the server knows that the page would otherwise fetch. */
export type PageData = {
  tenantId: TenantId;
  brands: BrandsAnswer;
  /** The items on sale, for the store page. */
  activeItems?: StoreItem[];
};

export type RenderedPage = { html: string; state: DehydratedState };

const handler = createStaticHandler(routes);

/**
 * The whole page as HTML, in order. `prerender` waits for every lazy part (a page that loads apart,
 * the footer, the toasts); React would write a large part after the rest, to be moved into place
 * by an inline script, which the site's Content-Security-Policy refuses and a page sent whole
 * does not need.
 */
async function renderToHtml(page: ReactNode): Promise<string> {
  const { prelude } = await prerender(page, { progressiveChunkSize: Number.POSITIVE_INFINITY });
  return new Response(prelude).text();
}

/** Renders `url` (path only: the server renders no page whose parameters it does not know). */
export async function renderPage(url: string, data: PageData): Promise<RenderedPage> {
  // Loads the matched routes' lazy modules, as the browser does before hydrating.
  const context = await handler.query(new Request(new URL(url, 'http://prerender.local')));
  if (context instanceof Response) throw new Error(`${url} answers a redirect`);
  const router = createStaticRouter(handler.dataRoutes, context);

  const queryClient = createQueryClient();
  queryClient.setQueryData(getBrandsQueryOptions().queryKey, data.brands);
  if (data.activeItems)
    queryClient.setQueryData(activeItemsQueryOptions().queryKey, data.activeItems);

  const page = (
    <StrictMode>
      <RenderedTenantContext value={data.tenantId}>
        <AppProviders queryClient={queryClient}>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </AppProviders>
      </RenderedTenantContext>
    </StrictMode>
  );
  const html = await renderToHtml(page);
  return { html, state: dehydrate(queryClient) };
}
