import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from './platform/config/logger';
import { createTestApp, type TestApp } from '../test/helpers/test-app';
import { createUser, signIn } from '../test/helpers/factories';

describe('GET /api/docs', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers an OpenAPI document generated from the contract, listing the spec paths', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(response.statusCode).toBe(200);
    const doc = response.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/LoginGateway.php',
        '/RegistrationGateway.php',
        '/api/users/{Id}',
        '/api/users/{userId}/password',
        '/api/users/{userId}/password/reset',
        '/api/authorization/impersonate/{userId}',
        '/api/authorization/passwordreset/initiate',
        '/api/authorization/logout',
        '/api/billingaddresses',
        '/api/billingaddresses/{id}',
        '/api/users/saveProductOrigin',
        '/api/outbox',
      ]),
    );
    expect(doc.paths['/api/users/{Id}'].put.requestBody).toBeDefined();
    // Who may call, its name and its errors (issue #22, decision 053).
    expect(doc.paths['/api/users/{Id}'].get).toMatchObject({
      operationId: 'getApiUsersById',
      security: [{ session: [] }],
      responses: {
        '4XX': {
          content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
        },
      },
    });
    expect(doc.paths['/api/staff/users'].get.security).toEqual([{ staffSession: [] }]);
    expect(doc.paths['/device-api/v1/reports'].post.security).toEqual([{ deviceBasic: [] }]);
    expect(doc.paths['/api/brands'].get.security).toEqual([{}, { session: [] }]);
    expect(Object.keys(doc.components.securitySchemes)).toEqual([
      'session',
      'staffSession',
      'deviceBasic',
      'signedLink',
    ]);
  });
});

describe('request logging', () => {
  let t: TestApp;
  const lines: string[] = [];
  beforeAll(async () => {
    const logger = createLogger('info', { write: (line: string) => void lines.push(line) });
    t = await createTestApp({ logger });
  });
  afterAll(() => t.close());

  it('never writes the access_token query value, only [redacted] (architecture: auth)', async () => {
    const user = await createUser(t.ctx);
    const token = await signIn(t.app, user);
    lines.length = 0;
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/users/${user.id}?access_token=${token}&other=1`,
    });
    expect(response.statusCode).toBe(200);
    const log = lines.join('');
    expect(log).toContain(`/api/users/${user.id}?access_token=[redacted]&other=1`);
    expect(log).not.toContain(token);
  });

  it('never writes the token however the key is escaped, nor on an address the router refuses', async () => {
    const user = await createUser(t.ctx);
    const token = await signIn(t.app, user);
    lines.length = 0;
    // Fastify decodes query keys: `access%5Ftoken` is read as the access token.
    const escaped = await t.app.inject({
      method: 'GET',
      url: `/api/users/${user.id}?access%5Ftoken=${token}`,
    });
    expect(escaped.statusCode).toBe(200);
    await t.app.inject({ method: 'GET', url: `/api/users/%E0%A4%A?access_token=${token}` });
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.join('')).not.toContain(token);
    expect(lines.join('')).toContain('access%5Ftoken=[redacted]');
  });

  it('never writes a file link’s signature: the link is the permission (decision 031)', async () => {
    await t.ctx.files.put('exports/log/a.csv', Buffer.from('a\n'), {
      contentType: 'text/csv',
      downloadName: 'a.csv',
    });
    const link = await t.ctx.files.signedLink(
      'exports/log/a.csv',
      { contentType: 'text/csv', downloadName: 'a.csv' },
      60,
    );
    const signature = new URL(link.url, 'http://localhost').searchParams.get('signature')!;
    lines.length = 0;
    const response = await t.app.inject({ method: 'GET', url: link.url });
    expect(response.statusCode).toBe(200);
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.join('')).toContain('signature=[redacted]');
    expect(lines.join('')).not.toContain(signature);
  });

  it('redacts every credential-shaped query value by rule, whatever its name, and keeps the rest (issue #22)', async () => {
    const offerToken = 'eyJ1IjoxMiwiZSI6MTc2NDAwMDAwMH0.c2lnbmF0dXJlLW9mLXRoZS1vZmZlcg';
    const key = 'a3f9c2e1b4d5a6f7e8d9c0b1a2f3e4d5c6b7a8f9e0d1c2b3a4f5e6d7c8b9a0f1';
    lines.length = 0;
    await t.app.inject({
      method: 'GET',
      url: `/api/verizonreplacement/12?token=${offerToken}&serial=AB12CD&imei=490154203237518&key=${key}&from=2026-11-01T00%3A00%3A00Z`,
    });
    const log = lines.join('');
    expect(log).not.toContain(offerToken);
    expect(log).not.toContain(key);
    expect(log).toContain('token=[redacted]&serial=AB12CD&imei=490154203237518&key=[redacted]');
    expect(log).toContain('from=2026-11-01T00%3A00%3A00Z');
  });

  it('never writes a bearer token either', async () => {
    const user = await createUser(t.ctx);
    const token = await signIn(t.app, user);
    lines.length = 0;
    await t.app.inject({
      method: 'GET',
      url: `/api/users/${user.id}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.join('')).not.toContain(token);
  });
});

describe('junk input', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp();
    token = await signIn(t.app, await createUser(t.ctx));
  });
  afterAll(() => t.close());

  const calls = [
    ['POST', '/LoginGateway.php'],
    ['POST', '/RegistrationGateway.php'],
    ['POST', '/api/users/saveProductOrigin'],
    ['PUT', '/api/users/1'],
    ['PUT', '/api/users/1/password'],
    ['POST', '/api/users/1/password/reset'],
    ['POST', '/api/authorization/passwordreset/initiate'],
    ['POST', '/api/billingaddresses'],
    ['PUT', '/api/billingaddresses/1'],
  ] as const;
  const bodies = ['"text"', '42', 'null', '[]', '{"a":', '{"__proto__":{"x":1}}', '\u0000'];

  it.each(calls)(
    'answers %s %s with a 4xx error body, never a 500, for bodies of the wrong shape',
    async (method, url) => {
      for (const payload of bodies) {
        const response = await t.app.inject({
          method,
          url,
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          payload,
        });
        expect(response.statusCode, `${payload}`).toBeGreaterThanOrEqual(400);
        expect(response.statusCode, `${payload}`).toBeLessThan(500);
        expect(response.json().error.code).toBe(response.statusCode);
      }
    },
  );
});

describe('the web app', () => {
  let t: TestApp;
  beforeAll(async () => {
    const webDist = mkdtempSync(join(tmpdir(), 'web-dist-'));
    mkdirSync(join(webDist, 'assets'));
    writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>app</title>');
    writeFileSync(join(webDist, 'assets', 'index-abc.js'), 'export {};');
    t = await createTestApp({ config: { webDist } });
  });
  afterAll(() => t.close());

  it('serves the page for any route the router owns, and built files as they are', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/devices/12?view=settings' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    const script = await t.app.inject({ method: 'GET', url: '/assets/index-abc.js' });
    expect(script.headers['content-type']).toContain('javascript');
  });

  it('answers 404 for a built file that is gone (a chunk of an older build), not the page', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/assets/device-detail-old.js' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ error: { code: 404 } });
  });
});
