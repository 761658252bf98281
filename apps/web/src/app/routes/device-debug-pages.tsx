import { Container } from '@mantine/core';
import { Navigate, useParams } from 'react-router';
import { DeviceDebugDetails } from '../../features/device-debug/components/device-debug-details';
import { DeviceDebugList } from '../../features/device-debug/components/device-debug-list';
import { useImpersonateUser } from '../../features/auth/hooks/use-impersonation';
import { useSession } from '../../lib/session';
import { usePageTitle } from '../../lib/use-page-title';

/** /devicelist: support's list of every unit; anyone the server refuses goes to /devices (device-management §6). */
export function DeviceDebugListPage() {
  usePageTitle('Device debug list');
  const session = useSession();
  const { impersonateUser, pendingUserId } = useImpersonateUser();
  if (!session.user) return null; // the login guard above never lets this happen
  return (
    <Container size="xl" py={{ base: 'md', sm: 32 }}>
      <DeviceDebugList
        userId={session.user.Id}
        onImpersonate={(ownerId) => void impersonateUser(ownerId)}
        pendingUserId={pendingUserId}
      />
    </Container>
  );
}

/** /devicedebugdetails/{imei}: one unit for support; an address without a 15-digit IMEI goes back to the list. */
export function DeviceDebugDetailsPage() {
  usePageTitle('Device debug details');
  const session = useSession();
  const imei = useParams().imei ?? '';
  if (!session.user) return null;
  if (!/^\d{15}$/.test(imei)) return <Navigate to="/devicelist" replace />;
  return (
    <Container size="xl" py={{ base: 'md', sm: 32 }}>
      <DeviceDebugDetails userId={session.user.Id} imei={imei} />
    </Container>
  );
}
