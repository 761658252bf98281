import { Box, Burger, Button, Container, Divider, Drawer, Group, Stack, Text } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { Link, useLocation, useSearchParams } from 'react-router';
import { useDeviceCount } from '../../lib/device-count';
import { HeaderLoginForm } from '../../features/auth/components/header-login-form';
import { useSignOut } from '../../features/auth/hooks/use-sign-out';
import { BrandMark } from '../../features/brand/components/brand-mark';
import { LogoutIcon, UserIcon } from '../../components/ui/icons';
import { useBrand } from '../../lib/brand-context';
import { useSession } from '../../lib/session';
import { HeaderNav } from './header-nav';
import { ImpersonationBar } from './impersonation-bar';
import classes from './header.module.css';

/** Wide enough for the brand, the navigation and the inline login on one line. */
export const DESKTOP_QUERY = '(min-width: 75em)';

/** Pages that have their own sign-in or password fields; the header login stays out of their way. */
const PAGES_WITH_OWN_FORM = ['/login', '/register', '/forgotpassword', '/resetpassword'];

function useShowsInlineLogin(): boolean {
  const { pathname } = useLocation();
  const [searchParams] = useSearchParams();
  if (PAGES_WITH_OWN_FORM.includes(pathname)) return false;
  // The home page reached with a redirect shows the sign-in form itself.
  return !(pathname === '/' && searchParams.has('redirect'));
}

/** The site header (store-and-public-site §2 "Header"); on phones the navigation folds into a menu. */
export function Header() {
  const brand = useBrand();
  const session = useSession();
  const { pathname } = useLocation();
  const isDesktop = useMediaQuery(DESKTOP_QUERY, false, { getInitialValueInEffect: false });
  const [isMenuOpen, menu] = useDisclosure(false);
  const { signOut, isSigningOut } = useSignOut();
  const { data: deviceCount } = useDeviceCount(
    session.loggedIn ? (session.user?.Id ?? null) : null,
  );
  const showsInlineLogin = useShowsInlineLogin();
  const count = session.loggedIn ? (deviceCount ?? null) : null;

  const accountActions = session.loggedIn ? (
    <>
      <Button
        component={Link}
        to="/account"
        variant="default"
        leftSection={<UserIcon size={16} />}
        onClick={menu.close}
      >
        Account
      </Button>
      <Button
        variant="subtle"
        color="gray"
        leftSection={<LogoutIcon size={16} />}
        loading={isSigningOut}
        onClick={() => {
          menu.close();
          void signOut();
        }}
      >
        Sign out
      </Button>
    </>
  ) : null;

  return (
    <Box component="header" className={classes.header}>
      {session.impersonating && <ImpersonationBar />}
      <Container size="xl" className={classes.bar}>
        <Group h="100%" justify="space-between" wrap="nowrap" gap="md">
          <Link to="/" className={classes.brandLink} aria-label={`${brand.name} home`}>
            <BrandMark />
          </Link>
          {isDesktop ? (
            <>
              <Box style={{ flex: 1 }}>
                <HeaderNav deviceCount={count} orientation="horizontal" />
              </Box>
              <Group gap="xs" wrap="nowrap">
                {session.loggedIn ? (
                  accountActions
                ) : showsInlineLogin ? (
                  <HeaderLoginForm />
                ) : (
                  // The home page with a redirect shows its own sign-in form.
                  pathname !== '/login' &&
                  pathname !== '/' && (
                    <Button component={Link} to="/login" variant="default">
                      Sign in
                    </Button>
                  )
                )}
              </Group>
            </>
          ) : (
            <Burger
              opened={isMenuOpen}
              onClick={menu.toggle}
              aria-label={isMenuOpen ? 'Close menu' : 'Open menu'}
              aria-expanded={isMenuOpen}
              aria-controls="site-menu"
            />
          )}
        </Group>
      </Container>
      {!isDesktop && (
        <Drawer
          id="site-menu"
          opened={isMenuOpen}
          onClose={menu.close}
          position="right"
          size="min(100%, 360px)"
          title={<BrandMark size="sm" />}
          closeButtonProps={{ 'aria-label': 'Close menu' }}
        >
          <Stack gap="lg">
            <HeaderNav deviceCount={count} orientation="vertical" onNavigate={menu.close} />
            <Divider />
            {session.loggedIn ? (
              <Stack gap="sm">
                <Text size="sm" c="dimmed">
                  Signed in as {session.user?.FirstName} {session.user?.LastName}
                </Text>
                {accountActions}
              </Stack>
            ) : (
              <Stack gap="sm">
                <Button component={Link} to="/login" onClick={menu.close} size="md">
                  Sign in
                </Button>
                <Button
                  component={Link}
                  to="/register"
                  variant="default"
                  onClick={menu.close}
                  size="md"
                >
                  Register
                </Button>
              </Stack>
            )}
          </Stack>
        </Drawer>
      )}
    </Box>
  );
}
