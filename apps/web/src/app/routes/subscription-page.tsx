import { Container, Stack, Title } from '@mantine/core';
import { Navigate, useParams } from 'react-router';
import { useUserDevice } from '../../features/device-detail/api/get-user-device';
import { ChangeSubscription } from '../../features/subscription/components/change-subscription';
import { DeviceLoadAlert } from '../../components/ui/device-load-alert';
import { PageLoader } from '../../components/ui/page-loader';
import { useSession } from '../../lib/session';
import { usePageTitle } from '../../lib/use-page-title';

/** /devices/{userDeviceId}/subscription (accounts-devices-billing §2): change or reactivate a subscription. */
export function SubscriptionPage() {
  usePageTitle('Change subscription');
  const session = useSession();
  const userDeviceId = Number(useParams().userDeviceId);
  const isValidId = Number.isInteger(userDeviceId) && userDeviceId > 0;
  const userId = session.user?.Id ?? 0;
  const device = useUserDevice({ userId, userDeviceId });
  if (!session.user) return null; // the login guard above never lets this happen
  if (!isValidId) return <Navigate to="/devices" replace />;
  return (
    <Container size="sm" py={{ base: 'md', sm: 32 }}>
      {device.isPending ? (
        <PageLoader />
      ) : device.isError ? (
        <Stack gap="md">
          <Title order={1} fz={{ base: 24, sm: 30 }}>
            Change subscription
          </Title>
          <DeviceLoadAlert error={device.error} />
        </Stack>
      ) : (
        <ChangeSubscription device={device.data} userId={userId} />
      )}
    </Container>
  );
}
