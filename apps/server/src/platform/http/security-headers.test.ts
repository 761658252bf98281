import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';
import { bearer, createUser, signIn } from '../../../test/helpers/factories';
import { createDevice, deviceAuth } from '../../../test/helpers/devices';

/** The CSP header as a map of directive → sources. */
function parseCsp(header: string | string[] | number | undefined): Map<string, string[]> {
  const directives = String(header)
    .split(';')
    .map((part) => part.trim().split(/\s+/))
    .filter(([name]) => name);
  return new Map(directives.map(([name = '', ...sources]) => [name, sources]));
}

describe('security headers (decision 018)', () => {
  let t: TestApp;
  let token: string;
  let userId: number;
  beforeAll(async () => {
    const webDist = mkdtempSync(join(tmpdir(), 'web-dist-'));
    writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>app</title>');
    t = await createTestApp({ config: { webDist } });
    const user = await createUser(t.ctx);
    userId = user.id;
    token = await signIn(t.app, user);
  });
  afterAll(() => t.close());

  it('sends a Content-Security-Policy allowing this server only, inline styles, its own frames, and no framing', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/devices' });
    const csp = parseCsp(page.headers['content-security-policy']);
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
    expect(csp.get('connect-src')).toEqual(["'self'"]);
    // This server's frames, and the local payment processor's card fields on their own origin
    // (decisions 034, 038); scripts and calls stay with this server.
    expect(csp.get('frame-src')).toEqual(["'self'", t.ctx.config.cardFieldsOrigin]);
    expect(t.ctx.config.cardFieldsOrigin).not.toBe(new URL(t.ctx.config.publicUrl).origin);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
  });

  it('opens scripts, frames and calls to the configured extra origins (payment card fields)', async () => {
    const withPayments = await createTestApp({
      config: { cspExtraOrigins: ['https://js.payments.example'] },
    });
    try {
      const response = await withPayments.app.inject({ method: 'GET', url: '/api/brands' });
      const csp = parseCsp(response.headers['content-security-policy']);
      expect(csp.get('script-src')).toEqual(["'self'", 'https://js.payments.example']);
      expect(csp.get('frame-src')).toEqual([
        "'self'",
        withPayments.ctx.config.cardFieldsOrigin,
        'https://js.payments.example',
      ]);
      expect(csp.get('connect-src')).toEqual(["'self'", 'https://js.payments.example']);
    } finally {
      await withPayments.close();
    }
  });

  it('marks every answer to a request with a session no-store, in the header or the address', async () => {
    const viaHeader = await t.app.inject({
      method: 'GET',
      url: `/api/users/${userId}`,
      headers: bearer(token),
    });
    expect(viaHeader.headers['cache-control']).toBe('no-store');
    const viaQuery = await t.app.inject({
      method: 'GET',
      url: `/api/brands?access_token=${token}`,
    });
    expect(viaQuery.headers['cache-control']).toBe('no-store');
  });

  it('marks API answers no-store without a session too: sign-in, errors, the device protocol', async () => {
    const user = await createUser(t.ctx);
    const login = await t.app.inject({
      method: 'POST',
      url: '/LoginGateway.php',
      payload: { username: user.email_address, password: user.password },
    });
    expect(login.statusCode).toBe(200);
    expect(login.headers['cache-control']).toBe('no-store');
    const refused = await t.app.inject({ method: 'GET', url: `/api/users/${userId}` });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['cache-control']).toBe('no-store');
    const unit = await createDevice(t.ctx);
    const report = await t.app.inject({
      method: 'POST',
      url: '/device-api/v1/reports',
      headers: deviceAuth(unit),
      payload: { Reports: [] },
    });
    expect(report.statusCode).toBe(200);
    expect(report.headers['cache-control']).toBe('no-store');
  });

  it('lets a cache keep public data and the pages', async () => {
    const brands = await t.app.inject({ method: 'GET', url: '/api/brands' });
    expect(brands.headers['cache-control']).toBeUndefined();
    const page = await t.app.inject({ method: 'GET', url: '/devices' });
    expect(page.headers['cache-control']).not.toBe('no-store');
  });
});

describe('request body limits (decision 018)', () => {
  let t: TestApp;
  let token: string;
  let userId: number;
  beforeAll(async () => {
    t = await createTestApp();
    const user = await createUser(t.ctx);
    userId = user.id;
    token = await signIn(t.app, user);
  });
  afterAll(() => t.close());

  it('refuses a JSON call over 64 KiB with 413 in the error shape', async () => {
    const response = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${userId}`,
      headers: { ...bearer(token), 'content-type': 'application/json' },
      payload: JSON.stringify({ FirstName: 'x'.repeat(100_000) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ error: { code: 413, message: expect.stringMatching(/\w/) } });
  });

  it('takes a device-protocol batch well over 64 KiB', async () => {
    const unit = await createDevice(t.ctx);
    const start = Date.parse('2026-11-22T00:00:00Z');
    const Reports = Array.from({ length: 500 }, (_, i) => ({
      ReportTimestamp: new Date(start + i * 60_000).toISOString(),
      Temperature: 68.4,
      Humidity: 41.5,
      Power: 1,
      SignalStrength: 22,
      Water: 0,
      Motion: 0,
      FirmwareVersion: '10.6',
    }));
    const payload = JSON.stringify({ Reports });
    expect(payload.length).toBeGreaterThan(64 * 1024);
    const response = await t.app.inject({
      method: 'POST',
      url: '/device-api/v1/reports',
      headers: { ...deviceAuth(unit), 'content-type': 'application/json' },
      payload,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ Accepted: 500 });
  });
});
