import { Alert, Anchor, Button, Container, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { AlertIcon } from '../../../components/ui/icons/alert-icon';
import { useBrand } from '../../../lib/brand-context';

/**
 * A replacement link without its token, or one the server refused (used, expired or not this
 * owner's): it cannot be used, and support can send a fresh one (store-and-public-site §2, §9).
 */
export function LinkNotValid() {
  const brand = useBrand();
  return (
    <Container size="sm" py={64}>
      <Stack gap="md">
        <Title order={1} fz={30}>
          Device replacement offer
        </Title>
        <Alert color="red" icon={<AlertIcon />} title="This link is not valid" role="alert">
          The replacement link is incomplete, has expired, or has already been used for an order.
          Each link can be used once.
        </Alert>
        <Text>
          If you still want to replace your device, call us on{' '}
          <Anchor href={`tel:${brand.phone}`} fw={600} underline="always">
            {brand.phone}
          </Anchor>{' '}
          or write to{' '}
          <Anchor href={`mailto:${brand.email}`} underline="always">
            {brand.email}
          </Anchor>{' '}
          and we will send you a new link.
        </Text>
        <Button component={Link} to="/" variant="light" w="fit-content">
          Back to home
        </Button>
      </Stack>
    </Container>
  );
}
