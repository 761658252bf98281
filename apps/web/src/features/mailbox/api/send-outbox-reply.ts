import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OutboxReplyAnswer, OutboxReplyInput } from '@monitor/contract/outbox';
import { apiRequest } from '../../../lib/api-client';
import { getOutboxQueryOptions } from './get-outbox';

/**
 * POST /api/outbox/replies (issue #23): answers a text or a call of the local outbox as its
 * recipient would — a text back, or a key pressed — through the same handler as Twilio's
 * webhooks. Answers the text sent back, or the words the call says. Like the mailbox, it answers
 * only this machine or staff (decision 019).
 */
export function sendOutboxReply(input: OutboxReplyInput): Promise<OutboxReplyAnswer> {
  return apiRequest<OutboxReplyAnswer>('/api/outbox/replies', {
    method: 'POST',
    body: input,
    skipAutoLogout: true,
  });
}

export function useSendOutboxReplyMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendOutboxReply,
    // An acknowledgement tells the others the alarm reached: their notices land in the outbox.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getOutboxQueryOptions().queryKey }),
  });
}
