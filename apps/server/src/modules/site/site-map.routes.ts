import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SiteQuery, SiteText } from '@monitor/contract/site';
import type { Brand } from '@monitor/domain/shared/brands';
import { publicPagesOf, SIGNED_IN_PATH_PREFIXES } from '@monitor/domain/shared/site-pages';
import type { AppContext } from '../../context';
import { brandOf } from './brand-of';

// All brands share one origin, so a brand's own addresses are the public URL with its `tid` (as
// the e-mails' links are).
const brandUrl = (ctx: AppContext, brand: Brand, path: string) =>
  `${ctx.config.publicUrl}${path}?tid=${brand.tenantId}`;

/** robots.txt and sitemap.xml per brand (decision 069): answered by the server, never the page. */
export const siteMapRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/robots.txt',
    {
      schema: {
        tags: ['site'],
        summary: 'What crawlers may read, and where the brand’s sitemap is',
        querystring: SiteQuery,
        response: { 200: SiteText.describe('robots.txt, text/plain') },
      },
    },
    async (request, reply) => {
      const brand = brandOf(app.ctx, request.query.tid);
      const lines = [
        'User-agent: *',
        // The signed-in pages show nothing to a crawler but the sign-in form.
        ...SIGNED_IN_PATH_PREFIXES.map((prefix) => `Disallow: ${prefix}`),
        '',
        `Sitemap: ${brandUrl(app.ctx, brand, '/sitemap.xml')}`,
      ];
      return reply.type('text/plain; charset=utf-8').send(`${lines.join('\n')}\n`);
    },
  );

  app.get(
    '/sitemap.xml',
    {
      schema: {
        tags: ['site'],
        summary: 'The brand’s public pages, as a sitemap',
        querystring: SiteQuery,
        response: { 200: SiteText.describe('A sitemap, application/xml') },
      },
    },
    async (request, reply) => {
      const brand = brandOf(app.ctx, request.query.tid);
      // The URLs hold only the public URL, a path and `?tid=N`: nothing to escape but &, < and >.
      const urls = publicPagesOf(brand).map(
        (path) => `  <url><loc>${escapeXml(brandUrl(app.ctx, brand, path))}</loc></url>`,
      );
      const xml = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
        ...urls,
        '</urlset>',
      ];
      return reply.type('application/xml; charset=utf-8').send(`${xml.join('\n')}\n`);
    },
  );
};

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
