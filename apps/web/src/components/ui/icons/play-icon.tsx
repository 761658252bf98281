import { IconPlayerPlay } from '@tabler/icons-react';
import { appIcon } from './app-icon';

export const PlayIcon = appIcon('Play', IconPlayerPlay);
