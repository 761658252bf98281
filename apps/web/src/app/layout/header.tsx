import { lazy, Suspense, useSyncExternalStore } from 'react';
import { Box, Burger, Button, Container, Group } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Link, useLocation, useSearchParams } from 'react-router';
import { useDeviceCount } from '../../entities/device/api/get-device-count';
import { HeaderLoginForm } from '../../features/auth/components/header-login-form';
import { useSignOut } from '../../features/auth/hooks/use-sign-out';
import { BrandMark } from '../../features/brand/components/brand-mark';
import { LogoutIcon } from '../../components/ui/icons/logout-icon';
import { ToolIcon } from '../../components/ui/icons/tool-icon';
import { UserIcon } from '../../components/ui/icons/user-icon';
import { useFirstOpen } from '../../components/ui/use-first-open';
import { useBrand } from '../../lib/brand-context';
import { lazyWithPreload } from '../../lib/lazy-with-preload';
import { useSession } from '../../lib/session';
import { isStaff, STAFF_HOME_PATH } from '../../lib/staff';
import { HeaderNav } from './header-nav';
import classes from './header.module.css';

// The phone menu (Drawer, focus trap, scroll lock) is not part of the sign-in page's first
// download (bench/web): its code loads alongside the first narrow-screen render, and never on wide
// screens. It is drawn from its first opening on (useFirstOpen): drawn closed, its parts set state
// right after mounting, which redrew them in one long task just after a page the server rendered
// was taken over (issue #25).
export const HeaderMenu = lazyWithPreload(() =>
  import('./header-menu').then((module) => module.HeaderMenu),
);
// Only staff acting as a customer see the impersonation bar: it loads when such a session starts.
const ImpersonationBar = lazy(() =>
  import('./impersonation-bar').then((module) => ({ default: module.ImpersonationBar })),
);

/** Wide enough for the brand, the navigation and the inline login on one line. */
export const DESKTOP_QUERY = '(min-width: 75em)';

function subscribeToWidth(onChange: () => void): () => void {
  const list = window.matchMedia(DESKTOP_QUERY);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

/**
 * The desktop layout from the first render in the browser; the server lays out a phone's (its
 * pages are measured on one, decision 071), and a page it rendered switches right after hydrating.
 */
function useIsDesktop(): boolean {
  return useSyncExternalStore(
    subscribeToWidth,
    () => window.matchMedia(DESKTOP_QUERY).matches,
    () => false,
  );
}

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
  const isDesktop = useIsDesktop();
  const [isMenuOpen, menu] = useDisclosure(false);
  const menuPanel = useFirstOpen(isMenuOpen);
  const { signOut, isSigningOut } = useSignOut();
  const { data: deviceCount } = useDeviceCount(
    session.loggedIn ? (session.user?.Id ?? null) : null,
  );
  const showsInlineLogin = useShowsInlineLogin();
  const count = session.loggedIn ? (deviceCount ?? null) : null;

  const accountActions = session.loggedIn ? (
    <>
      {/* Staff reach their tools from every page (decision 023); not while acting as a customer. */}
      {isStaff(session.user) && !session.impersonating && (
        <Button
          component={Link}
          to={STAFF_HOME_PATH}
          variant="default"
          leftSection={<ToolIcon size={16} />}
          onClick={menu.close}
        >
          Staff tools
        </Button>
      )}
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
      {session.impersonating && (
        <Suspense fallback={null}>
          <ImpersonationBar />
        </Suspense>
      )}
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
      {!isDesktop && menuPanel.isMounted && (
        <Suspense fallback={null}>
          <HeaderMenu
            opened={menuPanel.isOpened}
            onClose={menu.close}
            deviceCount={count}
            accountActions={accountActions}
          />
        </Suspense>
      )}
    </Box>
  );
}
