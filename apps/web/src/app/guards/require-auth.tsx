import { useNetwork } from '@mantine/hooks';
import { Navigate, Outlet, useLocation } from 'react-router';
import { rootWithRedirect } from '../../lib/safe-redirect';
import { useSession } from '../../lib/session';
import { OfflineBanner } from '../layout/offline-banner';

/**
 * Login-required routes: logged out, the visitor goes to the root with a redirect parameter
 * (accounts-devices-billing §2). Offline (issue #27), the page shows what it last received under a
 * banner, and every control in it is disabled (a disabled fieldset), since each needs the server;
 * links still move between the pages kept.
 */
export function RequireAuth() {
  const session = useSession();
  const location = useLocation();
  const { online } = useNetwork();
  if (!session.loggedIn) {
    return <Navigate to={rootWithRedirect(location.pathname + location.search)} replace />;
  }
  return (
    <>
      {!online && <OfflineBanner />}
      <fieldset
        disabled={!online}
        role="none"
        style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}
      >
        <Outlet />
      </fieldset>
    </>
  );
}
