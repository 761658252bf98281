import { IconDeviceSpeaker } from '@tabler/icons-react';
import { appIcon } from './app-icon';

export const DeviceIcon = appIcon('Device', IconDeviceSpeaker);
