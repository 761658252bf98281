import { IconClock } from '@tabler/icons-react';
import { appIcon } from './app-icon';

export const ClockIcon = appIcon('Clock', IconClock);
