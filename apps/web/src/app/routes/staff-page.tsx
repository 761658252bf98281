import { Anchor, Container, Stack, Text, Title } from '@mantine/core';
import { Link, Navigate } from 'react-router';
import { useImpersonateUser } from '../../features/auth/hooks/use-impersonation';
import { StaffUserSearch } from '../../features/staff/components/staff-user-search';
import { useSession } from '../../lib/session';
import { isStaff } from '../../lib/staff';
import { usePageTitle } from '../../lib/use-page-title';

/**
 * /staff: where staff land after signing in (decision 023): find a customer and act as them in one
 * click, or open the debug list. Anyone else, and staff acting as a customer, go to /devices.
 */
export function StaffPage() {
  usePageTitle('Staff tools');
  const session = useSession();
  const { impersonateUser, pendingUserId } = useImpersonateUser();
  if (session.impersonating || !isStaff(session.user)) return <Navigate to="/devices" replace />;
  return (
    <Container size="lg" py={{ base: 'md', sm: 32 }}>
      <Stack gap="xl">
        <Stack gap={4}>
          <Title order={1} size="h2">
            Staff tools
          </Title>
          <Text c="dimmed">
            Signed in as {session.user?.FirstName} {session.user?.LastName}. Acting as a customer
            lasts one hour; &lsquo;Return to the partner admin site&rsquo; brings you back here.
          </Text>
          <Anchor component={Link} to="/devicelist" fw={600} td="underline">
            Device debug list
          </Anchor>
        </Stack>
        <StaffUserSearch
          onImpersonate={(userId) => void impersonateUser(userId)}
          pendingUserId={pendingUserId}
        />
      </Stack>
    </Container>
  );
}
