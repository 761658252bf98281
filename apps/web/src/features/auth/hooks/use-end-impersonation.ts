import { useState } from 'react';
import { useNavigate } from 'react-router';
import { notifications } from '@mantine/notifications';
import { endImpersonation, getSession } from '../../../lib/session';
import { STAFF_HOME_PATH } from '../../../lib/staff';
import { logout } from '../api/logout';
import { useSignOut } from './use-sign-out';

function hasLiveStaffSession(): boolean {
  const own = getSession().staffSession;
  return own !== null && (own.expiresAt === null || Date.parse(own.expiresAt) > Date.now());
}

/**
 * 'Return to the partner admin site' (device-management §6): the impersonation token is revoked
 * and the staff member is back in their own session on the staff landing; when that session has
 * ended meanwhile, they are signed out and sign in again (decision 023).
 */
export function useEndImpersonation() {
  const navigate = useNavigate();
  const { signOut, isSigningOut } = useSignOut();
  const [isReturning, setIsReturning] = useState(false);

  async function returnToStaff() {
    if (!hasLiveStaffSession()) {
      await signOut({ to: '/login' });
      return;
    }
    setIsReturning(true);
    // The call takes the impersonation token as it starts; the staff session comes back at once.
    const revoking = logout();
    endImpersonation();
    await navigate(STAFF_HOME_PATH, { replace: true });
    try {
      await revoking;
    } catch {
      // Already revoked or expired: the impersonation has ended either way.
    }
    setIsReturning(false);
    notifications.show({
      title: 'Back to your staff session',
      message: "You have left the customer's account.",
    });
  }

  return { returnToStaff, isReturning: isReturning || isSigningOut };
}
