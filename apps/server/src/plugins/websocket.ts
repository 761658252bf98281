import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import websocket from '@fastify/websocket';
import type { WebSocket } from 'ws';
import { LIVE_CLOSE_SESSION_ENDED } from '@monitor/contract/live';
import { findLiveTokenIds } from '../db/repositories/live-sessions.repository';
import type { Session } from '../services/sessions.service';

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- declaration merging needs an interface
  interface FastifyInstance {
    sockets: SocketSessions;
  }
}

/** How often every socket is pinged and its session checked (decision 012). */
export const HEARTBEAT_MS = 30_000;

/** Clients send nothing we read; a small cap keeps a misbehaving one cheap. */
const MAX_CLIENT_MESSAGE_BYTES = 4 * 1024;

export type SocketSessions = {
  /** Keeps a socket under the heartbeat; it is closed when `session` ends. */
  track: (socket: WebSocket, session: Pick<Session, 'tokenId'>) => void;
  /**
   * One heartbeat: a socket that did not answer the last ping is dropped (a vanished peer leaves
   * no TCP close behind), the others are pinged; a socket whose session has ended (expired,
   * signed out, password changed, on any process) is closed with 4401 so the client signs in again.
   */
  sweep: () => Promise<void>;
  count: () => number;
};

function createSocketSessions(app: FastifyInstance): SocketSessions {
  const tracked = new Map<WebSocket, { tokenId: number; isAlive: boolean }>();
  let isSweeping = false;
  return {
    track: (socket, { tokenId }) => {
      const entry = { tokenId, isAlive: true };
      tracked.set(socket, entry);
      socket.on('pong', () => {
        entry.isAlive = true;
      });
      socket.on('close', () => tracked.delete(socket));
    },
    sweep: async () => {
      if (isSweeping) return;
      isSweeping = true;
      try {
        for (const [socket, entry] of tracked) {
          if (!entry.isAlive || socket.readyState !== socket.OPEN) {
            socket.terminate();
            tracked.delete(socket);
            continue;
          }
          entry.isAlive = false;
          socket.ping();
        }
        const tokenIds = new Set([...tracked.values()].map((entry) => entry.tokenId));
        const live = await findLiveTokenIds(app.ctx.db, [...tokenIds], app.ctx.now());
        for (const [socket, entry] of tracked) {
          if (live.has(entry.tokenId)) continue;
          tracked.delete(socket);
          socket.close(LIVE_CLOSE_SESSION_ENDED, 'Session ended.');
        }
      } finally {
        isSweeping = false;
      }
    },
    count: () => tracked.size,
  };
}

/**
 * WebSockets (@fastify/websocket): routes declare `websocket: true` or a `wsHandler`; the upgrade
 * passes through the ordinary hooks first, so auth refuses it with a normal error answer. Open
 * sockets are closed when the app closes (the plugin's preClose).
 */
export const websocketPlugin = fp(async (app: FastifyInstance) => {
  await app.register(websocket, { options: { maxPayload: MAX_CLIENT_MESSAGE_BYTES } });
  const sockets = createSocketSessions(app);
  app.decorate('sockets', sockets);
  const heartbeat = setInterval(() => {
    sockets.sweep().catch((error: unknown) => app.log.warn({ err: error }, 'socket sweep failed'));
  }, HEARTBEAT_MS);
  heartbeat.unref();
  app.addHook('onClose', async () => clearInterval(heartbeat));
});
