import { IconWifiOff } from '@tabler/icons-react';
import { appIcon } from './app-icon';

export const OfflineIcon = appIcon('Offline', IconWifiOff);
