import { IconLock } from '@tabler/icons-react';
import { appIcon } from './app-icon';

export const LockIcon = appIcon('Lock', IconLock);
