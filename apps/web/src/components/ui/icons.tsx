import type { ReactNode, SVGProps } from 'react';

export type IconProps = Omit<SVGProps<SVGSVGElement>, 'children'> & { size?: number };

/** Small outline icons drawn inline (24-unit grid, stroke in the text colour); decorative by default. */
function createIcon(name: string, paths: ReactNode) {
  function Icon({ size = 20, strokeWidth = 1.8, ...props }: IconProps) {
    return (
      <svg
        xmlns="http://www.w3.org/2000/svg"
        width={size}
        height={size}
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={strokeWidth}
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden
        focusable="false"
        {...props}
      >
        {paths}
      </svg>
    );
  }
  Icon.displayName = `${name}Icon`;
  return Icon;
}

export const AlertIcon = createIcon(
  'Alert',
  <>
    <path d="M12 9v4" />
    <path d="M10.4 3.9 2.6 17.5A1.9 1.9 0 0 0 4.2 20h15.6a1.9 1.9 0 0 0 1.6-2.5L13.6 3.9a1.9 1.9 0 0 0-3.2 0z" />
    <path d="M12 16.5h.01" />
  </>,
);
export const CheckIcon = createIcon('Check', <path d="m5 12 5 5L20 7" />);
export const CircleCheckIcon = createIcon(
  'CircleCheck',
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="m9 12 2 2 4-4" />
  </>,
);
export const ThermometerIcon = createIcon(
  'Thermometer',
  <path d="M10 13.5V5a2 2 0 1 1 4 0v8.5a4 4 0 1 1-4 0zM10 9h4" />,
);
export const DropletIcon = createIcon(
  'Droplet',
  <path d="M12 3.5s-6 6.6-6 10.8a6 6 0 0 0 12 0C18 10.1 12 3.5 12 3.5z" />,
);
export const BoltIcon = createIcon('Bolt', <path d="M13 3 5 14h6l-1 7 8-11h-6l1-7z" />);
export const WavesIcon = createIcon(
  'Waves',
  <>
    <path d="M3 8c2-1.5 4-1.5 6 0s4 1.5 6 0 4-1.5 6 0" />
    <path d="M3 13c2-1.5 4-1.5 6 0s4 1.5 6 0 4-1.5 6 0" />
    <path d="M3 18c2-1.5 4-1.5 6 0s4 1.5 6 0 4-1.5 6 0" />
  </>,
);
export const BellIcon = createIcon(
  'Bell',
  <>
    <path d="M10 5a2 2 0 1 1 4 0 7 7 0 0 1 4 6v3l2 3H4l2-3v-3a7 7 0 0 1 4-6" />
    <path d="M9 17v1a3 3 0 0 0 6 0v-1" />
  </>,
);
export const SignalIcon = createIcon(
  'Signal',
  <>
    <path d="M4 20v-3M9 20v-7M14 20V9M19 20V4" />
  </>,
);
export const UserIcon = createIcon(
  'User',
  <>
    <circle cx="12" cy="8" r="4" />
    <path d="M5 20a7 7 0 0 1 14 0" />
  </>,
);
export const LogoutIcon = createIcon(
  'Logout',
  <>
    <path d="M14 8V6a2 2 0 0 0-2-2H5a2 2 0 0 0-2 2v12a2 2 0 0 0 2 2h7a2 2 0 0 0 2-2v-2" />
    <path d="M9 12h12l-3-3m0 6 3-3" />
  </>,
);
export const MailIcon = createIcon(
  'Mail',
  <>
    <rect x="3" y="5" width="18" height="14" rx="2" />
    <path d="m3 7 9 6 9-6" />
  </>,
);
export const PhoneIcon = createIcon(
  'Phone',
  <path d="M5 4h4l2 5-2.5 1.5a11 11 0 0 0 5 5L15 13l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 6a2 2 0 0 1 2-2" />,
);
export const RefreshIcon = createIcon(
  'Refresh',
  <>
    <path d="M20 11A8.1 8.1 0 0 0 4.5 9M4 5v4h4" />
    <path d="M4 13a8.1 8.1 0 0 0 15.5 2m.5 4v-4h-4" />
  </>,
);
export const ChevronLeftIcon = createIcon('ChevronLeft', <path d="m15 6-6 6 6 6" />);
export const ChevronRightIcon = createIcon('ChevronRight', <path d="m9 6 6 6-6 6" />);
export const LockIcon = createIcon(
  'Lock',
  <>
    <rect x="5" y="11" width="14" height="10" rx="2" />
    <path d="M8 11V7a4 4 0 1 1 8 0v4" />
  </>,
);
export const ShieldCheckIcon = createIcon(
  'ShieldCheck',
  <>
    <path d="M12 3a12 12 0 0 0 8.5 3A12 12 0 0 1 12 21 12 12 0 0 1 3.5 6 12 12 0 0 0 12 3" />
    <path d="m9 12 2 2 4-4" />
  </>,
);
export const ClockIcon = createIcon(
  'Clock',
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 7v5l3 3" />
  </>,
);
export const ExternalLinkIcon = createIcon(
  'ExternalLink',
  <>
    <path d="M12 6H6a2 2 0 0 0-2 2v10a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2v-6" />
    <path d="M11 13 20 4m-5 0h5v5" />
  </>,
);
export const ToolIcon = createIcon(
  'Tool',
  <path d="M7 10h3V7L6.5 3.5a6 6 0 0 1 8 8l6 6a2.1 2.1 0 0 1-3 3l-6-6a6 6 0 0 1-8-8L7 10" />,
);
export const QuoteIcon = createIcon(
  'Quote',
  <>
    <path d="M10 11H6a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h3a1 1 0 0 1 1 1v6c0 2.7-1.3 4.3-4 5" />
    <path d="M19 11h-4a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h3a1 1 0 0 1 1 1v6c0 2.7-1.3 4.3-4 5" />
  </>,
);
export const InboxIcon = createIcon(
  'Inbox',
  <>
    <rect x="4" y="4" width="16" height="16" rx="2" />
    <path d="M4 13h3l3 3h4l3-3h3" />
  </>,
);
export const PlayIcon = createIcon('Play', <path d="M7 4v16l13-8z" />);
export const FileIcon = createIcon(
  'File',
  <>
    <path d="M14 3v4a1 1 0 0 0 1 1h4" />
    <path d="M17 21H7a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h7l5 5v11a2 2 0 0 1-2 2zM9 13h6M9 17h6" />
  </>,
);
export const TruckIcon = createIcon(
  'Truck',
  <>
    <circle cx="7" cy="17" r="2" />
    <circle cx="17" cy="17" r="2" />
    <path d="M5 17H3V6a1 1 0 0 1 1-1h9v12m-4 0h6m4 0h2v-6h-8m0-5h5l3 5" />
  </>,
);
export const DeviceIcon = createIcon(
  'Device',
  <>
    <rect x="5" y="3" width="14" height="18" rx="3" />
    <path d="M9 7h6M12 17h.01" />
    <circle cx="12" cy="12" r="2" />
  </>,
);
export const StarIcon = createIcon(
  'Star',
  <path d="m12 17.8-6.2 3.2 1.2-6.9-5-4.9 6.9-1 3.1-6.3 3.1 6.3 6.9 1-5 4.9 1.2 6.9z" />,
);
