import { Button, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { LoginForm } from '../../features/auth/components/login-form';
import { useSignOut } from '../../features/auth/hooks/use-sign-out';
import { useSession } from '../../lib/session';
import { usePageTitle } from '../../lib/use-page-title';
import { FormPage } from './form-page';

/** Someone already signed in reaches /login (a stale link, a failed impersonation). */
function AlreadySignedIn({ name }: { name: string }) {
  const { signOut, isSigningOut } = useSignOut();
  return (
    <Stack gap="md" ta="center">
      <Text>
        You are signed in as <strong>{name}</strong>.
      </Text>
      <Button component={Link} to="/devices" size="md">
        Go to My Devices
      </Button>
      <Button
        variant="default"
        loading={isSigningOut}
        onClick={() => void signOut({ to: '/login' })}
      >
        Sign in as someone else
      </Button>
    </Stack>
  );
}

/** /login (accounts-devices-billing §2): the optional redirect parameter is followed after success. */
export function LoginPage() {
  usePageTitle('Sign in');
  const session = useSession();
  return (
    <FormPage title="Sign in" subtitle="Welcome back. Sign in to see your devices.">
      {session.loggedIn && session.user ? (
        <AlreadySignedIn name={`${session.user.FirstName} ${session.user.LastName}`} />
      ) : (
        <LoginForm />
      )}
    </FormPage>
  );
}
