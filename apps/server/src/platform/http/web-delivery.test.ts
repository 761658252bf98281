import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';

/** A built app as vite writes it: a hashed script with its .br and .gz twins (decision 069). */
function makeBuiltWeb(): { webDist: string; script: string } {
  const webDist = mkdtempSync(join(tmpdir(), 'web-dist-'));
  mkdirSync(join(webDist, 'assets'));
  writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>app</title>');
  const script = `export const words = ${JSON.stringify('monitor '.repeat(500))};\n`;
  const file = join(webDist, 'assets', 'index-abc123.js');
  writeFileSync(file, script);
  writeFileSync(`${file}.br`, brotliCompressSync(script));
  writeFileSync(`${file}.gz`, gzipSync(script));
  return { webDist, script };
}

describe('compressed and cached delivery (decision 069)', () => {
  let t: TestApp;
  let script: string;
  beforeAll(async () => {
    const built = makeBuiltWeb();
    script = built.script;
    t = await createTestApp({ config: { webDist: built.webDist } });
  });
  afterAll(() => t.close());

  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });

  it('sends the brotli twin of a built file to a browser that takes br, gzip to one that takes only gzip', async () => {
    const br = await get('/assets/index-abc123.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('Accept-Encoding');
    expect(br.headers['content-type']).toContain('javascript');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);

    const gzip = await get('/assets/index-abc123.js', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(script);
  });

  it('sends the file as it is when no encoding is accepted', async () => {
    const plain = await get('/assets/index-abc123.js', { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
    expect(plain.headers.vary).toContain('Accept-Encoding');
  });

  it('lets a browser keep a hashed asset a year without asking', async () => {
    const response = await get('/assets/index-abc123.js', { 'accept-encoding': 'br' });
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('has index.html revalidated by its ETag, answered 304 when unchanged, on / and the app routes', async () => {
    for (const url of ['/', '/index.html', '/about']) {
      const page = await get(url);
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['cache-control'], url).toBe('no-cache');
      const etag = String(page.headers.etag);
      expect(etag, url).toMatch(/^(W\/)?"/);
      const again = await get(url, { 'if-none-match': etag });
      expect(again.statusCode, url).toBe(304);
      expect(again.body, url).toBe('');
    }
  });

  it('answers HEAD of a built file with its headers and no body', async () => {
    const head = await t.app.inject({
      method: 'HEAD',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'br' },
    });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
  });

  it('compresses an API answer over 1 kB for a client that asks, and not one that does not', async () => {
    const brands = await get('/api/brands', { 'accept-encoding': 'gzip' });
    expect(brands.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(brands.rawPayload).toString())).toHaveProperty('brands');
    const plain = await get('/api/brands');
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    expect(plain.headers['content-encoding']).toBeUndefined();
    // Public data keeps the cache header it had (security-headers.ts): not marked no-store.
    expect(brands.headers['cache-control']).toBeUndefined();
  });

  it('sends an API answer under 1 kB as it is', async () => {
    const refused = await t.app.inject({
      method: 'POST',
      url: '/LoginGateway.php',
      headers: { 'accept-encoding': 'gzip, br' },
      payload: { username: 'nobody@example.com', password: 'wrong' },
    });
    expect(refused.rawPayload.length).toBeLessThan(1024);
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.headers['cache-control']).toBe('no-store');
  });
});
