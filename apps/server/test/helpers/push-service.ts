import { createECDH, createPublicKey, randomBytes, verify, type ECDH } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import ece from 'http_ece';

/**
 * A push service on this machine, as FCM or Mozilla's autopush behave for what the server sends
 * (RFC 8030, 8291, 8292): it takes a message only with a valid VAPID JWT for its own origin, signed
 * by the key in the header and not expired, and only aes128gcm-encrypted with a TTL. Each browser
 * it knows has real keys, so the message is decrypted as the browser would. `answer` makes it
 * answer a status instead (410: the subscription ended).
 */
export type PushService = {
  origin: string;
  /** `host:port`, for PUSH_SERVICE_HOSTS. */
  host: string;
  /** A new browser subscribed here: its endpoint and keys, as `PushSubscription.toJSON()` gives them. */
  subscribe: () => Browser;
  /** Messages taken, decrypted, in order. */
  received: Received[];
  /** Requests refused, with why (a bad JWT, a wrong encoding). */
  refused: string[];
  /** The status to answer from now on instead of taking messages (404, 410, 500); null takes them. */
  answer: (status: number | null) => void;
  close: () => Promise<void>;
};

export type Browser = { Endpoint: string; Keys: { P256dh: string; Auth: string } };

export type Received = {
  endpoint: string;
  payload: unknown;
  ttl: number;
  urgency: string | null;
  topic: string | null;
  /** The VAPID JWT's claims and the key it was signed with. */
  vapid: { aud: string; sub: string; exp: number; publicKey: string };
};

type Subscriber = { ecdh: ECDH; auth: Buffer };

/** Listens on `port` (a journey's, which the server's PUSH_SERVICE_HOSTS names), else any free one. */
export async function startPushService({
  port: wanted = 0,
}: { port?: number } = {}): Promise<PushService> {
  const subscribers = new Map<string, Subscriber>();
  const received: Received[] = [];
  const refused: string[] = [];
  let status: number | null = null;
  let origin = '';

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const refuse = (why: string, code = 400) => {
        refused.push(why);
        response.writeHead(code).end(why);
      };
      if (status !== null) return void response.writeHead(status).end();
      const subscriber = subscribers.get(request.url ?? '');
      if (request.method !== 'POST' || !subscriber) return refuse('no such subscription', 404);
      const vapid = checkVapid(request.headers.authorization, origin);
      if (typeof vapid === 'string') return refuse(vapid, 403);
      if (request.headers['content-encoding'] !== 'aes128gcm')
        return refuse('content-encoding is not aes128gcm');
      const ttl = Number(request.headers.ttl);
      if (!Number.isInteger(ttl) || ttl < 0) return refuse('no TTL');
      let payload: unknown;
      try {
        const clear = ece.decrypt(Buffer.concat(chunks), {
          version: 'aes128gcm',
          privateKey: subscriber.ecdh,
          authSecret: subscriber.auth,
        });
        payload = JSON.parse(clear.toString('utf8'));
      } catch (error) {
        return refuse(`the payload does not decrypt: ${(error as Error).message}`);
      }
      received.push({
        endpoint: `${origin}${request.url}`,
        payload,
        ttl,
        urgency: (request.headers.urgency as string | undefined) ?? null,
        topic: (request.headers.topic as string | undefined) ?? null,
        vapid,
      });
      response.writeHead(201).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(wanted, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  origin = `http://127.0.0.1:${port}`;

  return {
    origin,
    host: `127.0.0.1:${port}`,
    received,
    refused,
    subscribe: () => {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      const path = `/push/${randomBytes(12).toString('base64url')}`;
      subscribers.set(path, { ecdh, auth });
      return {
        Endpoint: `${origin}${path}`,
        Keys: {
          P256dh: ecdh.getPublicKey().toString('base64url'),
          Auth: auth.toString('base64url'),
        },
      };
    },
    answer: (next) => {
      status = next;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/**
 * The claims of a valid `vapid t=<JWT>, k=<public key>` header (RFC 8292 §3): an ES256 JWT signed
 * by that key, for this origin, not expired nor more than 24 hours ahead, with a subject; why
 * not otherwise.
 */
function checkVapid(header: string | undefined, origin: string): Received['vapid'] | string {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(header ?? '');
  if (!match) return 'no VAPID authorization';
  const [jwt, publicKey] = [match[1]!, match[2]!];
  const [head, body, signature] = jwt.split('.') as [string, string, string];
  const point = Buffer.from(publicKey, 'base64url');
  if (point.length !== 65 || point[0] !== 4) return 'the VAPID key is not a P-256 point';
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33).toString('base64url'),
    },
    format: 'jwk',
  });
  const signed = verify(
    'sha256',
    Buffer.from(`${head}.${body}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!signed) return 'the VAPID JWT is not signed by its key';
  const header64 = JSON.parse(Buffer.from(head, 'base64url').toString('utf8')) as { alg?: string };
  if (header64.alg !== 'ES256') return 'the VAPID JWT is not ES256';
  const claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as {
    aud?: string;
    sub?: string;
    exp?: number;
  };
  const now = Date.now() / 1000;
  if (claims.aud !== origin) return `the VAPID JWT is for ${claims.aud}, not ${origin}`;
  if (!claims.exp || claims.exp <= now || claims.exp > now + 24 * 3600)
    return 'the VAPID JWT has expired or lives past 24 hours';
  if (!claims.sub || !/^(mailto:|https:)/.test(claims.sub)) return 'the VAPID JWT has no subject';
  return { aud: claims.aud, sub: claims.sub, exp: claims.exp, publicKey };
}
