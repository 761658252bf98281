import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { getSession, startSession } from '../../../lib/session';
import { impersonate } from '../api/impersonate';

/**
 * A signed-in staff member becomes the given user for one hour, then lands on /devices; without
 * a staff session, or when the call fails, the staff member goes to /login (store-and-public-site §2).
 */
export function useImpersonation(userIdParam: string | null) {
  const navigate = useNavigate();
  const hasStarted = useRef(false);

  useEffect(() => {
    if (hasStarted.current) return;
    hasStarted.current = true;
    const userId = Number(userIdParam);
    if (!getSession().loggedIn || !Number.isInteger(userId) || userId <= 0) {
      void navigate('/login', { replace: true });
      return;
    }
    void impersonate(userId)
      .then(async (user) => {
        if (!user.AccessToken) throw new Error('no token');
        startSession({ user, apiToken: user.AccessToken, impersonating: true });
        await navigate('/devices', { replace: true });
      })
      .catch(() => navigate('/login', { replace: true }));
  }, [navigate, userIdParam]);
}
