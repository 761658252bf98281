import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';

describe('GET /manifest.webmanifest: the installable app of a brand (issue #27, decision 084)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers the brand of the tid parameter, else the remembered tid cookie, opening on /devices', async () => {
    const byParam = await t.app.inject({ method: 'GET', url: '/manifest.webmanifest?tid=4' });
    expect(byParam.statusCode).toBe(200);
    expect(byParam.headers['content-type']).toBe('application/manifest+json; charset=utf-8');
    expect(byParam.json()).toMatchObject({
      name: 'GreenGuard',
      short_name: 'GreenGuard',
      start_url: '/devices?tid=4',
      display: 'standalone',
    });
    const byCookie = await t.app.inject({
      method: 'GET',
      url: '/manifest.webmanifest',
      headers: { cookie: 'tid=5; source=browser' },
    });
    expect(byCookie.json()).toMatchObject({ name: 'FleetTemp', start_url: '/devices?tid=5' });
  });

  it('names icons of the sizes Android asks for, one of them maskable', async () => {
    const { icons } = (await t.app.inject({ method: 'GET', url: '/manifest.webmanifest' })).json<{
      icons: { sizes: string; purpose: string }[];
    }>();
    expect(icons.map((i) => `${i.sizes} ${i.purpose}`)).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ]);
  });
});
