import { IconStar } from '@tabler/icons-react';
import { appIcon } from './app-icon';

export const StarIcon = appIcon('Star', IconStar);
