import '@mantine/core/styles/Menu.css';
import { useRef } from 'react';
import { Button, Group, Menu, Text } from '@mantine/core';
import { errorMessageFor } from '../../../lib/api-client';
import { useNow } from '../../../lib/use-now';
import { useUnitSnooze } from '../hooks/use-unit-snooze';
import { formatSnoozeEnd } from '../lib/alarm-time';
import { isSnoozeRunning, SNOOZE_HOURS, snoozeLengthLabel } from '../lib/snooze';

const SNOOZE_FAILED = 'The alarms could not be snoozed. Please try again.';

export type SnoozeDevice = {
  Id: number;
  Name: string | null;
  SerialNumber: string;
  TimeZone: number;
  /** The viewer was given the unit: snoozing it is the owner's alone. */
  SubAccountDevice: boolean;
};

/**
 * The owner's snooze (issue #23): "Snooze alarms" for 1, 4 or 24 hours; while snoozed, until
 * when (in the unit's zone) and "Resume". A sub-account has none: it is not theirs to silence.
 */
export function SnoozeControl({ device }: { device: SnoozeDevice }) {
  if (device.SubAccountDevice) return null;
  return <OwnerSnoozeControl device={device} />;
}

function OwnerSnoozeControl({ device }: { device: SnoozeDevice }) {
  const state = useUnitSnooze(device);
  const now = useNow(30_000);
  const statusRef = useRef<HTMLParagraphElement>(null);
  const name = device.Name ?? device.SerialNumber;
  const until = state.snoozedUntil;
  const isSnoozed = isSnoozeRunning(until, now);
  const words = isSnoozed
    ? `Alarms snoozed until ${formatSnoozeEnd(until, device.TimeZone, now)}`
    : state.hasResumed
      ? 'Alarms resumed.'
      : '';
  // The control the focus was on goes away with the change: the words take it, and are read.
  const focusStatus = () => statusRef.current?.focus();

  return (
    <Group gap="xs" wrap="wrap" align="center">
      <Text ref={statusRef} role="status" size="sm" fw={isSnoozed ? 600 : undefined} tabIndex={-1}>
        {words}
      </Text>
      {isSnoozed ? (
        <Button
          size="xs"
          variant="default"
          loading={state.isPending}
          aria-label={`Resume alarms for ${name}`}
          onClick={() => state.resume(focusStatus)}
        >
          Resume
        </Button>
      ) : (
        <Menu position="bottom-start">
          <Menu.Target>
            <Button
              size="xs"
              variant="default"
              loading={state.isPending}
              // Also names the menu, which Mantine labels by its target.
              aria-label={`Snooze alarms for ${name}`}
            >
              Snooze alarms
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Label>Snooze alarms for</Menu.Label>
            {SNOOZE_HOURS.map((hours) => (
              <Menu.Item key={hours} onClick={() => state.snooze(hours, focusStatus)}>
                {snoozeLengthLabel(hours)}
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
      )}
      {state.error && (
        <Text role="alert" size="sm" c="red.8">
          {errorMessageFor(state.error, SNOOZE_FAILED)}
        </Text>
      )}
    </Group>
  );
}
