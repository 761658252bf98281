import { render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { evaluateDeviceStatus } from '@monitor/domain/alarms/status';
import { StatusIndicator } from './status-indicator';

const renderIndicator = (props: Parameters<typeof StatusIndicator>[0]) =>
  render(
    <MantineProvider>
      <StatusIndicator {...props} />
    </MantineProvider>,
  );

const NOW = new Date('2026-11-22T08:00:00Z');
const minutesAgo = (minutes: number) => new Date(NOW.getTime() - minutes * 60_000);

describe('StatusIndicator', () => {
  it('names each level in words, not colour alone (device-management §4 "Status levels")', () => {
    const { rerender } = renderIndicator({
      colour: 'green',
      isSyncing: false,
      label: 'Freezer status',
    });
    expect(screen.getByRole('status', { name: 'Freezer status: OK' })).toHaveTextContent('OK');
    rerender(
      <MantineProvider>
        <StatusIndicator colour="yellow" isSyncing={false} label="Freezer status" />
      </MantineProvider>,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Warning');
    rerender(
      <MantineProvider>
        <StatusIndicator colour="red" isSyncing={false} label="Freezer status" />
      </MantineProvider>,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Alarm');
  });

  it('issue #23 finding 1: shows the alarm, not Syncing, for a reading out of a range changed 10 minutes ago, with the range-change flag', () => {
    const status = evaluateDeviceStatus(
      {
        deviceType: 4,
        isMuted: false,
        power: 1,
        temperature: { value: 120, range: { min: 40, max: 85 }, lastRangeChange: minutesAgo(10) },
        humidity: null,
        water: null,
        motion: null,
      },
      NOW,
    );
    renderIndicator({
      colour: status.colour,
      isSyncing: status.isSyncing,
      isRangeChanged: status.temperature?.isRangeChanged,
    });
    expect(screen.getByRole('status')).toHaveTextContent('Alarm');
    expect(screen.getByText('Range changed')).toBeInTheDocument();
  });

  it('shows Syncing instead of the colour while a changed range settles (device-management §4)', () => {
    const status = evaluateDeviceStatus(
      {
        deviceType: 4,
        isMuted: false,
        power: 1,
        temperature: { value: 60, range: { min: 40, max: 85 }, lastRangeChange: minutesAgo(10) },
        humidity: null,
        water: null,
        motion: null,
      },
      NOW,
    );
    renderIndicator({
      colour: status.colour,
      isSyncing: status.isSyncing,
      isRangeChanged: status.temperature?.isRangeChanged,
    });
    expect(screen.getByRole('status')).toHaveTextContent('Syncing');
    expect(screen.getByRole('status')).toHaveAttribute('data-status', 'syncing');
    expect(screen.getByText('Range changed')).toBeInTheDocument();
  });

  it('drops the range-change flag 30 minutes after the change (device-management §4, §9)', () => {
    const status = evaluateDeviceStatus(
      {
        deviceType: 4,
        isMuted: false,
        power: 1,
        temperature: { value: 120, range: { min: 40, max: 85 }, lastRangeChange: minutesAgo(30) },
        humidity: null,
        water: null,
        motion: null,
      },
      NOW,
    );
    renderIndicator({
      colour: status.colour,
      isSyncing: status.isSyncing,
      isRangeChanged: status.temperature?.isRangeChanged,
    });
    expect(screen.getByRole('status')).toHaveTextContent('Alarm');
    expect(screen.queryByText('Range changed')).not.toBeInTheDocument();
  });
});
