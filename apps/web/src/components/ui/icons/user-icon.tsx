import { IconUser } from '@tabler/icons-react';
import { appIcon } from './app-icon';

export const UserIcon = appIcon('User', IconUser);
