import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/**
 * The JavaScript a route needs, from Vite's build manifest (`build.manifest` in
 * apps/web/vite.config.ts): the entry chunk, everything it imports statically, and the lazy
 * chunks the route loads with their static imports. Lazy chunks of other routes are not counted.
 */
type ManifestChunk = { file: string; isEntry?: boolean; imports?: string[]; css?: string[] };
export type Manifest = Record<string, ManifestChunk>;

export function readManifest(distDir: string): Manifest {
  return JSON.parse(readFileSync(join(distDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
}

/** Manifest keys of the entry and of the given lazy modules, each with its static imports. */
export function chunksFor(manifest: Manifest, lazyModules: readonly string[]): Set<string> {
  const entry = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
  if (!entry) throw new Error('the build manifest names no entry');
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`the build manifest has no chunk ${key}`);
    seen.add(key);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(entry);
  for (const module of lazyModules) visit(module);
  return seen;
}

export type RouteSize = { files: number; rawBytes: number; gzipBytes: number };

/** Raw and gzip (level 9, as a static server would precompress) bytes of the chunks' JavaScript. */
export function measureChunks(distDir: string, manifest: Manifest, keys: Set<string>): RouteSize {
  let rawBytes = 0;
  let gzipBytes = 0;
  for (const key of keys) {
    const source = readFileSync(join(distDir, manifest[key]!.file));
    rawBytes += source.length;
    gzipBytes += gzipSync(source, { level: 9 }).length;
  }
  return { files: keys.size, rawBytes, gzipBytes };
}

/** The largest chunks of a set by gzip size, to say where the bytes are. */
export function heaviestChunks(
  distDir: string,
  manifest: Manifest,
  keys: Set<string>,
  count = 3,
): { file: string; gzipBytes: number }[] {
  return [...keys]
    .map((key) => {
      const file = manifest[key]!.file;
      return { file, gzipBytes: gzipSync(readFileSync(join(distDir, file)), { level: 9 }).length };
    })
    .sort((a, b) => b.gzipBytes - a.gzipBytes)
    .slice(0, count);
}
