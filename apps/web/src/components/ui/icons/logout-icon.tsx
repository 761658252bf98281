import { IconLogout } from '@tabler/icons-react';
import { appIcon } from './app-icon';

export const LogoutIcon = appIcon('Logout', IconLogout);
