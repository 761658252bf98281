import type { ReactNode } from 'react';
import { Button, Divider, Drawer, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { BrandMark } from '../../features/brand/components/brand-mark';
import { useSession } from '../../lib/session';
import { HeaderNav } from './header-nav';

type HeaderMenuProps = {
  opened: boolean;
  onClose: () => void;
  deviceCount: number | null;
  /** Account and Sign out, the same buttons the wide header shows. */
  accountActions: ReactNode;
};

/** The phone menu (store-and-public-site §2 "Header"): the navigation and the account or sign-in actions. */
export function HeaderMenu({ opened, onClose, deviceCount, accountActions }: HeaderMenuProps) {
  const session = useSession();
  return (
    <Drawer
      id="site-menu"
      opened={opened}
      onClose={onClose}
      position="right"
      size="min(100%, 360px)"
      title={<BrandMark size="sm" />}
      closeButtonProps={{ 'aria-label': 'Close menu' }}
    >
      <Stack gap="lg">
        <HeaderNav deviceCount={deviceCount} orientation="vertical" onNavigate={onClose} />
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
            <Button component={Link} to="/login" onClick={onClose} size="md">
              Sign in
            </Button>
            <Button component={Link} to="/register" variant="default" onClick={onClose} size="md">
              Register
            </Button>
          </Stack>
        )}
      </Stack>
    </Drawer>
  );
}
