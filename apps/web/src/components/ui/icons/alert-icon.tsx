import { IconAlertTriangle } from '@tabler/icons-react';
import { appIcon } from './app-icon';

export const AlertIcon = appIcon('Alert', IconAlertTriangle);
