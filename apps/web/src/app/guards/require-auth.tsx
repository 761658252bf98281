import { Navigate, Outlet, useLocation } from 'react-router';
import { rootWithRedirect } from '../../lib/safe-redirect';
import { useSession } from '../../lib/session';

/** Login-required routes: logged out, the visitor goes to the root with a redirect parameter (accounts-devices-billing §2). */
export function RequireAuth() {
  const session = useSession();
  const location = useLocation();
  if (!session.loggedIn) {
    return <Navigate to={rootWithRedirect(location.pathname + location.search)} replace />;
  }
  return <Outlet />;
}
