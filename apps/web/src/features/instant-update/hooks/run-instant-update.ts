import {
  assessInstantUpdateCheck,
  INSTANT_UPDATE_FIRST_WAIT_MS,
  INSTANT_UPDATE_MAX_CHECKS,
  INSTANT_UPDATE_POLL_MS,
  type InstantUpdateCommand,
} from '@monitor/domain/devices/instant-update';
import { DEVICE_MANAGEMENT_MESSAGES } from '@monitor/domain/shared/device-messages';
import { errorMessageFor } from '../../../lib/api-client';
import { decrementInstantUpdate } from '../api/decrement-instant-update';
import { getLastUpdatedTime } from '../api/get-last-updated-time';
import { sendText } from '../../../entities/device/api/send-text';

/** Where the flow stands, for the progress dialog. `checksDone` counts reads of the report time. */
export type InstantUpdateProgress =
  | { phase: 'sending' }
  | { phase: 'waiting'; checksDone: number }
  | { phase: 'checking'; checksDone: number };

export type InstantUpdateOutcome =
  /** `remaining`: instant updates left after this one, when the count was updated. */
  | { result: 'succeeded'; remaining: number | null }
  | { result: 'failed' }
  | { result: 'sendError'; message: string };

export type RunInstantUpdateArgs = {
  userId: number;
  userDeviceId: number;
  /** The unit's IMEI (UserDevice.DeviceId). */
  imei: string;
  command: InstantUpdateCommand;
  /** The last report time the page knows (epoch ms), used when the fresh read fails. */
  knownReportTime: number | null;
  onProgress: (progress: InstantUpdateProgress) => void;
  signal: AbortSignal;
};

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(signal.reason as Error);
      return;
    }
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    function onAbort() {
      clearTimeout(timer);
      reject(signal.reason as Error);
    }
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

async function readReportTime(imei: string, signal: AbortSignal): Promise<number | null> {
  try {
    return await getLastUpdatedTime(imei, { signal });
  } catch (error) {
    if (signal.aborted) throw error;
    return null; // a failed read counts as "no new report yet"; the next check tries again
  }
}

/**
 * The instant-update flow (device-management §4): send RPT (or DOG for a pet monitor), wait 10 s,
 * read the last report time; a changed time spends one instant update (decrement) and succeeds,
 * otherwise read again every 10 s up to 9 checks, then fail. A refused or failed send ends the flow
 * with the server's message, or 'An error occurred sending text' for a 500. Rejects only when
 * aborted (the dialog was closed).
 */
export async function runInstantUpdate({
  userId,
  userDeviceId,
  imei,
  command,
  knownReportTime,
  onProgress,
  signal,
}: RunInstantUpdateArgs): Promise<InstantUpdateOutcome> {
  onProgress({ phase: 'sending' });
  // The time before sending is what a new report must differ from.
  const reportTimeBefore = (await readReportTime(imei, signal)) ?? knownReportTime;
  try {
    await sendText({ userDeviceId, command, signal });
  } catch (error) {
    if (signal.aborted) throw error;
    return {
      result: 'sendError',
      message: errorMessageFor(error, DEVICE_MANAGEMENT_MESSAGES.sendTextFailed),
    };
  }

  for (let checksDone = 0; checksDone < INSTANT_UPDATE_MAX_CHECKS;) {
    onProgress({ phase: 'waiting', checksDone });
    await sleep(checksDone === 0 ? INSTANT_UPDATE_FIRST_WAIT_MS : INSTANT_UPDATE_POLL_MS, signal);
    onProgress({ phase: 'checking', checksDone });
    const reportTimeNow = await readReportTime(imei, signal);
    checksDone += 1;
    const outcome = assessInstantUpdateCheck({ reportTimeBefore, reportTimeNow, checksDone });
    if (outcome === 'succeeded') {
      try {
        const left = await decrementInstantUpdate({ userId, userDeviceId });
        return { result: 'succeeded', remaining: left.InstantUpdates };
      } catch {
        // The report arrived; a failed count update does not undo it (§8 lists no message for it).
        return { result: 'succeeded', remaining: null };
      }
    }
    if (outcome === 'failed') return { result: 'failed' };
  }
  return { result: 'failed' };
}
