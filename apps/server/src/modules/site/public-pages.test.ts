import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';

/**
 * A built web app with a stand-in for its render bundle (apps/web/src/entry-prerender.tsx): it
 * writes what it was given, so each test sees which brand and data the server rendered with.
 */
function makeBuiltWeb(): { webDist: string; bundle: string } {
  const root = mkdtempSync(join(tmpdir(), 'web-build-'));
  const webDist = join(root, 'dist');
  mkdirSync(join(webDist, 'assets'), { recursive: true });
  mkdirSync(join(root, 'dist-prerender'));
  writeFileSync(
    join(webDist, 'index.html'),
    '<!doctype html><html><head><title>Remote Monitoring</title>' +
      '<link rel="stylesheet" crossorigin href="/assets/shell-1.css"></head>' +
      '<body><div id="root"></div><script type="module" src="/assets/main-1.js"></script></body></html>',
  );
  writeFileSync(join(webDist, 'assets', 'shell-1.css'), '.m_shell{color:red}');
  writeFileSync(join(webDist, 'assets', 'home-page-1.css'), '._hero_a1{color:blue}');
  writeFileSync(join(webDist, 'assets', 'history-1.css'), '._chart_b2{color:green}');
  const bundle = join(root, 'dist-prerender', 'entry-prerender.js');
  writeFileSync(
    bundle,
    `export const calls = [];
export async function renderPage(url, data) {
  calls.push(url);
  if (url === '/contact') throw new Error('the page broke');
  const brand = data.brands.brands.find((b) => b.tenantId === data.tenantId);
  const items = (data.activeItems ?? []).map((item) => '<li>' + item.StoreName + '</li>').join('');
  return {
    html: '<h1 class="_hero_a1 m_shell">' + url + ' of ' + brand.name + ' $& ' + '</h1><ul>' + items + '</ul>',
    state: { tenantId: data.tenantId, note: '</script><b>' },
  };
}
`,
  );
  return { webDist, bundle };
}

describe('public pages rendered by the server (issue #25, decision 071)', () => {
  let t: TestApp;
  let calls: string[];
  beforeAll(async () => {
    const built = makeBuiltWeb();
    t = await createTestApp({ config: { webDist: built.webDist, defaultTenantId: 3 } });
    ({ calls } = (await import(pathToFileURL(built.bundle).href)) as { calls: string[] });
  });
  beforeEach(() => calls.splice(0));
  afterAll(() => t.close());

  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });

  it('sends the home page with its text in the root element, the brand named in the title, before any script', async () => {
    const page = await get('/?tid=2');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.body).toContain(
      '<div id="root"><h1 class="_hero_a1 m_shell">/ of CellWatch $& </h1>',
    );
    expect(page.body).toContain('<title>CellWatch</title>');
    // The data it was rendered with, for hydration; no text in it can close the script element.
    expect(page.body).toContain(
      '<script id="prerendered-state" type="application/json">{"tenantId":2,"note":"\\u003c/script>\\u003cb>"}</script>',
    );
  });

  it('picks the brand as the page does at startup: tid, else the remembered tid cookie, else the default', async () => {
    expect((await get('/faqs?tid=4')).body).toContain('/faqs of GreenGuard');
    expect((await get('/faqs', { cookie: 'tid=4' })).body).toContain('/faqs of GreenGuard');
    expect((await get('/faqs?tid=2', { cookie: 'tid=4' })).body).toContain('/faqs of CellWatch');
    expect((await get('/faqs?tid=99', { cookie: 'tid=4' })).body).toContain('/faqs of GreenGuard');
    expect((await get('/faqs')).body).toContain('/faqs of HomeSentry');
  });

  it('renders the store with the items on sale, again when they change, and only then', async () => {
    const before = await get('/store?tid=2');
    expect(before.body).toContain('<li>Cellular Monitor</li>');
    await get('/store?tid=2');
    expect(calls).toEqual(['/store']);

    await t.ctx.db
      .updateTable('items')
      .set({ store_name: 'Cellular Monitor 2' })
      .where('store_name', '=', 'Cellular Monitor')
      .execute();
    const after = await get('/store?tid=2');
    expect(after.body).toContain('<li>Cellular Monitor 2</li>');
    expect(calls).toEqual(['/store', '/store']);
  });

  it('links the stylesheets the markup uses that index.html does not, and no other', async () => {
    const page = await get('/about?tid=2');
    expect(page.body).toContain(
      '<link rel="stylesheet" crossorigin href="/assets/home-page-1.css">',
    );
    expect(page.body).not.toContain('history-1.css');
    expect(page.body.match(/shell-1\.css/g)).toHaveLength(1);
  });

  it('sends it compressed once, revalidated by its ETag, varying by the brand cookie', async () => {
    const page = await get('/login?tid=2', { 'accept-encoding': 'gzip, br' });
    expect(page.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(page.rawPayload).toString()).toContain('/login of CellWatch');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.headers.vary).toBe('Accept-Encoding, Cookie');
    const again = await get('/login?tid=2', { 'if-none-match': String(page.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const head = await t.app.inject({ method: 'HEAD', url: '/login?tid=2' });
    // Answered as the GET is (Node's HTTP server sends no body for a HEAD).
    expect(head.statusCode).toBe(200);
    expect(head.headers.etag).toBe(page.headers.etag);
  });

  it.each([
    ['a signed-in page', '/devices'],
    ['a page with parameters it was not rendered for', '/store?section=accessories'],
    ['the store of a brand that sells through an outside shop', '/store?tid=1'],
  ])('sends the plain app page for %s', async (_, url) => {
    const page = await get(url);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<div id="root"></div>');
    expect(calls).toEqual([]);
  });

  it('sends the plain app page inside the native app, which has its own sign-in', async () => {
    const page = await get('/login', { cookie: 'source=mobileapp' });
    expect(page.body).toContain('<div id="root"></div>');
  });

  it('sends the plain app page when the render fails, and tries again on the next request', async () => {
    for (let i = 0; i < 2; i += 1) {
      const page = await get('/contact');
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('<div id="root"></div>');
    }
    expect(calls).toEqual(['/contact', '/contact']);
  });
});
