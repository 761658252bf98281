import { useEffect } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { parseTempPref } from '@monitor/domain/shared/temperature';
import { COOKIE, writeCookie } from '../lib/cookies';
import { PUBLIC_QUERY_ROOTS } from '../lib/query-client';
import { getSession, subscribeSession } from '../lib/session';

/**
 * When the signed-in user changes (login, logout, impersonation) nothing cached for the previous
 * one survives, so the device-count badge starts over on login (accounts-devices-billing §4); the
 * user's temperature unit becomes the `tempPref` cookie (accounts-devices-billing §9).
 */
export function useSessionEffects(queryClient: QueryClient): void {
  useEffect(() => {
    let previousToken = getSession().apiToken;
    return subscribeSession(() => {
      const session = getSession();
      if (session.apiToken === previousToken) return;
      previousToken = session.apiToken;
      queryClient.removeQueries({
        predicate: (query) => !PUBLIC_QUERY_ROOTS.has(String(query.queryKey[0])),
      });
      if (session.user)
        writeCookie(COOKIE.tempPref, parseTempPref(session.user.UserPref?.TempPref));
    });
  }, [queryClient]);
}
