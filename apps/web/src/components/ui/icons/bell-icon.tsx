import { IconBell } from '@tabler/icons-react';
import { appIcon } from './app-icon';

export const BellIcon = appIcon('Bell', IconBell);
