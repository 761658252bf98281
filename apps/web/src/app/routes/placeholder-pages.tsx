import { Badge, Button, Group } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { ComingSoon } from '../../components/ui/coming-soon';
import { usePageTitle } from '../../lib/use-page-title';

/** Pages that belong to later issues: each names itself and says what it will do, with no made-up data. */
export type PlaceholderKey = keyof typeof PLACEHOLDERS;

const PLACEHOLDERS = {
  addDevice: {
    title: 'Add a device',
    text: 'The add-device wizard (serial number, alarm ranges, notifications and billing) is being set up.',
  },
  subscription: {
    title: 'Change subscription',
    text: 'Changing or reactivating the monitoring plan for this device is being set up.',
  },
  multiUnit: {
    title: 'Multi-unit registration',
    text: 'Registering several devices at once is being set up.',
  },
  store: {
    title: 'Store',
    text: 'The store, with monitors, sensor pucks and accessories, is being set up.',
  },
  cart: { title: 'Cart and checkout', text: 'The cart and checkout are being set up.' },
  promotions: { title: 'Promotions', text: 'Promotion landing pages are being set up.' },
  promotion: { title: 'Promotion', text: 'This promotion page is being set up.' },
  marcellProLanding: {
    title: 'Professional line',
    text: 'The landing page for our professional monitoring line is being set up.',
  },
  deviceUpgrade: {
    title: 'Device replacement offer',
    text: 'The discounted replacement offer for eligible devices is being set up.',
  },
} as const;

/** A placeholder page; device routes also show which device the address names. */
export function PlaceholderPage({ page }: { page: PlaceholderKey }) {
  const { title, text } = PLACEHOLDERS[page];
  const { userDeviceId, imei } = useParams();
  usePageTitle(title);
  const reference = userDeviceId ? `Device ${userDeviceId}` : imei ? `IMEI ${imei}` : null;
  return (
    <ComingSoon
      title={title}
      description={text}
      details={
        reference && (
          <Badge variant="outline" color="gray" size="lg">
            {reference}
          </Badge>
        )
      }
      actions={
        <Group justify="center" gap="sm">
          <Button component={Link} to="/" variant="light">
            Back to home
          </Button>
          <Button component={Link} to="/support" variant="default">
            Get help
          </Button>
        </Group>
      }
    />
  );
}
