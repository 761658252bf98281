import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app';

/**
 * What the router and Node's HTTP parser refuse never reaches a route, and `inject` skips the
 * parser, so these go over a real socket as raw HTTP.
 */
describe('errors refused before any route (real socket)', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(() => t.close());

  /** Sends raw request bytes and answers the status and the parsed JSON body. */
  const raw = (request: string) =>
    new Promise<{ status: number; contentType: string; body: unknown }>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1');
      const chunks: Buffer[] = [];
      socket.on('data', (chunk) => chunks.push(chunk));
      socket.on('error', reject);
      socket.on('close', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        const [head = '', body = ''] = text.split('\r\n\r\n');
        try {
          resolve({
            status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1]),
            contentType: /content-type: ([^\r\n]+)/i.exec(head)?.[1] ?? '',
            body: JSON.parse(body),
          });
        } catch {
          reject(new Error(`not JSON: ${text}`));
        }
      });
      socket.end(request);
    });

  const expectShape = (answer: { status: number; contentType: string; body: unknown }) => {
    expect(answer.contentType).toContain('application/json');
    expect(answer.body).toEqual({
      error: { code: answer.status, message: expect.stringMatching(/\w/) },
    });
  };

  it('answers headers too large with 431 in the error shape', async () => {
    const answer = await raw(
      `GET /api/brands HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\nConnection: close\r\n\r\n`,
    );
    expect(answer.status).toBe(431);
    expectShape(answer);
  });

  it('answers an over-long path parameter with 414 in the error shape', async () => {
    const answer = await raw(
      `GET /api/users/${'9'.repeat(300)} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`,
    );
    expect(answer.status).toBe(414);
    expectShape(answer);
  });

  it('answers an undecodable address with 400 in the error shape', async () => {
    const answer = await raw(
      `GET /api/users/%E0%A4%A HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`,
    );
    expect(answer.status).toBe(400);
    expectShape(answer);
  });

  it('answers an unknown method with 400 in the error shape', async () => {
    const answer = await raw(`FROB /api/brands HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
    expect(answer.status).toBe(400);
    expectShape(answer);
  });

  it('answers a method no call takes with 404 in the error shape', async () => {
    const answer = await raw(
      `PROPFIND /api/brands HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`,
    );
    expect(answer.status).toBe(404);
    expectShape(answer);
  });

  it('answers broken HTTP with 400 in the error shape', async () => {
    const answer = await raw(`GET /api/brands HTTP/1.1\r\nHost x\r\n\r\n`);
    expect(answer.status).toBe(400);
    expectShape(answer);
  });
});
