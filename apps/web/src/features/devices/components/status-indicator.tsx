import { Badge, Group } from '@mantine/core';
import type { StatusColour } from '@monitor/domain/alarms/status';

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
        // The theme keeps filled green and red dark enough for white text, yellow with dark text.
        color={isSyncing ? 'blue' : colour}
        variant={isSyncing ? 'light' : 'filled'}
        leftSection={<StatusDot />}
        data-status={isSyncing ? 'syncing' : colour}
        miw={84}
      >
        {text}
      </Badge>
      {isRangeChanged && (
        <Badge variant="light" color="blue" size="sm">
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
