import type { ComponentType } from 'react';
import {
  IconAlertTriangle,
  IconAntennaBars5,
  IconBell,
  IconBolt,
  IconCheck,
  IconChevronLeft,
  IconChevronRight,
  IconCircleCheck,
  IconClock,
  IconDeviceSpeaker,
  IconDroplet,
  IconExternalLink,
  IconFileText,
  IconInbox,
  IconLock,
  IconLogout,
  IconMail,
  IconPhone,
  IconPlayerPlay,
  IconQuote,
  IconRefresh,
  IconRipple,
  IconStar,
  IconTemperature,
  IconTool,
  IconUser,
  type IconProps as TablerIconProps,
} from '@tabler/icons-react';

export type IconProps = Omit<TablerIconProps, 'stroke' | 'ref'> & { strokeWidth?: number };

/**
 * The app's icons, from Tabler (the set Mantine's own docs use), named by what they mean here.
 * One place sets the app's look — 20 px, a 1.8 stroke in the text colour — and keeps them
 * decorative: each sits beside words that say the same, so screen readers skip it.
 */
function appIcon(name: string, Icon: ComponentType<TablerIconProps>) {
  function AppIcon({ size = 20, strokeWidth = 1.8, ...props }: IconProps) {
    return <Icon size={size} stroke={strokeWidth} aria-hidden focusable="false" {...props} />;
  }
  AppIcon.displayName = `${name}Icon`;
  return AppIcon;
}

export const AlertIcon = appIcon('Alert', IconAlertTriangle);
export const CheckIcon = appIcon('Check', IconCheck);
export const CircleCheckIcon = appIcon('CircleCheck', IconCircleCheck);
export const ThermometerIcon = appIcon('Thermometer', IconTemperature);
export const DropletIcon = appIcon('Droplet', IconDroplet);
export const BoltIcon = appIcon('Bolt', IconBolt);
export const WavesIcon = appIcon('Waves', IconRipple);
export const BellIcon = appIcon('Bell', IconBell);
export const SignalIcon = appIcon('Signal', IconAntennaBars5);
export const UserIcon = appIcon('User', IconUser);
export const LogoutIcon = appIcon('Logout', IconLogout);
export const MailIcon = appIcon('Mail', IconMail);
export const PhoneIcon = appIcon('Phone', IconPhone);
export const RefreshIcon = appIcon('Refresh', IconRefresh);
export const ChevronLeftIcon = appIcon('ChevronLeft', IconChevronLeft);
export const ChevronRightIcon = appIcon('ChevronRight', IconChevronRight);
export const LockIcon = appIcon('Lock', IconLock);
export const ClockIcon = appIcon('Clock', IconClock);
export const ExternalLinkIcon = appIcon('ExternalLink', IconExternalLink);
export const ToolIcon = appIcon('Tool', IconTool);
export const QuoteIcon = appIcon('Quote', IconQuote);
export const InboxIcon = appIcon('Inbox', IconInbox);
export const PlayIcon = appIcon('Play', IconPlayerPlay);
export const FileIcon = appIcon('File', IconFileText);
export const DeviceIcon = appIcon('Device', IconDeviceSpeaker);
export const StarIcon = appIcon('Star', IconStar);
