import WebSocket from 'ws';
import { LIVE_PROTOCOL, LIVE_TOKEN_PROTOCOL_PREFIX } from '@monitor/contract/live';

/**
 * The live channel as the web app opens it (entities/device/api/live-socket.ts): a WebSocket on
 * `/live?imei=` or `/live/alarms`, the access token as a subprotocol (decision 020).
 */

export type OpenSocket = {
  /** When it opened (performance.now()). */
  since: number;
  /** Closes it as a page does; no unexpected-close report follows. */
  close: () => void;
};

export async function openLiveSocket(
  url: string,
  path: string,
  token: string,
  {
    onMessage,
    onUnexpectedClose,
  }: { onMessage: (data: unknown, at: number) => void; onUnexpectedClose: (code: number) => void },
): Promise<OpenSocket> {
  const socket = new WebSocket(`${url.replace(/^http/, 'ws')}${path}`, [
    LIVE_PROTOCOL,
    `${LIVE_TOKEN_PROTOCOL_PREFIX}${token}`,
  ]);
  let isClosedByUs = false;
  socket.on('message', (data: Buffer) => {
    const at = performance.now();
    try {
      onMessage(JSON.parse(data.toString()), at);
    } catch {
      onMessage(null, at);
    }
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('unexpected-response', (_request, response) =>
      reject(new Error(`HTTP ${response.statusCode}`)),
    );
    socket.once('error', reject);
  });
  const since = performance.now();
  socket.on('error', () => undefined);
  socket.on('close', (code) => {
    if (!isClosedByUs) onUnexpectedClose(code);
  });
  return {
    since,
    close: () => {
      isClosedByUs = true;
      socket.close();
    },
  };
}
