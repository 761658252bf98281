import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ReportSchedule } from '@monitor/contract/history';
import { apiRequest } from '../../../lib/api-client';

export type ReportScheduleAnswer = z.infer<typeof ReportSchedule>;

const schedulePath = (userDeviceId: number) => `/api/reportschedule/devices/${userDeviceId}`;

/** GET /api/reportschedule/devices/{deviceId}: whether the weekly report e-mail is on (decision 032). */
export function getReportSchedule(
  userDeviceId: number,
  { signal }: { signal?: AbortSignal } = {},
): Promise<ReportScheduleAnswer> {
  return apiRequest<ReportScheduleAnswer>(schedulePath(userDeviceId), { signal });
}

export const getReportScheduleQueryOptions = (userDeviceId: number) =>
  queryOptions({
    queryKey: ['history', 'report-schedule', userDeviceId],
    queryFn: ({ signal }) => getReportSchedule(userDeviceId, { signal }),
  });

export function useReportSchedule(userDeviceId: number) {
  return useQuery(getReportScheduleQueryOptions(userDeviceId));
}

export type ChangeReportScheduleInput = { userDeviceId: number; isWeeklyReport: boolean };

/** PUT /api/reportschedule/devices/{deviceId}: the owner turns the weekly report on or off. */
export function changeReportSchedule({
  userDeviceId,
  isWeeklyReport,
}: ChangeReportScheduleInput): Promise<ReportScheduleAnswer> {
  return apiRequest<ReportScheduleAnswer>(schedulePath(userDeviceId), {
    method: 'PUT',
    body: { WeeklyReport: isWeeklyReport } satisfies ReportScheduleAnswer,
  });
}

/**
 * Shows the new state at once (a switch that waits for the server feels broken) and puts the
 * previous one back if the server refuses.
 */
export function useChangeReportScheduleMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeReportSchedule,
    onMutate: async ({ userDeviceId, isWeeklyReport }) => {
      const { queryKey } = getReportScheduleQueryOptions(userDeviceId);
      await queryClient.cancelQueries({ queryKey });
      const previous = queryClient.getQueryData<ReportScheduleAnswer>(queryKey);
      queryClient.setQueryData(queryKey, { WeeklyReport: isWeeklyReport });
      return { previous };
    },
    onError: (_error, { userDeviceId }, context) => {
      if (context?.previous) {
        queryClient.setQueryData(
          getReportScheduleQueryOptions(userDeviceId).queryKey,
          context.previous,
        );
      }
    },
    onSuccess: (answer, { userDeviceId }) => {
      queryClient.setQueryData(getReportScheduleQueryOptions(userDeviceId).queryKey, answer);
    },
  });
}
