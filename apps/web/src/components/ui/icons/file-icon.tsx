import { IconFileText } from '@tabler/icons-react';
import { appIcon } from './app-icon';

export const FileIcon = appIcon('File', IconFileText);
