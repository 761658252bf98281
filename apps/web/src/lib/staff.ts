import type { User } from '@monitor/contract/users';
import { hasRole, ROLE_STAFF } from '@monitor/domain/accounts/roles';

/** Where staff land after signing in and after an impersonation ends (decision 023). */
export const STAFF_HOME_PATH = '/staff';

/** Staff may impersonate customers (accounts-devices-billing §6); the server checks it again on every call. */
export function isStaff(user: User | null | undefined): boolean {
  return user ? hasRole(user.Roles, ROLE_STAFF) : false;
}
