import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AlarmEventPage } from '@monitor/contract/alarms';
import { apiRequest } from '../../../lib/api-client';

/** Events shown per page of the log; the card's first page is the same call, so one cache. */
export const ALARM_LOG_PAGE_SIZE = 20;

export type AlarmEventsRef = { userDeviceId: number; page: number; pageSize?: number };

/** Every cached page of one unit's log: what an acknowledgement or an alarm_state refreshes. */
export const alarmEventsKey = (userDeviceId: number) => ['alarms', userDeviceId] as const;

/**
 * GET /api/alarms?userDeviceId=&page=&pageSize= (issue #23): one page of a unit's alarm events,
 * newest first, each with its deliveries, and the unit's snoozes in that page's span.
 */
export function getAlarmEvents(
  { userDeviceId, page, pageSize = ALARM_LOG_PAGE_SIZE }: AlarmEventsRef,
  { signal }: { signal?: AbortSignal } = {},
): Promise<AlarmEventPage> {
  return apiRequest<AlarmEventPage>('/api/alarms', {
    query: { userDeviceId, page, pageSize },
    signal,
  });
}

export const getAlarmEventsQueryOptions = (ref: AlarmEventsRef) =>
  queryOptions({
    queryKey: [...alarmEventsKey(ref.userDeviceId), ref.page, ref.pageSize ?? ALARM_LOG_PAGE_SIZE],
    queryFn: ({ signal }) => getAlarmEvents(ref, { signal }),
    // The page shown stays while the next one loads, dimmed, rather than the list vanishing.
    placeholderData: keepPreviousData,
  });

export function useAlarmEvents(ref: AlarmEventsRef) {
  return useQuery(getAlarmEventsQueryOptions(ref));
}
