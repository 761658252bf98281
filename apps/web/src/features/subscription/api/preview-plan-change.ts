import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { PlanChangePreview, PlanChangePreviewRequest } from '@monitor/contract/subscriptions';
import { apiRequest } from '../../../lib/api-client';

export type PlanChangePreviewInput = { subscriptionId: number } & z.infer<
  typeof PlanChangePreviewRequest
>;
export type PlanChangePreviewAnswer = z.infer<typeof PlanChangePreview>;

/**
 * POST /api/subscriptions/{Id}/previewChange: what the plan change would do, priced by the
 * server's own change rules (decision 065); nothing is written or charged.
 */
export function previewPlanChange({
  subscriptionId,
  ...body
}: PlanChangePreviewInput): Promise<PlanChangePreviewAnswer> {
  return apiRequest(`/api/subscriptions/${subscriptionId}/previewChange`, {
    method: 'POST',
    body,
  });
}

/** A mutation, though it changes nothing: it is asked once per Save, never cached. */
export function usePreviewPlanChangeMutation() {
  return useMutation({ mutationFn: previewPlanChange });
}
