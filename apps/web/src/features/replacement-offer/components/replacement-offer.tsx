import { useState } from 'react';
import { Alert, Button, Container, Stack, Text, Title } from '@mantine/core';
import { useBrand } from '../../../lib/brand-context';
import { useReplacementUser, type ReplacementLink } from '../api/get-replacement-user';
import type { ReplacementOrder } from '../api/submit-replacement';
import { isRefusedLink } from '../lib/refused-link';
import { LinkNotValid } from './link-not-valid';
import { ReplacementForm } from './replacement-form';
import { RequestSubmitted } from './request-submitted';
import { LoadingStatus } from '../../../components/ui/loading-status';

/**
 * /deviceupgrade?customerid&token&item (store-and-public-site §2, §4 "Replacement request"): the
 * owner's eligible devices, then the order; a refused link says so with the support phone.
 */
export function ReplacementOffer({ link }: { link: ReplacementLink }) {
  const brand = useBrand();
  const offer = useReplacementUser(link);
  const [order, setOrder] = useState<ReplacementOrder | null>(null);
  const [isLinkRefused, setIsLinkRefused] = useState(false);

  if (offer.isPending) {
    return (
      <LoadingStatus justify="center" py={80}>
        Loading your replacement offer…
      </LoadingStatus>
    );
  }
  if (isLinkRefused || (offer.isError && isRefusedLink(offer.error))) return <LinkNotValid />;
  if (offer.isError) {
    return (
      <Container size="sm" py={64}>
        <Alert color="red" role="alert" title="The offer could not be loaded">
          <Stack gap="sm" align="flex-start">
            <Text size="sm">An unexpected error on the server occurred. Please try again.</Text>
            <Button size="xs" variant="light" color="red" onClick={() => void offer.refetch()}>
              Try again
            </Button>
          </Stack>
        </Alert>
      </Container>
    );
  }
  const user = offer.data;
  if (order) return <RequestSubmitted orderNumber={order.OrderNumber} email={user.EmailAddress} />;

  return (
    <Container size="md" py={{ base: 32, sm: 48 }}>
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1} fz={{ base: 28, sm: 34 }}>
            Device replacement offer
          </Title>
          <Text c="dimmed">
            {user.FirstName}, the cellular network some of your {brand.name} devices use is closing.
            Replace each one with a new monitor at a reduced price: untick any device you do not
            want to replace.
          </Text>
        </Stack>
        {user.EligibleDevices.length === 0 ? (
          <Alert color="blue" title="No device to replace">
            None of the devices on your account needs replacing. Questions? Call {brand.phone}.
          </Alert>
        ) : (
          <ReplacementForm
            user={user}
            token={link.token}
            onSubmitted={setOrder}
            onLinkRefused={() => setIsLinkRefused(true)}
          />
        )}
      </Stack>
    </Container>
  );
}
