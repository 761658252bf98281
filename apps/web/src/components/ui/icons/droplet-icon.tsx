import { IconDroplet } from '@tabler/icons-react';
import { appIcon } from './app-icon';

export const DropletIcon = appIcon('Droplet', IconDroplet);
