import { useState } from 'react';
import { useNavigate } from 'react-router';
import { notifications } from '@mantine/notifications';
import { isMobileApp, postToNativeApp } from '../../../lib/mobile-app';
import { endSession } from '../../../lib/session';
import { logout } from '../api/logout';

/**
 * Signs out: in the mobile app the app is told to log out instead of calling the server;
 * otherwise the token is revoked, the logout announced and the user sent home
 * (store-and-public-site §4 "Sign-out"). Impersonators go to /login instead.
 */
export function useSignOut() {
  const navigate = useNavigate();
  const [isSigningOut, setIsSigningOut] = useState(false);

  async function signOut({ to = '/' }: { to?: string } = {}) {
    if (isMobileApp()) {
      postToNativeApp({ type: 'logout' });
      endSession();
      return;
    }
    setIsSigningOut(true);
    try {
      await logout();
    } catch {
      // The token may already be revoked or expired; the local session ends either way.
    }
    // Leave protected pages first so their guard does not add a redirect back to them.
    await navigate(to, { flushSync: true });
    endSession();
    setIsSigningOut(false);
    notifications.show({ title: 'Signed out', message: 'You have been signed out.' });
  }

  return { signOut, isSigningOut };
}
