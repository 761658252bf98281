import type { TempPref } from '@monitor/domain/shared/temperature';

/**
 * What a history page is about: a unit, or one of its pucks (device-management §2 "History
 * screens"). `userDeviceId` is the caller's user device Id, `puckId` the puck's hex serial.
 */
export type HistoryTarget =
  { kind: 'device'; userDeviceId: number } | { kind: 'puck'; userDeviceId: number; puckId: string };

/** A period as every history call names it: unix seconds, the caller's unit, the device's zone. */
export type HistoryRequest = {
  target: HistoryTarget;
  /** The signed-in user, sent as the spec's calls send it. */
  userId: number;
  from: Date;
  to: Date;
  unit: TempPref;
  /** The device's GMT offset in hours (UserDevice.TimeZone). */
  timeZone: number;
};

/** A moment in a history query: whole unix seconds (device-management §7). */
export function toUnixSeconds(at: Date): number {
  return Math.floor(at.getTime() / 1000);
}

/** The query every history call shares. */
export function periodQuery(request: HistoryRequest) {
  return {
    from: toUnixSeconds(request.from),
    to: toUnixSeconds(request.to),
    tempPref: request.unit,
    timeZone: request.timeZone,
  };
}

/** One cache key part per target and period, so a new period starts from a clean slate. */
export function requestKey(request: HistoryRequest) {
  const { target } = request;
  return [
    target.kind,
    target.userDeviceId,
    target.kind === 'puck' ? target.puckId : null,
    toUnixSeconds(request.from),
    toUnixSeconds(request.to),
    request.unit,
    request.timeZone,
  ] as const;
}
