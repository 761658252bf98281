import { Badge, Group } from '@mantine/core';
import type { StatusColour } from '@monitor/domain/status';

export type StatusIndicatorProps = {
  colour: StatusColour;
  /** A reading is in its range-change sync window: shown as syncing (device-management §4). */
  isSyncing: boolean;
  /** A range changed within 30 minutes (device-management §4). */
  isRangeChanged?: boolean;
  /** What the indicator describes, for screen readers ("Device status", "SPuck status"). */
  label?: string;
};

/** The words beside the colour, so colour is never the only sign of status (device-management §4). */
const TEXT: Record<StatusColour, string> = { green: 'OK', yellow: 'Warning', red: 'Alarm' };
/**
 * Shades whose text keeps a 4.5:1 contrast: white on red 9 (5.5:1) and on a green one step past
 * Mantine's darkest (#267a37, 5.4:1; green 9 gives only 4.4:1), dark on yellow.
 */
const SHADE: Record<StatusColour, string> = { green: '#267a37', yellow: 'yellow.4', red: 'red.9' };

/**
 * The status indicator: green, yellow or red with its word, "Syncing" while a changed range
 * settles, and a "Range changed" flag for 30 minutes after a change (device-management §4).
 */
export function StatusIndicator({
  colour,
  isSyncing,
  isRangeChanged = false,
  label = 'Status',
}: StatusIndicatorProps) {
  const text = isSyncing ? 'Syncing' : TEXT[colour];
  return (
    <Group gap={6} wrap="nowrap">
      <Badge
        role="status"
        aria-label={`${label}: ${text}`}
        color={isSyncing ? 'blue' : SHADE[colour]}
        variant={isSyncing ? 'light' : 'filled'}
        autoContrast
        leftSection={<StatusDot />}
        data-status={isSyncing ? 'syncing' : colour}
        miw={84}
      >
        {text}
      </Badge>
      {isRangeChanged && (
        <Badge variant="outline" color="blue" size="sm">
          Range changed
        </Badge>
      )}
    </Group>
  );
}

function StatusDot() {
  return (
    <span
      aria-hidden
      style={{
        display: 'inline-block',
        width: 8,
        height: 8,
        borderRadius: '50%',
        background: 'currentColor',
      }}
    />
  );
}
