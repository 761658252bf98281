import { IconChevronLeft } from '@tabler/icons-react';
import { appIcon } from './app-icon';

export const ChevronLeftIcon = appIcon('ChevronLeft', IconChevronLeft);
