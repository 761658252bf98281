import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import negotiate from '@fastify/accept-negotiator';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parse as parseCookies } from 'cookie';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import type { Brand } from '@monitor/domain/shared/brands';
import { publicPagesOf } from '@monitor/domain/shared/site-pages';
import type { AppContext } from '../../context';
import { escapeHtml } from '../../platform/mail/html';
import { listBrands } from '../accounts/brands.routes';
import { listActiveItems } from '../store/items.service';
import { brandOf } from './brand-of';
import { createPageStylesheets } from './page-stylesheets';

/** apps/web/src/entry-prerender.tsx, as `vite build --ssr` writes it beside the web app. */
type RenderPage = (
  url: string,
  data: { tenantId: number; brands: unknown; activeItems?: unknown },
) => Promise<{ html: string; state: unknown }>;

/** A rendered page, compressed once as the built files are (decision 069). */
type Page = { body: string; br: Buffer; gzip: Buffer; etag: string };
const ENCODINGS: ('br' | 'gzip')[] = ['br', 'gzip'];

/** The web app's ids the rendered page is written into (index.html, app/prerendered.ts). */
const ROOT = '<div id="root"></div>';
const STATE_ID = 'prerendered-state';
/** Each brand's pages, each in the versions its data had lately: a store whose items changed. */
const MAX_CACHED_PAGES = 200;

export type PublicPages = {
  /** Answers a public page's GET with its rendered HTML; false when the request is not one. */
  send(request: FastifyRequest, reply: FastifyReply): Promise<boolean>;
  /**
   * Renders the default brand's public pages ahead, one after another, so its visitors wait for
   * none; another brand's page is rendered when first asked for (tens of milliseconds).
   */
  warm(): Promise<void>;
};

/**
 * The public pages, rendered by the server with the web app's own components (decision 071), so
 * their text is on screen before any script runs; the browser then hydrates them. A page is
 * rendered for the brand the request names (`tid`, else the `tid` cookie, else the default), with
 * the data the browser would fetch (brands, the items on sale), and kept until that data changes.
 * Rendered signed out and in a browser: a request with other parameters, or from the native app,
 * gets the plain app page, as does every request if the render bundle is missing or fails.
 */
export function createPublicPages(
  ctx: AppContext,
  { webDist, log }: { webDist: string; log: FastifyBaseLogger },
): PublicPages {
  const template = readFileSync(join(webDist, 'index.html'), 'utf8');
  const stylesheetsFor = createPageStylesheets(webDist, template);
  const bundle = join(webDist, '..', 'dist-prerender', 'entry-prerender.js');
  let renderer: Promise<RenderPage | null> | undefined;
  const cache = new Map<string, Promise<Page | null>>();

  // Loaded at the first public page, not at start: most server instances (tests) never serve one.
  function loadRenderer(): Promise<RenderPage | null> {
    renderer ??= import(pathToFileURL(bundle).href).then(
      (module: { renderPage: RenderPage }) => module.renderPage,
      (error: unknown) => {
        log.warn({ err: error, bundle }, 'public pages are not pre-rendered: no render bundle');
        return null;
      },
    );
    return renderer;
  }

  async function render(path: string, brand: Brand): Promise<Page | null> {
    const renderPage = await loadRenderer();
    if (!renderPage) return null;
    const data = {
      tenantId: brand.tenantId,
      brands: listBrands(ctx),
      ...(path === '/store' && { activeItems: await listActiveItems(ctx) }),
    };
    const key = `${path} ${createHash('sha1').update(JSON.stringify(data)).digest('base64url')}`;
    const cached = cache.get(key);
    if (cached) return cached;
    const page = renderPage(path, data).then(
      ({ html, state }) => toPage(template, { brand, html, links: stylesheetsFor(html), state }),
      (error: unknown) => {
        log.error({ err: error, path, tenantId: brand.tenantId }, 'public page render failed');
        cache.delete(key);
        return null;
      },
    );
    if (cache.size >= MAX_CACHED_PAGES) cache.delete(cache.keys().next().value!);
    cache.set(key, page);
    return page;
  }

  return {
    async warm() {
      const brand = brandOf(ctx);
      for (const path of publicPagesOf(brand)) await render(path, brand);
    },
    async send(request, reply) {
      const url = new URL(request.url, 'http://page.local');
      const { tid, ...others } = Object.fromEntries(url.searchParams);
      if (Object.keys(others).length > 0) return false;
      const cookies = parseCookies(request.headers.cookie ?? '');
      if (cookies.source === 'mobileapp') return false;
      const brand = brandOf(ctx, tid, cookies.tid);
      if (!publicPagesOf(brand).includes(url.pathname)) return false;

      const page = await render(url.pathname, brand);
      if (!page) return false;
      reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .header('etag', page.etag)
        // The brand comes from the cookie when the address does not name it.
        .header('vary', 'Accept-Encoding, Cookie');
      if (request.headers['if-none-match'] === page.etag) {
        await reply.status(304).send();
        return true;
      }
      const encoding = negotiate(request.headers['accept-encoding'] ?? '', ENCODINGS);
      if (encoding) await reply.header('content-encoding', encoding).send(page[encoding]);
      else await reply.send(page.body);
      return true;
    },
  };
}

function toPage(
  template: string,
  { brand, html, links, state }: { brand: Brand; html: string; links: string; state: unknown },
): Page {
  // `<` escaped, so no text in the data (an item's name) can close the script element.
  const json = JSON.stringify(state).replace(/</g, '\\u003c');
  const body = template
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(brand.name)}</title>`)
    .replace('</head>', () => `${links}</head>`)
    // A function, so no `$&` in the page's text is read as a replacement pattern.
    .replace(
      ROOT,
      () =>
        `<div id="root">${html}</div><script id="${STATE_ID}" type="application/json">${json}</script>`,
    );
  const etag = `W/"${createHash('sha1').update(body).digest('base64url')}"`;
  return {
    body,
    br: brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    gzip: gzipSync(body, { level: 9 }),
    etag,
  };
}
