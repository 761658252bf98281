import { IconInbox } from '@tabler/icons-react';
import { appIcon } from './app-icon';

export const InboxIcon = appIcon('Inbox', IconInbox);
