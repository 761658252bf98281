/**
 * The hook after ingest (issue #4): once a batch of reports is committed, every listener in
 * `ctx.onReportsStored` is called with what was newly stored. Alarm evaluation and the live
 * channel are its listeners, registered in one place (create-context.ts); ingest knows neither.
 * This file imports nothing of the app, so the context can name its listeners without a circle.
 */

export type StoredPeripheralReading = {
  peripheralId: number;
  /** The puck's hex serial, as the unit sent it (upper case). */
  serial: string;
  temperature: number | null;
  humidity: number | null;
  water: number | null;
  batteryLevel: number | null;
};

export type StoredReport = {
  reportTimestamp: Date;
  temperature: number | null;
  humidity: number | null;
  power: number | null;
  signalStrength: number | null;
  water: number | null;
  motion: number | null;
  /** The puck readings of this report that were newly stored. */
  peripherals: StoredPeripheralReading[];
};

export type ReportsStored = {
  device: { id: number; imei: string; serialNumber: string; deviceType: number };
  /**
   * The readings newly stored by this call, oldest first; duplicates (already stored) are left
   * out, so a unit resending a batch raises nothing twice. Empty for a poll.
   */
  reports: StoredReport[];
  receivedAt: Date;
};

/**
 * A listener runs after the commit, so the reports are durable whatever it does. It is awaited
 * before the unit gets its answer (back-pressure on a unit that sends faster than alarms are
 * evaluated); a listener that throws is logged and does not fail the call or stop the others.
 */
export type ReportsStoredListener<Context> = (ctx: Context, stored: ReportsStored) => Promise<void>;

/** Calls every listener in order; `onError` hears each failure. */
export async function notifyReportsStored<
  Context extends { onReportsStored: readonly ReportsStoredListener<Context>[] },
>(ctx: Context, stored: ReportsStored, onError: (error: unknown) => void): Promise<void> {
  for (const listener of ctx.onReportsStored) {
    try {
      await listener(ctx, stored);
    } catch (error) {
      onError(error);
    }
  }
}
