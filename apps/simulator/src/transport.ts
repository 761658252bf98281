import { DEVICE_REPORTS_PATH } from '@monitor/contract/device-protocol';
import type { ReportAnswer, ReportCall } from './protocol';

/** What a unit needs to call the server: where, and its IMEI and device key. */
export type UnitCredentials = { url: string; imei: string; deviceKey: string };

/**
 * The result of one call. `isRetryable` tells a lost call (network, 5xx, 401 before the unit is
 * provisioned) from a batch the server refused as bad (400), which resending cannot fix.
 */
export type CallResult =
  { ok: true; answer: ReportAnswer } | { ok: false; isRetryable: boolean; reason: string };

export type Transport = (credentials: UnitCredentials, call: ReportCall) => Promise<CallResult>;

/** A call that has not answered in this long is treated as lost, and its reports resent. */
const CALL_TIMEOUT_MS = 15_000;

/** Sends one call of the device protocol over HTTP with Basic auth (docs/device-protocol.md). */
export const sendReportCall: Transport = async (credentials, call) => {
  const auth = Buffer.from(`${credentials.imei}:${credentials.deviceKey}`).toString('base64');
  try {
    const response = await fetch(new URL(DEVICE_REPORTS_PATH, credentials.url), {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Basic ${auth}` },
      body: JSON.stringify(call),
      signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
    });
    const text = await response.text();
    if (response.status !== 200) {
      return {
        ok: false,
        isRetryable: response.status !== 400,
        reason: `HTTP ${response.status} ${text.slice(0, 200)}`,
      };
    }
    const answer = JSON.parse(text) as Partial<ReportAnswer>;
    return {
      ok: true,
      answer: {
        Accepted: answer.Accepted ?? 0,
        Duplicates: answer.Duplicates ?? 0,
        // A server older than decision 055 refuses no reading for its date.
        Refused: answer.Refused ?? 0,
        RefusedReports: Array.isArray(answer.RefusedReports) ? answer.RefusedReports : [],
        Commands: Array.isArray(answer.Commands) ? answer.Commands : [],
      },
    };
  } catch (error) {
    return { ok: false, isRetryable: true, reason: (error as Error).message };
  }
};
