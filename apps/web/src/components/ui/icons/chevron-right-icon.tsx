import { IconChevronRight } from '@tabler/icons-react';
import { appIcon } from './app-icon';

export const ChevronRightIcon = appIcon('ChevronRight', IconChevronRight);
