import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';

/** A live socket opened through `app.injectWS`, with every message it received, in order. */
export type LiveClient = {
  socket: WebSocket;
  received: unknown[];
  /** The next message not yet taken (resolves at once when one is waiting). */
  next: () => Promise<unknown>;
  /** Resolves with the close code when the server closes the socket. */
  closed: Promise<number>;
};

/**
 * Opens `/live` (or `path`, e.g. `/live/alarms`) as the holder of `token`, in the query unless
 * `protocols` are given (the web app's way, decision 020); rejects with "Unexpected server
 * response: <status>".
 */
export async function openLive(
  app: FastifyInstance,
  {
    imei,
    token,
    path = '/live',
    protocols,
    onInit,
  }: {
    imei?: string;
    token?: string;
    path?: string;
    protocols?: string[];
    onInit?: (socket: WebSocket) => void;
  },
): Promise<LiveClient> {
  const query = new URLSearchParams({
    ...(imei && { imei }),
    ...(token && !protocols && { access_token: token }),
  });
  const received: unknown[] = [];
  const waiting: ((message: unknown) => void)[] = [];
  let taken = 0;
  let resolveClosed: (code: number) => void = () => undefined;
  const closed = new Promise<number>((resolve) => (resolveClosed = resolve));
  const socket = await app.injectWS(
    `${path}?${query.toString()}`,
    protocols ? { headers: { 'sec-websocket-protocol': protocols.join(', ') } } : {},
    {
      onInit: (ws) => {
        // Answer heartbeat pings as a browser does (injectWS's client does not on its own).
        ws.on('ping', (data: Buffer) => ws.pong(data));
        onInit?.(ws);
        ws.on('message', (data: Buffer) => {
          const message: unknown = JSON.parse(data.toString());
          received.push(message);
          const waiter = waiting.shift();
          if (waiter) {
            taken += 1;
            waiter(message);
          }
        });
        ws.on('close', (code: number) => resolveClosed(code));
      },
    },
  );
  return {
    socket,
    received,
    closed,
    next: () =>
      new Promise((resolve) => {
        if (taken < received.length) resolve(received[taken++]);
        else waiting.push(resolve);
      }),
  };
}
