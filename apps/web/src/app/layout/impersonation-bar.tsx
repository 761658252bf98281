import { lazy, Suspense, useState } from 'react';
import { Button, Container, Group, Text } from '@mantine/core';
import { useEndImpersonation } from '../../features/auth/hooks/use-end-impersonation';
import { useSession } from '../../lib/session';
import classes from './header.module.css';

// Only staff see this bar: its question dialog stays out of the first download (bench/web) and
// loads, closed, with the bar's first render.
const ConfirmModal = lazy(() =>
  import('../../components/ui/confirm-modal').then((module) => ({ default: module.ConfirmModal })),
);

/**
 * Staff acting as a customer see whom they act as, and the way back (store-and-public-site §2
 * "Header"): the impersonation ends and they are staff again on the staff landing (decision 023).
 */
export function ImpersonationBar() {
  const session = useSession();
  const { returnToStaff, isReturning } = useEndImpersonation();
  const [isConfirming, setIsConfirming] = useState(false);
  const name = session.user ? `${session.user.FirstName} ${session.user.LastName}` : 'a customer';

  return (
    <div className={classes.impersonation}>
      <Container size="xl" py={6}>
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Text size="sm">
            Staff session: you are acting as <strong>{name}</strong>.
          </Text>
          <Button
            size="compact-sm"
            variant="white"
            color="dark"
            onClick={() => setIsConfirming(true)}
          >
            Return to the partner admin site
          </Button>
        </Group>
      </Container>
      <Suspense fallback={null}>
        <ConfirmModal
          opened={isConfirming}
          title="Leave this customer's account?"
          message={`You will leave ${name}'s account and return to the staff tools as yourself.`}
          confirmLabel="Leave and return"
          isConfirming={isReturning}
          onCancel={() => setIsConfirming(false)}
          onConfirm={() => void returnToStaff()}
        />
      </Suspense>
    </div>
  );
}
