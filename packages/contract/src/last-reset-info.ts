import { z } from 'zod';

/**
 * GET /api/reportlog/getLastResetInfo/?imei (device-management §7). The spec names the call and
 * not its body; we read "reset" as the unit's request timer, LastRequestedTime, which a pet
 * monitor request (DOG) sets and the Device OFF reset clears (device-management §4), and answer
 * it with what follows from it (SPEC-NOTES.md, docs/device-calls.md).
 */
export const LastResetInfo = z.object({
  IMEI: z.string(),
  /** Epoch seconds of the last request, null when never made or reset since. */
  LastRequestedTime: z.number().nullable(),
  /** Device OFF (Mute). */
  Mute: z.boolean(),
  /** A request is on record while the unit is Device OFF: resetLastRequestedTime would clear it. */
  ResetDue: z.boolean(),
  PetMonitor: z.boolean(),
  /** Pet monitor mode is on: requested under 360 minutes ago and not muted. */
  PetMonitorActive: z.boolean(),
  /** Whole hours left in the pet monitor window; 0 when the mode is off. */
  HoursRemaining: z.number().int(),
  /** When the current 20-minute reporting cycle ends; null when the mode is off. */
  NextCycleAt: z.string().nullable(),
});
