import { IconPhone } from '@tabler/icons-react';
import { appIcon } from './app-icon';

export const PhoneIcon = appIcon('Phone', IconPhone);
