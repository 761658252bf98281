import { useMutation } from '@tanstack/react-query';
import type { DeviceCommandName } from '@monitor/contract/device-protocol';
import { apiRequest } from '../../../lib/api-client';

/** What the server answers a queued command: the message to show (RLY) or a bare acknowledgement. */
export type SendTextAnswer = { message?: string } | { ok: true };

export type SendTextInput = {
  /** The user device Id, not the IMEI. */
  userDeviceId: number;
  /** RPT asks the unit to report, RLY triggers the relay, UPD sends new ranges, DOG the pet cycle. */
  command: DeviceCommandName;
  signal?: AbortSignal;
};

/** POST /api/devices/{userDeviceId}/sendtext/{message}: queue RPT, RLY, UPD or DOG (device-management §7). */
export function sendText({
  userDeviceId,
  command,
  signal,
}: SendTextInput): Promise<SendTextAnswer> {
  return apiRequest<SendTextAnswer>(`/api/devices/${userDeviceId}/sendtext/${command}`, {
    method: 'POST',
    signal,
  });
}

/** The message the server answers a command with, or '' when it answered none. */
export function answerMessage(answer: SendTextAnswer | null | undefined): string {
  return answer && 'message' in answer ? (answer.message ?? '') : '';
}

export function useSendTextMutation() {
  return useMutation({ mutationFn: sendText });
}
