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

/** A web app manifest icon (W3C Web Application Manifest). */
const ManifestIcon = z.object({
  src: z.string(),
  sizes: z.string(),
  type: z.string(),
  purpose: z.enum(['any', 'maskable']),
});

/** GET /manifest.webmanifest: the installable app of one brand (issue #27, decision 084). */
export const WebManifest = z.object({
  id: z.string(),
  name: z.string(),
  short_name: z.string(),
  description: z.string(),
  start_url: z.string(),
  scope: z.string(),
  display: z.literal('standalone'),
  background_color: z.string(),
  theme_color: z.string(),
  icons: z.array(ManifestIcon),
});
export type WebManifest = z.infer<typeof WebManifest>;
