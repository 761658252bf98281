import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ReportTable } from '@monitor/contract/history';
import { apiRequest } from '../../../lib/api-client';
import { periodQuery, requestKey, type HistoryRequest } from '../lib/history-target';

export type ReportTableAnswer = z.infer<typeof ReportTable>;
export type ReportTableRow = ReportTableAnswer['rows'][number];

export type ReportTableRequest = HistoryRequest & {
  /** Only rows in alarm (device-management §2 "an alarms-only filter in the table"). */
  isAlarmsOnly: boolean;
};

/**
 * GET /api/reporttable/devices/{deviceId}, or for a puck GET /api/reporttable/queryspucktable
 * (device-management §7): 500 rows, newest first, and the cursor of the next 500.
 */
export function getReportTable(
  request: ReportTableRequest,
  cursor: string | null,
  { signal }: { signal?: AbortSignal } = {},
): Promise<ReportTableAnswer> {
  const { target } = request;
  const query = {
    ...periodQuery(request),
    alarmBool: request.isAlarmsOnly,
    cursor,
  };
  if (target.kind === 'device') {
    return apiRequest<ReportTableAnswer>(`/api/reporttable/devices/${target.userDeviceId}`, {
      query,
      signal,
    });
  }
  return apiRequest<ReportTableAnswer>('/api/reporttable/queryspucktable', {
    query: { ...query, peripheralId: target.puckId },
    signal,
  });
}

export const getReportTableQueryOptions = (request: ReportTableRequest) =>
  infiniteQueryOptions({
    queryKey: ['history', 'table', ...requestKey(request), request.isAlarmsOnly],
    queryFn: ({ pageParam, signal }) => getReportTable(request, pageParam, { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

/** The table's pages; "Load more" asks for the next 500 (device-management §4, §9). */
export function useReportTable(request: ReportTableRequest, { enabled = true } = {}) {
  return useInfiniteQuery({ ...getReportTableQueryOptions(request), enabled });
}
