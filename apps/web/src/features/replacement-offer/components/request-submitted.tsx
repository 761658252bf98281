import { Alert, Button, Container, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { CircleCheckIcon } from '../../../components/ui/icons/circle-check-icon';
import { useBrand } from '../../../lib/brand-context';

/** 'Request submitted' with the order's number (store-and-public-site §2, §4 "Replacement request"). */
export function RequestSubmitted({ orderNumber, email }: { orderNumber: string; email: string }) {
  const brand = useBrand();
  return (
    <Container size="sm" py={64}>
      <Stack gap="md">
        <Title order={1} fz={30}>
          Request submitted
        </Title>
        <Alert color="green" icon={<CircleCheckIcon />} title="Thank you" role="status">
          Your replacement order number is <strong>{orderNumber}</strong>.
        </Alert>
        <Text>
          A confirmation is on its way to {email}. Your new device ships to the address you gave;
          when it arrives, register it from My Devices and it takes over from the one it replaces.
        </Text>
        <Text c="dimmed" size="sm">
          Questions about this order? Call {brand.phone} and quote the order number.
        </Text>
        <Button component={Link} to="/" variant="light" w="fit-content">
          Back to home
        </Button>
      </Stack>
    </Container>
  );
}
