import { relative, sep } from 'node:path';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Built files whose names carry their content's hash: a new build gives them new names. */
const HASHED_DIR = 'assets';
/** Below this an answer is sent as it is: compressing it saves less than it costs (decision 069). */
export const COMPRESS_THRESHOLD_BYTES = 1024;
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Stored, but asked again (If-None-Match) before each use: a deploy shows at the next load. */
export const REVALIDATE = 'no-cache';

/**
 * Cache-Control of a built file: a hashed asset never changes under its name, so a browser keeps
 * it a year without asking; anything else (index.html, the favicon, the PDF guides) keeps its
 * name across deploys and is revalidated against its ETag. Every one may come in another encoding.
 */
function cacheHeadersFor(root: string) {
  return (response: { setHeader: (name: string, value: string) => unknown }, path: string) => {
    const isHashed = relative(root, path).split(sep)[0] === HASHED_DIR;
    response.setHeader('cache-control', isHashed ? IMMUTABLE : REVALIDATE);
    // @fastify/static 9 picks the .br or .gz twin by Accept-Encoding but does not say so: without
    // Vary a shared cache could hand the brotli body to a client that asked for none.
    response.setHeader('vary', 'Accept-Encoding');
  };
}

export type WebDeliveryOptions = { webDist: string | undefined };

/**
 * How answers go on the wire (decision 069). The built web app's files are compressed once, at
 * build time (apps/web/vite.config.ts writes .br and .gz beside each), and served by
 * Accept-Encoding with Vary; they are registered before the compressor, so it never compresses
 * them again per request. The API's answers over 1 kB are compressed on the fly; streams (the CSV
 * export) too, files that are compressed already (PDFs, images) not.
 */
export const webDeliveryPlugin = fp(
  async (app: FastifyInstance, { webDist }: WebDeliveryOptions) => {
    if (webDist !== undefined) {
      await app.register(fastifyStatic, {
        root: webDist,
        wildcard: false,
        // `/` is the home page, which the server renders (modules/site/public-pages.ts).
        index: false,
        preCompressed: true,
        cacheControl: false,
        setHeaders: cacheHeadersFor(webDist),
      });
    }
    await app.register(compress, {
      // Brotli at quality 4 (the plugin's default) is about as fast as gzip and smaller.
      encodings: ['br', 'gzip'],
      threshold: COMPRESS_THRESHOLD_BYTES,
    });
  },
  { name: 'web-delivery' },
);
