import { IconExternalLink } from '@tabler/icons-react';
import { appIcon } from './app-icon';

export const ExternalLinkIcon = appIcon('ExternalLink', IconExternalLink);
