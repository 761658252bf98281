import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ReportSummary } from '@monitor/contract/history';
import { apiRequest } from '../../../lib/api-client';
import { periodQuery, requestKey, type HistoryRequest } from '../lib/history-target';

export type ReportSummaryAnswer = z.infer<typeof ReportSummary>;

/**
 * GET /api/reportsummary/devices/{deviceId}, or for a puck GET /api/reportsummary/getspuckreport
 * (device-management §7): the period's series for the graph, the axis, statistics and alarm spells.
 */
export function getReportSummary(
  request: HistoryRequest,
  { signal }: { signal?: AbortSignal } = {},
): Promise<ReportSummaryAnswer> {
  const { target } = request;
  const query = { userId: request.userId, ...periodQuery(request) };
  if (target.kind === 'device') {
    return apiRequest<ReportSummaryAnswer>(`/api/reportsummary/devices/${target.userDeviceId}`, {
      query,
      signal,
    });
  }
  return apiRequest<ReportSummaryAnswer>('/api/reportsummary/getspuckreport', {
    query: { ...query, deviceId: target.userDeviceId, peripheralId: target.puckId },
    signal,
  });
}

/**
 * A period still under way gains readings; a past one rarely changes, but may: a unit that was
 * out of reach uploads its stored history when it reconnects.
 */
const LIVE_REFRESH_MS = 5 * 60_000;

export const getReportSummaryQueryOptions = (request: HistoryRequest, now: Date) =>
  queryOptions({
    queryKey: ['history', 'summary', ...requestKey(request)],
    queryFn: ({ signal }) => getReportSummary(request, { signal }),
    refetchInterval: request.to.getTime() > now.getTime() ? LIVE_REFRESH_MS : false,
    // The last graph stays while the next period loads, dimmed, rather than jumping to a skeleton.
    placeholderData: keepPreviousData,
    staleTime: request.to.getTime() <= now.getTime() ? LIVE_REFRESH_MS : 60_000,
  });

export function useReportSummary(request: HistoryRequest, now: Date) {
  return useQuery(getReportSummaryQueryOptions(request, now));
}
