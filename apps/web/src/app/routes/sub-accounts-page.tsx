import { Container } from '@mantine/core';
import { Navigate, useParams } from 'react-router';
import { useSignOut } from '../../features/auth/hooks/use-sign-out';
import { SubAccountsManager } from '../../features/sub-accounts/components/sub-accounts-manager';
import { useSession } from '../../lib/session';
import { usePageTitle } from '../../lib/use-page-title';

/** /devices/{userDeviceId}/marcellpro and /nistdevice (device-management §2). */
export function SubAccountsPage({ variant }: { variant: 'pro' | 'nist' }) {
  usePageTitle('Sub-accounts');
  const session = useSession();
  const { signOut } = useSignOut();
  const userDeviceId = Number(useParams().userDeviceId);
  if (!session.user) return null; // the login guard above never lets this happen
  if (!Number.isInteger(userDeviceId) || userDeviceId <= 0)
    return <Navigate to="/devices" replace />;
  return (
    <Container size="md" py={{ base: 'md', sm: 32 }}>
      <SubAccountsManager
        userId={session.user.Id}
        userDeviceId={userDeviceId}
        variant={variant}
        parentName={session.user.FullName}
        onParentRenamed={() => void signOut({ to: '/login' })}
      />
    </Container>
  );
}

export const MarcellProSubAccountsPage = () => <SubAccountsPage variant="pro" />;
export const NistSubAccountsPage = () => <SubAccountsPage variant="nist" />;
