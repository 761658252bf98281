import { IconBolt } from '@tabler/icons-react';
import { appIcon } from './app-icon';

export const BoltIcon = appIcon('Bolt', IconBolt);
