import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { EventKind } from './events';
import type { VirtualDevice } from './virtual-device';

/**
 * A small HTTP control for a running simulator, on 127.0.0.1 only: it changes the conditions in a
 * unit's place (a cooling failure, a power cut, a leak), which is how a demo or an end-to-end test
 * makes a real alarm happen without touching the server. The server never sees this port.
 *
 *   GET  /units                          → [{ serialNumber, imei }]
 *   POST /units/{serial or IMEI}/events  { "kind": "coolingFailure", "minutes": 30, "depth": 40 }
 */

const EVENT_KINDS: readonly EventKind[] = [
  'coolingFailure',
  'temperatureExcursion',
  'powerCut',
  'waterLeak',
  'motion',
];
const MAX_BODY_BYTES = 4096;
const MAX_MINUTES = 24 * 60;

type Answer = { status: number; body: unknown };
const fail = (status: number, code: string, message: string): Answer => ({
  status,
  body: { error: { code, message } },
});

async function readJson(request: IncomingMessage): Promise<unknown> {
  let text = '';
  for await (const chunk of request) {
    text += String(chunk);
    if (text.length > MAX_BODY_BYTES) throw new Error('body too large');
  }
  return JSON.parse(text) as unknown;
}

/** Checks an event body; a string says what is wrong with it. */
export function parseEventBody(
  body: unknown,
): { kind: EventKind; minutes: number; depth?: number } | string {
  if (typeof body !== 'object' || body === null) return 'The body must be a JSON object.';
  const { kind, minutes, depth } = body as Record<string, unknown>;
  if (!EVENT_KINDS.includes(kind as EventKind))
    return `kind must be one of ${EVENT_KINDS.join(', ')}.`;
  if (typeof minutes !== 'number' || !(minutes > 0 && minutes <= MAX_MINUTES)) {
    return `minutes must be a number above 0 and at most ${MAX_MINUTES}.`;
  }
  if (depth !== undefined && (typeof depth !== 'number' || !(Math.abs(depth) <= 200))) {
    return 'depth must be a number of °F between -200 and 200.';
  }
  return { kind: kind as EventKind, minutes, ...(depth !== undefined && { depth }) };
}

async function answer(request: IncomingMessage, devices: VirtualDevice[]): Promise<Answer> {
  const path = new URL(request.url ?? '/', 'http://localhost').pathname;
  if (request.method === 'GET' && path === '/units') {
    return {
      status: 200,
      body: devices.map(({ serialNumber, imei }) => ({ serialNumber, imei })),
    };
  }
  const match = /^\/units\/([^/]+)\/events$/.exec(path);
  if (request.method !== 'POST' || !match) return fail(404, 'not_found', 'No such control call.');
  const unitId = decodeURIComponent(match[1] ?? '');
  const device = devices.find((unit) => unit.serialNumber === unitId || unit.imei === unitId);
  if (!device) return fail(404, 'unit_not_found', `No simulated unit ${unitId}.`);
  let body: unknown;
  try {
    body = await readJson(request);
  } catch {
    return fail(400, 'invalid_json', 'The body must be JSON of at most 4 kB.');
  }
  const event = parseEventBody(body);
  if (typeof event === 'string') return fail(400, 'invalid_event', event);
  const { minutes, ...rest } = event;
  device.startEvent({ ...rest, durationMs: minutes * 60_000 });
  return { status: 202, body: { serialNumber: device.serialNumber, ...event } };
}

/** Listens on 127.0.0.1:port; resolves once listening. */
export async function startControlServer(port: number, devices: VirtualDevice[]): Promise<Server> {
  const server = createServer((request, response) => {
    void answer(request, devices).then(({ status, body }) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  return server;
}
