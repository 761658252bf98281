import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';

const PUBLIC_URL = 'https://monitor.example';

/** The <loc> entries of a sitemap, after checking it is the sitemap protocol's one urlset. */
function locsOf(xml: string): string[] {
  expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n')).toBe(true);
  const body =
    /<urlset xmlns="http:\/\/www\.sitemaps\.org\/schemas\/sitemap\/0\.9">\n([\s\S]*)<\/urlset>\n$/.exec(
      xml,
    );
  expect(body).not.toBeNull();
  const lines = (body?.[1] ?? '').split('\n').filter(Boolean);
  return lines.map((line) => {
    const loc = /^ {2}<url><loc>([^<&]+)<\/loc><\/url>$/.exec(line);
    expect(loc, line).not.toBeNull();
    return loc?.[1] ?? '';
  });
}

describe('robots.txt and sitemap.xml per brand (decision 069)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { publicUrl: PUBLIC_URL, defaultTenantId: 2 } });
  });
  afterAll(() => t.close());

  it('answers robots.txt as text naming the brand’s sitemap and disallowing the signed-in pages', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/robots.txt?tid=3' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    const lines = response.body.split('\n');
    expect(lines[0]).toBe('User-agent: *');
    for (const path of ['/account', '/devices', '/multi-unit-registration', '/staff'])
      expect(lines).toContain(`Disallow: ${path}`);
    expect(lines).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml?tid=3`);
    expect(lines.filter((line) => line.startsWith('Disallow: /') && line.length > 11)).toHaveLength(
      6,
    );
  });

  it('names the default brand’s sitemap when no brand, or no valid one, is asked', async () => {
    for (const url of ['/robots.txt', '/robots.txt?tid=9']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.body, url).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml?tid=2\n`);
    }
  });

  it('lists each brand’s own public pages on its own addresses, the store only where it has one here', async () => {
    const cellWatch = await t.app.inject({ method: 'GET', url: '/sitemap.xml?tid=2' });
    expect(cellWatch.statusCode).toBe(200);
    expect(cellWatch.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(locsOf(cellWatch.body)).toEqual(
      [
        '/',
        '/about',
        '/faqs',
        '/guarantee',
        '/returns',
        '/privacy-policy',
        '/documentation',
        '/support',
        '/contact',
        '/store',
        '/login',
      ].map((path) => `${PUBLIC_URL}${path}?tid=2`),
    );
    // MarCell's store is an outside shop (store-and-public-site §1): not one of its pages here.
    const marCell = locsOf((await t.app.inject({ method: 'GET', url: '/sitemap.xml?tid=1' })).body);
    expect(marCell).toContain(`${PUBLIC_URL}/faqs?tid=1`);
    expect(marCell).not.toContain(`${PUBLIC_URL}/store?tid=1`);
    expect(marCell.every((loc) => loc.endsWith('?tid=1'))).toBe(true);
  });
});
