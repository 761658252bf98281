import { z } from 'zod';

/** The brand of GET /robots.txt and GET /sitemap.xml: the site's startup parameter (decision 069). */
export const SiteQuery = z.object({
  tid: z
    .string()
    .optional()
    .describe('The brand (tenant 1-6), as the site’s startup parameter; else the default brand.'),
});

/** robots.txt (text/plain) or sitemap.xml (application/xml): text, not JSON. */
export const SiteText = z.string();
