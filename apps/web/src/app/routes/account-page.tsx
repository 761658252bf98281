import { Box, Container } from '@mantine/core';
import { AccountSettings } from '../../features/account/components/account-settings';
import { AccountActivity } from '../../features/account-activity/components/account-activity';
import { ConvertSubscription } from '../../features/convert-subscription/components/convert-subscription';
import { OrderHistory } from '../../features/orders/components/order-history';
import { CardOnFile } from '../../features/subscription/components/card-on-file';
import { useSession } from '../../lib/session';
import { usePageTitle } from '../../lib/use-page-title';

/** /account (L). */
export function AccountPage() {
  usePageTitle('Account settings');
  const session = useSession();
  if (!session.user) return null; // the login guard above never lets this happen
  return (
    <Container size="md" py={{ base: 'lg', sm: 40 }}>
      <AccountSettings
        userId={session.user.Id}
        renderCardOnFile={(user) => <CardOnFile user={user} />}
        notice={<ConvertSubscription user={session.user} />}
      />
      {/* The customer's own orders (issue #15, decision 046). */}
      <Box mt="xl">
        <OrderHistory userId={session.user.Id} />
      </Box>
      {/* The account's own audit entries (issue #22, decision 050). */}
      <Box mt="xl">
        <AccountActivity userId={session.user.Id} />
      </Box>
    </Container>
  );
}
