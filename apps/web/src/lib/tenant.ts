import { isTenantId, type TenantId } from '@monitor/domain/shared/brands';
import { COOKIE, readCookie, writeCookie } from './cookies';

/** The tenant chosen by a `tid` startup parameter earlier, if any (store-and-public-site §2). */
export function readRememberedTenant(): TenantId | null {
  const value = Number(readCookie(COOKIE.tenant));
  return isTenantId(value) ? value : null;
}

/** Remembers a valid `tid` startup parameter; anything else is ignored. */
export function rememberTenant(param: string | null): void {
  if (param === null) return;
  const value = Number(param);
  if (isTenantId(value)) writeCookie(COOKIE.tenant, String(value));
}
