import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';

const PDF = { contentType: 'application/pdf', downloadName: 'NIST-AB12CD-20261122.pdf' };

describe('GET /api/files: a stored file behind a signed link (decision 031)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await t.ctx.files.put(
      'certificates/NIST-AB12CD-20261122.pdf',
      Readable.from(['%PDF-1.7 x']),
      PDF,
    );
  });
  afterAll(() => t.close());

  const get = (url: string) => t.app.inject({ method: 'GET', url, remoteAddress: '203.0.113.9' });
  const link = async (key = 'certificates/NIST-AB12CD-20261122.pdf', ttl = 300) =>
    (await t.ctx.files.signedLink(key, PDF, ttl)).url;

  it('streams the file to anyone holding the link, as an attachment no cache keeps', async () => {
    const response = await get(await link());
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('%PDF-1.7 x');
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="NIST-AB12CD-20261122.pdf"; filename*=UTF-8''NIST-AB12CD-20261122.pdf`,
    );
    expect(response.headers['content-length']).toBe('10');
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('refuses an expired link with 403 in the error shape', async () => {
    const url = await link(undefined, 60);
    t.advanceTime(61_000);
    const response = await get(url);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      error: {
        code: 403,
        message: 'This download link has expired. Please download the file again.',
      },
    });
  });

  it('refuses a tampered link: another file, a later expiry, another name or type', async () => {
    await t.ctx.files.put('exports/9/other.csv', Buffer.from('secret,rows'), PDF);
    const url = await link();
    const expires = Number(new URL(url, 'http://x').searchParams.get('expires'));
    for (const tampered of [
      url.replace('certificates%2FNIST-AB12CD-20261122.pdf', 'exports%2F9%2Fother.csv'),
      url.replace(`expires=${expires}`, `expires=${expires + 86_400}`),
      url.replace('name=NIST', 'name=Copy'),
      url.replace('type=application%2Fpdf', 'type=text%2Fhtml'),
      url.replace(/signature=[^&]+/, 'signature=AAAA'),
    ]) {
      expect(tampered).not.toBe(url);
      const response = await get(tampered);
      expect(response.statusCode, tampered).toBe(403);
      expect(response.json()).toEqual({
        error: { code: 403, message: 'This download link is not valid.' },
      });
    }
  });

  it('refuses path traversal in the key, signed or not', async () => {
    const url = await link();
    const withKey = (key: string) => {
      const parsed = new URL(url, 'http://localhost');
      parsed.searchParams.set('key', key);
      return parsed.pathname + parsed.search;
    };
    for (const key of ['../../../../etc/passwd', '/etc/passwd', '.link-secret', 'a/../../x']) {
      const response = await get(withKey(key));
      expect(response.statusCode, key).toBe(403);
      expect(response.json()).toEqual({
        error: { code: 403, message: 'This download link is not valid.' },
      });
    }
    // Even a correctly signed traversal is refused: the storage never signs one.
    await expect(t.ctx.files.signedLink('../secret', PDF, 60)).rejects.toThrow('Invalid file key');
  });

  it('answers 400 naming the missing part of a link, 404 for a file since removed', async () => {
    const response = await get('/api/files?key=certificates%2FNIST-AB12CD-20261122.pdf&expires=1');
    expect(response.statusCode).toBe(400);
    expect(response.json<{ error: { message: string } }>().error.message).toMatch(/name/);
    const gone = await get(await link('exports/9/never-written.csv'));
    expect(gone.statusCode).toBe(404);
  });
});
