import { Button, Group } from '@mantine/core';
import { Link } from 'react-router';
import { ComingSoon } from '../../components/ui/coming-soon';
import { usePageTitle } from '../../lib/use-page-title';

/** Pages that belong to later issues: each names itself and says what it will do, with no made-up data. */
export type PlaceholderKey = keyof typeof PLACEHOLDERS;

const PLACEHOLDERS = {
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

/** A placeholder page of the store's later work (issue #15). */
export function PlaceholderPage({ page }: { page: PlaceholderKey }) {
  const { title, text } = PLACEHOLDERS[page];
  usePageTitle(title);
  return (
    <ComingSoon
      title={title}
      description={text}
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
