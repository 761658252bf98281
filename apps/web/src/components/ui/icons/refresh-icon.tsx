import { IconRefresh } from '@tabler/icons-react';
import { appIcon } from './app-icon';

export const RefreshIcon = appIcon('Refresh', IconRefresh);
