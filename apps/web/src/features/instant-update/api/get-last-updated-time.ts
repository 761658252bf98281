import { apiRequest } from '../../../lib/api-client';

/**
 * GET /api/reportlog/lastUpdatedTime?imei: the time of the unit's newest report as epoch ms, null
 * before any report (device-management §4 "read the last report time", §7).
 */
export async function getLastUpdatedTime(
  imei: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<number | null> {
  const answer = await apiRequest<{ ReportTimestamp: string | null }>(
    '/api/reportlog/lastUpdatedTime',
    { query: { imei }, signal },
  );
  if (!answer.ReportTimestamp) return null;
  const time = Date.parse(answer.ReportTimestamp);
  return Number.isNaN(time) ? null : time;
}
