import { Badge } from '@mantine/core';
import type { AlarmState } from '@monitor/contract/alarms';
import { ALARM_STATE_COLOURS, ALARM_STATE_LABELS } from '../lib/alarm-words';

/** The event's ISA-18.2 state in words; the dot's colour only repeats them. */
export function AlarmStateBadge({ state }: { state: AlarmState }) {
  return (
    <Badge
      variant="dot"
      color={ALARM_STATE_COLOURS[state]}
      size="lg"
      tt="none"
      // The words in the text colour: a coloured label on white is too faint (WCAG 1.4.3).
      styles={{ label: { color: 'var(--mantine-color-text)' } }}
    >
      {ALARM_STATE_LABELS[state]}
    </Badge>
  );
}
