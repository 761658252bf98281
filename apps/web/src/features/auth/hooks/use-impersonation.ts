import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { notifications } from '@mantine/notifications';
import { errorMessageFor } from '../../../lib/api-client';
import { getOwnStaffSession, getSession, startSession } from '../../../lib/session';
import { impersonate } from '../api/impersonate';
import { logout } from '../api/logout';

/**
 * Becomes the given user for one hour, keeping the staff member's own session to return to
 * (decision 023). The call goes with that staff session's token, also from inside another
 * impersonation, whose token is then revoked.
 */
async function startImpersonation(userId: number): Promise<void> {
  const staffSession = getOwnStaffSession();
  const previous = getSession();
  const user = await impersonate(userId, staffSession?.apiToken);
  if (!user.AccessToken) throw new Error('The impersonation answer had no access token.');
  startSession({ user, apiToken: user.AccessToken, impersonating: true, staffSession });
  if (previous.impersonating && previous.apiToken) void logout(previous.apiToken).catch(() => {});
}

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
    void startImpersonation(userId)
      .then(() => navigate('/devices', { replace: true }))
      .catch(() => navigate('/login', { replace: true }));
  }, [navigate, userIdParam]);
}

/**
 * One-click impersonation from the staff tools: act as the user and open their devices; a refusal
 * is shown and the staff member stays where they are.
 */
export function useImpersonateUser() {
  const navigate = useNavigate();
  const [pendingUserId, setPendingUserId] = useState<number | null>(null);

  async function impersonateUser(userId: number) {
    setPendingUserId(userId);
    try {
      await startImpersonation(userId);
      await navigate('/devices');
    } catch (error) {
      notifications.show({
        color: 'red',
        title: 'Could not act as this user',
        message: errorMessageFor(error, 'The server could not start the impersonation.'),
      });
    } finally {
      setPendingUserId(null);
    }
  }

  return { impersonateUser, pendingUserId };
}
