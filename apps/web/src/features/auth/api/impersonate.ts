import type { User } from '@monitor/contract/users';
import { apiRequest } from '../../../lib/api-client';

/**
 * GET /api/authorization/impersonate/{userId} with the staff member's own token (an
 * impersonation's token reaches no staff call): the target user with a 1-hour token.
 */
export function impersonate(userId: number, staffToken?: string): Promise<User> {
  return apiRequest<User>(`/api/authorization/impersonate/${userId}`, { token: staffToken });
}
