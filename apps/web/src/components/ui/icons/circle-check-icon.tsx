import { IconCircleCheck } from '@tabler/icons-react';
import { appIcon } from './app-icon';

export const CircleCheckIcon = appIcon('CircleCheck', IconCircleCheck);
