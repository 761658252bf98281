import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AlarmLinkView } from '@monitor/contract/alarms';
import { apiRequest } from '../../../lib/api-client';

export type AlarmLinkRef = { id: number; token: string };

export const alarmLinkKey = ({ id, token }: AlarmLinkRef) => ['alarm-link', id, token] as const;

/**
 * GET /api/alarms/{Id}?token= (issue #23): what an alarm message's link shows without signing
 * in. The token alone decides, so no session token goes with it, and a refusal (403: expired or
 * not this event's) is an answer to show, not an ended session.
 */
export function getAlarmLink(
  { id, token }: AlarmLinkRef,
  { signal }: { signal?: AbortSignal } = {},
): Promise<AlarmLinkView> {
  return apiRequest<AlarmLinkView>(`/api/alarms/${id}`, {
    query: { token },
    withToken: false,
    skipAutoLogout: true,
    signal,
  });
}

export const getAlarmLinkQueryOptions = (ref: AlarmLinkRef) =>
  queryOptions({
    queryKey: alarmLinkKey(ref),
    queryFn: ({ signal }) => getAlarmLink(ref, { signal }),
  });

export function useAlarmLink(ref: AlarmLinkRef) {
  return useQuery(getAlarmLinkQueryOptions(ref));
}
