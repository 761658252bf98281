import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import websocket from '@fastify/websocket';
import type { WebSocket } from 'ws';
import {
  LIVE_CLOSE_SESSION_ENDED,
  LIVE_PROTOCOL,
  LIVE_TOO_MANY_SOCKETS,
} from '@monitor/contract/live';
import { AppError } from '../errors';
import { findLiveSessionIds, type Session } from '../../modules/accounts/sessions.service';

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

type SocketOwner = Pick<Session, 'tokenId' | 'userId'>;

export type SocketSessions = {
  /** Keeps a socket under the heartbeat; it is closed when `session` ends. */
  track: (socket: WebSocket, session: SocketOwner) => void;
  /**
   * 429 in the error shape, before the upgrade, when the session or its user already holds as
   * many sockets in this process as the configuration allows (decision 021).
   */
  requireRoom: (session: SocketOwner) => void;
  /**
   * One heartbeat: a socket that did not answer the last ping is dropped (a vanished peer leaves
   * no TCP close behind), the others are pinged; a socket whose session has ended (expired,
   * signed out, password changed, on any process) is closed with 4401 so the client signs in again.
   */
  sweep: () => Promise<void>;
  count: () => number;
};

function createSocketSessions(app: FastifyInstance): SocketSessions {
  const tracked = new Map<WebSocket, { tokenId: number; userId: number; isAlive: boolean }>();
  let isSweeping = false;
  const countWhere = (matches: (entry: { tokenId: number; userId: number }) => boolean) => {
    let count = 0;
    for (const entry of tracked.values()) if (matches(entry)) count += 1;
    return count;
  };
  return {
    requireRoom: ({ tokenId, userId }) => {
      const { perSession, perUser } = app.ctx.config.liveMaxSockets;
      if (
        countWhere((entry) => entry.tokenId === tokenId) >= perSession ||
        countWhere((entry) => entry.userId === userId) >= perUser
      )
        throw new AppError(429, LIVE_TOO_MANY_SOCKETS);
    },
    track: (socket, { tokenId, userId }) => {
      const entry = { tokenId, userId, isAlive: true };
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
        // Only the sockets asked about are judged: one opened while the sessions are looked up
        // has just been authenticated, and its token is not in `live`.
        const asked = [...tracked];
        const tokenIds = new Set(asked.map(([, entry]) => entry.tokenId));
        const live = await findLiveSessionIds(app.ctx, [...tokenIds]);
        for (const [socket, entry] of asked) {
          if (live.has(entry.tokenId) || !tracked.has(socket)) continue;
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
 * The subprotocol the server answers with: `monitor-live` when offered, never the token
 * (ws would otherwise echo the first one offered).
 */
function selectProtocol(protocols: Set<string>): string | false {
  return protocols.has(LIVE_PROTOCOL) ? LIVE_PROTOCOL : false;
}

/**
 * WebSockets (@fastify/websocket): routes declare `websocket: true` or a `wsHandler`; the upgrade
 * passes through the ordinary hooks first, so the authenticated scope refuses it with a normal error answer. Open
 * sockets are closed when the app closes (the plugin's preClose).
 */
export const websocketPlugin = fp(async (app: FastifyInstance) => {
  await app.register(websocket, {
    options: {
      maxPayload: MAX_CLIENT_MESSAGE_BYTES,
      handleProtocols: selectProtocol,
      // Readings are small and many: deflate per message would cost memory per socket and CPU per
      // push for little (decision 069). ws's default already, said here so it stays off.
      perMessageDeflate: false,
    },
  });
  const sockets = createSocketSessions(app);
  app.decorate('sockets', sockets);
  const heartbeat = setInterval(() => {
    sockets.sweep().catch((error: unknown) => app.log.warn({ err: error }, 'socket sweep failed'));
  }, HEARTBEAT_MS);
  heartbeat.unref();
  app.addHook('onClose', async () => clearInterval(heartbeat));
});
