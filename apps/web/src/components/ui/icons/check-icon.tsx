import { IconCheck } from '@tabler/icons-react';
import { appIcon } from './app-icon';

export const CheckIcon = appIcon('Check', IconCheck);
