import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { SaveProductOriginRequest } from '@monitor/contract/users';
import { apiRequest } from '../../../lib/api-client';

export type ProductOriginInput = z.input<typeof SaveProductOriginRequest>;

/** POST /api/users/saveProductOrigin: where the new user heard of us and who they are. */
export function saveProductOrigin(input: ProductOriginInput): Promise<{ ok: true }> {
  return apiRequest<{ ok: true }>('/api/users/saveProductOrigin', { method: 'POST', body: input });
}

export function useSaveProductOriginMutation() {
  return useMutation({ mutationFn: saveProductOrigin });
}
