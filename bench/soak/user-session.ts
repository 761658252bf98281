import { LIVE_CLOSE_SESSION_ENDED } from '@monitor/contract/live';
import type { UserDevice } from '@monitor/contract/user-devices';
import type { AlarmStates } from './alarm-states';
import { OWNER_PASSWORD, type SoakOwner } from './fleet';
import { openLiveSocket, type OpenSocket } from './live';
import type { LiveReadings } from './live-readings';
import type { Samples } from './samples';
import type { Api } from './user-api';

/**
 * A soak user's session as the web app holds it: signed in with the password, the device list
 * open with its `/live/alarms` socket, and a `/live` socket per unit for an owner of 1–9 units
 * (device-management §4; the list opens them once a reading is older than the refresh threshold,
 * the soak at once). A socket the server closes is opened again a second later, as the list does.
 */

export type UserContext = {
  url: string;
  api: Api;
  samples: Samples;
  liveReadings: LiveReadings;
  alarmStates: AlarmStates;
  thinkSeconds: number;
  run: string;
  isStopping: () => boolean;
};

/** The web app opens a unit's live socket only for an owner of 1 to 9 units (device-management §4). */
const LIVE_CHANNEL_MAX_UNITS = 9;

export type Session = {
  token: string;
  userId: number;
  sockets: OpenSocket[];
  timeZones: Map<number, number>;
  isOpen: boolean;
  /** The refetch an alarm state set off, if one is in flight: sign-out waits for it. */
  refreshing: Promise<void> | null;
};

export async function refreshList(ctx: UserContext, session: Session): Promise<void> {
  const devices = await ctx.api<UserDevice[]>(
    'device list',
    `/api/users/${session.userId}/devices`,
    { token: session.token },
  );
  for (const device of devices ?? []) session.timeZones.set(device.Id, device.TimeZone);
}

/** Opens one socket, and opens it again a second after the server or the network closes it. */
async function keepSocket(
  ctx: UserContext,
  session: Session,
  path: string,
  handlers: {
    onOpen: (since: number) => void;
    onClose: () => void;
    onMessage: (message: unknown, at: number) => void;
  },
): Promise<void> {
  if (!session.isOpen) return;
  try {
    const socket = await openLiveSocket(ctx.url, path, session.token, {
      onMessage: handlers.onMessage,
      onUnexpectedClose: (code) => {
        if (code === LIVE_CLOSE_SESSION_ENDED && session.isOpen) {
          // "Session ended": is it? The session's own call tells a real end from a wrong close.
          void ctx
            .api('session check', `/api/users/${session.userId}`, { token: session.token })
            .then((user) =>
              ctx.samples.error(
                `live socket closed by the server (${code}) ${user ? 'while its session was live' : 'as its session ended'}`,
              ),
            );
        } else {
          ctx.samples.error(`live socket closed by the server (${code})`);
        }
        handlers.onClose();
        session.sockets = session.sockets.filter((s) => s !== socket);
        setTimeout(() => void keepSocket(ctx, session, path, handlers), 1000);
      },
    });
    if (!session.isOpen) return socket.close();
    session.sockets.push(socket);
    handlers.onOpen(socket.since);
  } catch (error) {
    ctx.samples.error(`live socket refused (${(error as Error).message})`);
  }
}

async function openDeviceList(ctx: UserContext, owner: SoakOwner, session: Session) {
  await refreshList(ctx, session);
  await keepSocket(ctx, session, '/live/alarms', {
    onOpen: (since) => ctx.alarmStates.watch(owner.index, since),
    onClose: () => ctx.alarmStates.unwatch(owner.index),
    onMessage: (message, at) => {
      ctx.alarmStates.onMessage(owner.index, message, at);
      // The list refetches on every alarm state (use-live-alarm-states.ts), one at a time.
      if (session.refreshing || !session.isOpen) return;
      session.refreshing = refreshList(ctx, session).finally(() => (session.refreshing = null));
    },
  });
  if (owner.units.length > LIVE_CHANNEL_MAX_UNITS) return;
  await Promise.all(
    owner.units.map((unit) =>
      keepSocket(ctx, session, `/live?imei=${unit.IMEI}`, {
        onOpen: (since) => ctx.liveReadings.watch(unit.IMEI, since),
        onClose: () => ctx.liveReadings.unwatch(unit.IMEI),
        onMessage: (message, at) => ctx.liveReadings.onMessage(unit.IMEI, message, at),
      }),
    ),
  );
}

export async function signIn(ctx: UserContext, owner: SoakOwner): Promise<Session | null> {
  const user = await ctx.api<{ Id: number; AccessToken: string }>('sign-in', '/LoginGateway.php', {
    method: 'POST',
    body: { username: owner.email, password: OWNER_PASSWORD },
  });
  if (!user) return null;
  const session: Session = {
    token: user.AccessToken,
    userId: user.Id,
    sockets: [],
    timeZones: new Map(),
    isOpen: true,
    refreshing: null,
  };
  await openDeviceList(ctx, owner, session);
  return session;
}

export async function signOut(ctx: UserContext, owner: SoakOwner, session: Session): Promise<void> {
  session.isOpen = false;
  ctx.alarmStates.unwatch(owner.index);
  for (const unit of owner.units) ctx.liveReadings.unwatch(unit.IMEI);
  for (const socket of session.sockets) socket.close();
  // As a page does: what it asked before the user pressed sign-out is answered first.
  await session.refreshing;
  await ctx.api('sign-out', '/api/authorization/logout', { method: 'POST', token: session.token });
}
