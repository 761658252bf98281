import type { ComponentType } from 'react';
import type { IconProps as TablerIconProps } from '@tabler/icons-react';

export type IconProps = Omit<TablerIconProps, 'stroke' | 'ref'> & { strokeWidth?: number };

/**
 * The app's icons, from Tabler (the set Mantine's own docs use), named by what they mean here.
 * One place sets the app's look — 20 px, a 1.8 stroke in the text colour — and keeps them
 * decorative: each sits beside words that say the same, so screen readers skip it.
 *
 * One file per icon (icons/<name>-icon.tsx): a chunk carries only the icons it shows. In one shared
 * module every icon any page used shipped in the first download (bench/web, decision 048).
 */
export function appIcon(name: string, Icon: ComponentType<TablerIconProps>) {
  function AppIcon({ size = 20, strokeWidth = 1.8, ...props }: IconProps) {
    return <Icon size={size} stroke={strokeWidth} aria-hidden focusable="false" {...props} />;
  }
  AppIcon.displayName = `${name}Icon`;
  return AppIcon;
}
