import { IconTemperature } from '@tabler/icons-react';
import { appIcon } from './app-icon';

export const ThermometerIcon = appIcon('Thermometer', IconTemperature);
