import { IconTool } from '@tabler/icons-react';
import { appIcon } from './app-icon';

export const ToolIcon = appIcon('Tool', IconTool);
