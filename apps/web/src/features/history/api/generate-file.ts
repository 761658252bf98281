import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { GeneratedFile } from '@monitor/contract/history';
import { apiRequest } from '../../../lib/api-client';
import { periodQuery, type HistoryRequest } from '../lib/history-target';

export type GeneratedFileAnswer = z.infer<typeof GeneratedFile>;

export type GenerateFileInput = HistoryRequest & {
  /** The table's alarms-only filter: the file keeps only rows in alarm too. */
  isAlarmsOnly: boolean;
  /** NIST units' files carry their calibration columns. */
  isNistDevice: boolean;
  /** The unit's serial, which names a puck's file (device-management §7 "Puck file"). */
  serial: string;
};

const HOUR_SECONDS = 3600;

/**
 * POST /api/reportlog/devices/{deviceId}/generatefile, or for a puck POST
 * /api/reportlog/generatespuckfile (device-management §7): the server writes the CSV and answers
 * a short-lived link to it. `offset` is the device's zone in seconds east of GMT.
 */
export function generateFile(input: GenerateFileInput): Promise<GeneratedFileAnswer> {
  const { target } = input;
  const period = periodQuery(input);
  const common = {
    ...period,
    offset: input.timeZone * HOUR_SECONDS,
    alarmClicked: input.isAlarmsOnly,
  };
  const body = { from: period.from, to: period.to };
  if (target.kind === 'device') {
    return apiRequest<GeneratedFileAnswer>(
      `/api/reportlog/devices/${target.userDeviceId}/generatefile`,
      { method: 'POST', query: { ...common, nistDevice: input.isNistDevice }, body },
    );
  }
  return apiRequest<GeneratedFileAnswer>('/api/reportlog/generatespuckfile', {
    method: 'POST',
    query: { ...common, serial: input.serial, peripheralId: target.puckId },
    body,
  });
}

export function useGenerateFileMutation() {
  return useMutation({ mutationFn: generateFile });
}
