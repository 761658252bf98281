import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { notifications } from '@mantine/notifications';
import { isMobileApp, postToNativeApp } from '../../../lib/mobile-app';
import { endSession, getSession } from '../../../lib/session';
import { logout } from '../api/logout';

/** How long a sign-out waits for the page it leaves to go before ending the session anyway. */
const LEAVE_TIMEOUT_MS = 3000;
const LEAVE_POLL_MS = 20;

/**
 * Resolves once the page has left for `pathname`: the router's navigation finishes before React
 * commits it (a transition), and ending the session in between would let the old page's guard
 * send the user back to /?redirect=<old page>. The caller unmounting counts as having left.
 */
function useLeaveWaiter() {
  const { pathname } = useLocation();
  const committed = useRef({ pathname, isMounted: true });
  useEffect(() => {
    committed.current.pathname = pathname;
  }, [pathname]);
  useEffect(() => {
    const state = committed.current;
    state.isMounted = true;
    return () => {
      state.isMounted = false;
    };
  }, []);
  return async (to: string) => {
    const deadline = Date.now() + LEAVE_TIMEOUT_MS;
    while (committed.current.isMounted && committed.current.pathname !== to) {
      if (Date.now() > deadline) return;
      await new Promise((resolve) => setTimeout(resolve, LEAVE_POLL_MS));
    }
  };
}

/**
 * Signs out: in the mobile app the app is told to log out instead of calling the server;
 * otherwise the user is sent home, the token revoked and the logout announced
 * (store-and-public-site §4 "Sign-out"). Impersonators go to /login instead.
 */
export function useSignOut() {
  const navigate = useNavigate();
  const waitUntilLeft = useLeaveWaiter();
  const [isSigningOut, setIsSigningOut] = useState(false);

  async function signOut({ to = '/' }: { to?: string } = {}) {
    if (isMobileApp()) {
      postToNativeApp({ type: 'logout' });
      endSession();
      return;
    }
    setIsSigningOut(true);
    // Leave protected pages first, so neither their guard nor a call of theirs that meets the
    // revoked token (a 401 ends the session) sends the user back with a redirect to them.
    await navigate(to, { flushSync: true });
    await waitUntilLeft(to);
    // The call takes the token as it starts; the local session ends at once, so nothing else
    // is sent with a token about to be revoked. Signing out of an impersonation also ends the
    // staff session kept behind it (decision 023).
    const staffToken = getSession().staffSession?.apiToken;
    const revoking = Promise.all([logout(), staffToken ? logout(staffToken) : null]);
    endSession();
    try {
      await revoking;
    } catch {
      // The token may already be revoked or expired; the local session has ended either way.
    }
    setIsSigningOut(false);
    notifications.show({ title: 'Signed out', message: 'You have been signed out.' });
  }

  return { signOut, isSigningOut };
}
