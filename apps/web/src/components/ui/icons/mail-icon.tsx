import { IconMail } from '@tabler/icons-react';
import { appIcon } from './app-icon';

export const MailIcon = appIcon('Mail', IconMail);
