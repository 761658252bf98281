import { lazy, Suspense } from 'react';
import { Alert, Button, Paper, Stack, Text, Title } from '@mantine/core';
import { Link, Navigate, useSearchParams } from 'react-router';
import { buildHeaderNavigation } from '@monitor/domain/shared/brands';
import { LoginForm } from '../../features/auth/components/login-form';
import { DeviceIllustration } from '../../features/public-pages/components/home/device-illustration';
import { Hero } from '../../features/public-pages/components/home/hero';
import { LockIcon } from '../../components/ui/icons/lock-icon';
import { useBrand } from '../../lib/brand-context';
import { toSafeRedirect } from '../../lib/safe-redirect';
import { useSession } from '../../lib/session';
import { usePageTitle } from '../../lib/use-page-title';

// Below the fold (the promo video, how it works, features, testimonials, news sign-up, price): one
// chunk requested while the hero renders, so the home page's first download (bench/web) holds only
// the hero and its illustration or sign-in form. The sections appear in place, in reading order.
const HomeSections = lazy(() =>
  import('./home-sections').then((module) => ({ default: module.HomeSections })),
);

function SignInCard() {
  return (
    <Paper withBorder shadow="md" radius="lg" p={{ base: 'lg', sm: 32 }} maw={460} mx="auto">
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={2} fz="h3">
            Sign in to continue
          </Title>
          <Text c="dimmed" size="sm">
            The page you asked for needs your account.
          </Text>
        </Stack>
        <Alert variant="light" icon={<LockIcon />} p="xs">
          Sign in and we will take you straight there.
        </Alert>
        <LoginForm />
      </Stack>
    </Paper>
  );
}

/** The home page (store-and-public-site §1); with a redirect parameter it leads with the sign-in form. */
export function HomePage() {
  const brand = useBrand();
  const session = useSession();
  const [searchParams] = useSearchParams();
  const redirect = toSafeRedirect(searchParams.get('redirect'));
  usePageTitle(null);

  if (redirect && session.loggedIn) return <Navigate to={redirect} replace />;

  const store = buildHeaderNavigation(brand).find((item) => item.key === 'store');
  const primary = session.loggedIn ? (
    <Button component={Link} to="/devices" size="lg">
      Go to My Devices
    </Button>
  ) : store?.isExternal ? (
    <Button component="a" href={store.href} target="_blank" rel="noopener noreferrer" size="lg">
      Shop the monitor
    </Button>
  ) : store ? (
    <Button component={Link} to={store.href} size="lg">
      Shop the monitor
    </Button>
  ) : (
    <Button component={Link} to="/register" size="lg">
      Get started
    </Button>
  );
  const actions = (
    <>
      {primary}
      <Button component="a" href="#how-it-works" size="lg" variant="default">
        See how it works
      </Button>
    </>
  );

  return (
    <>
      <Hero
        actions={actions}
        aside={redirect ? <SignInCard /> : <DeviceIllustration />}
        isAsideFirstOnPhones={redirect !== null}
      />
      <Suspense>
        <HomeSections />
      </Suspense>
    </>
  );
}
