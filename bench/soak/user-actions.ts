import type { Notification } from '@monitor/contract/notifications';
import type { SoakOwner, SoakUnit } from './fleet';
import type { Session, UserContext } from './user-session';

/**
 * What a signed-in soak user does between pauses, each through the calls the web app makes for
 * it. The ranges moved keep every fault reading above the top (95 °F and more) and every normal
 * one (at most 81 °F) below it less the deadband, so the expected alarms do not depend on when a
 * change lands; the notifications changed are for water, which no fault raises.
 */

const DAY_S = 86_400;

export const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;

export async function openUnit(ctx: UserContext, session: Session, unit: SoakUnit): Promise<void> {
  const { token, userId } = session;
  await Promise.all([
    ctx.api('device', `/api/users/${userId}/devices/${unit.userDeviceId}`, { token }),
    ctx.api('notifications', '/api/notifications', {
      token,
      query: { device_id: unit.userDeviceId },
    }),
    ctx.api('alarm log', '/api/alarms', {
      token,
      query: { userDeviceId: unit.userDeviceId, page: 1, pageSize: 20 },
    }),
  ]);
}

export async function readHistory(
  ctx: UserContext,
  session: Session,
  unit: SoakUnit,
): Promise<void> {
  const [label, days] = pick([
    ['day', 1],
    ['day', 1],
    ['week', 7],
    ['month', 30],
  ] as const);
  const to = Math.floor(Date.now() / 1000);
  const period = {
    from: to - days * DAY_S,
    to,
    tempPref: 'F',
    timeZone: session.timeZones.get(unit.userDeviceId) ?? 0,
  };
  const { token, userId } = session;
  await ctx.api(`history graph (${label})`, `/api/reportsummary/devices/${unit.userDeviceId}`, {
    token,
    query: { userId, ...period },
  });
  await ctx.api(`history table (${label})`, `/api/reporttable/devices/${unit.userDeviceId}`, {
    token,
    query: { ...period, alarmBool: Math.random() < 0.3 },
  });
}

export async function moveRange(ctx: UserContext, session: Session, unit: SoakUnit): Promise<void> {
  await ctx.api('range change', `/api/alarmpoints/${unit.temperaturePointId}`, {
    method: 'PUT',
    token: session.token,
    body: { RangeMin: pick([38, 40]), RangeMax: pick([85, 88, 90]), TempPref: 'F' },
  });
}

/** Adds a water notification to a unit, or renames or removes the one it has (no fault raises water). */
export async function changeNotification(
  ctx: UserContext,
  owner: SoakOwner,
  session: Session,
  unit: SoakUnit,
): Promise<void> {
  const { token } = session;
  const list = await ctx.api<Notification[]>('notifications', '/api/notifications', {
    token,
    query: { device_id: unit.userDeviceId },
  });
  if (!list) return;
  const water = list.find((n) => n.AlarmType === 'WATER');
  const input = {
    DeviceId: unit.userDeviceId,
    AlarmType: 'WATER',
    MessageType: 'EMAIL',
    MessageAddress: `plumber-${ctx.run}-${owner.index + 1}@example.com`,
    Message: `Water at ${unit.name} (${Math.floor(Math.random() * 1000)})`,
  };
  if (!water) {
    await ctx.api('notification added', '/api/notifications', {
      method: 'POST',
      token,
      body: input,
    });
  } else if (Math.random() < 0.5) {
    await ctx.api('notification changed', `/api/notifications/${water.Id}`, {
      method: 'PUT',
      token,
      body: input,
    });
  } else {
    await ctx.api('notification removed', `/api/notifications/${water.Id}`, {
      method: 'DELETE',
      token,
    });
  }
}
