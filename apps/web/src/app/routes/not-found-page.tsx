import { Button, Container, Group, Paper, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { buildHeaderNavigation } from '@monitor/domain/shared/brands';
import { useBrand } from '../../lib/brand-context';
import { useSession } from '../../lib/session';
import { usePageTitle } from '../../lib/use-page-title';

/**
 * Any address the route table does not know (issue #24). It stays on that address and says so, so
 * a mistyped or old link is not silently swapped for the home page; the ways on are the home page,
 * the brand's store, and My Devices or sign-in.
 */
export function NotFoundPage() {
  const brand = useBrand();
  const session = useSession();
  const { pathname } = useLocation();
  usePageTitle('Page not found');
  const store = buildHeaderNavigation(brand).find((item) => item.key === 'store');

  return (
    <Container size="sm" py={64}>
      <Paper withBorder radius="lg" p="xl">
        <Stack align="center" ta="center" gap="sm">
          <Title order={1} fz="h2">
            Page not found
          </Title>
          <Text c="dimmed">
            There is no page at{' '}
            <Text span ff="monospace">
              {pathname}
            </Text>
            . The link may be old or mistyped.
          </Text>
          <Group mt="sm" justify="center">
            <Button component={Link} to="/">
              Go to the home page
            </Button>
            {store?.isExternal ? (
              <Button
                component="a"
                href={store.href}
                target="_blank"
                rel="noopener noreferrer"
                variant="default"
              >
                Store
                <VisuallyHidden> (opens in a new tab)</VisuallyHidden>
              </Button>
            ) : store ? (
              <Button component={Link} to={store.href} variant="default">
                Store
              </Button>
            ) : null}
            {session.loggedIn ? (
              <Button component={Link} to="/devices" variant="default">
                My Devices
              </Button>
            ) : (
              <Button component={Link} to="/login" variant="default">
                Sign in
              </Button>
            )}
          </Group>
        </Stack>
      </Paper>
    </Container>
  );
}
