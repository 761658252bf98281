import { IconAntennaBars5 } from '@tabler/icons-react';
import { appIcon } from './app-icon';

export const SignalIcon = appIcon('Signal', IconAntennaBars5);
