import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { parse as parseCookies } from 'cookie';
import { SiteQuery, WebManifest } from '@monitor/contract/site';
import type { Brand } from '@monitor/domain/shared/brands';
import { brandOf } from './brand-of';

/** The brand colour of index.html's theme-color and the icons' gradient. */
const THEME_COLOR = '#0a50c5';

/**
 * The installable app of a brand (issue #27, decision 084): its name, the icons Android and iOS
 * ask for (apps/web/public/icons; iOS reads index.html's apple-touch-icon), and `/devices` as the
 * page it opens on, with the brand's `tid` so an installed app stays in its brand.
 */
export function webManifestOf(brand: Brand): WebManifest {
  const tid = `?tid=${brand.tenantId}`;
  return {
    id: `/devices${tid}`,
    name: brand.name,
    short_name: brand.name,
    description: `${brand.name}: your monitors' readings and alarms`,
    start_url: `/devices${tid}`,
    scope: '/',
    display: 'standalone',
    background_color: '#ffffff',
    theme_color: THEME_COLOR,
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  };
}

export const webManifestRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/manifest.webmanifest',
    {
      schema: {
        tags: ['site'],
        summary:
          'The brand’s installable app: name, icons, start page (the `tid` parameter, else the `tid` cookie, else the default brand)',
        querystring: SiteQuery,
        response: { 200: WebManifest },
      },
    },
    async (request, reply) => {
      // index.html asks with its cookies (crossorigin="use-credentials"): the remembered brand.
      const cookies = parseCookies(request.headers.cookie ?? '');
      const brand = brandOf(app.ctx, request.query.tid, cookies.tid);
      return reply
        .type('application/manifest+json; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(webManifestOf(brand));
    },
  );
};
