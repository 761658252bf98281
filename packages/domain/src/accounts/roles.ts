/** Role names held on the user; SUBACCOUNT is the spec's, STAFF marks impersonators (accounts-devices-billing §6). */
export const ROLE_SUBACCOUNT = 'SUBACCOUNT';
export const ROLE_STAFF = 'STAFF';

export type Role = { Name: string };

export function hasRole(roles: readonly Role[], name: string): boolean {
  return roles.some((role) => role.Name === name);
}
