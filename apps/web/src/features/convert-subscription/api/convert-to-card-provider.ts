import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  ConvertSubscriptionRequest,
  ConvertSubscriptionResult,
} from '@monitor/contract/registration';
import { apiRequest } from '../../../lib/api-client';

export type ConvertSubscriptionAnswer = z.infer<typeof ConvertSubscriptionResult>;

/** POST /api/paymentprocessing/convertToCardProvider/ (accounts-devices-billing §4). */
export function convertToCardProvider(
  request: ConvertSubscriptionRequest,
): Promise<ConvertSubscriptionAnswer> {
  return apiRequest<ConvertSubscriptionAnswer>('/api/paymentprocessing/convertToCardProvider/', {
    method: 'POST',
    body: request,
  });
}

/** Converts, then refreshes what changed: the old profiles, the user, the address, the devices. */
export function useConvertToCardProviderMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: convertToCardProvider,
    // Not awaited: the refetched list no longer holds the profile, and waiting for it would unmount
    // the form before the caller's own onSuccess could say the move is done.
    onSuccess: (_answer, request) => {
      void Promise.all(
        [
          ['old-profile-subscriptions', request.UserId],
          ['users', request.UserId],
          ['billing-addresses', request.UserId],
          ['user-devices'],
          ['subscriptions'],
        ].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      );
    },
  });
}
