import { IconRipple } from '@tabler/icons-react';
import { appIcon } from './app-icon';

export const WavesIcon = appIcon('Waves', IconRipple);
