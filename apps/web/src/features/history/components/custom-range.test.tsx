import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { DEVICE_MANAGEMENT_MESSAGES } from '@monitor/domain/shared/device-messages';
import { mockApi } from '../../../test/mock-api';
import { stubCanvas } from '../test/chart-stubs';
import {
  aSummary,
  historyDevice,
  renderHistory,
  SUMMARY_PATH,
  unix,
} from '../test/history-fixtures';

beforeEach(() => stubCanvas());

type User = Awaited<ReturnType<typeof renderHistory>>['user'];

async function pickDay(user: User, field: 'First day' | 'Last day', day: string) {
  const dialog = screen.getByRole('dialog', { name: 'Choose a date range' });
  await user.click(within(dialog).getByRole('button', { name: field }));
  await user.click(await within(dialog).findByRole('button', { name: day }));
}

describe('custom range', () => {
  it('offers no day after today in the device’s time zone (device-management §5)', async () => {
    mockApi([{ path: SUMMARY_PATH, answer: { body: aSummary() } }]);
    const { user } = await renderHistory();
    await user.click(screen.getByRole('button', { name: 'Custom range' }));
    const dialog = screen.getByRole('dialog', { name: 'Choose a date range' });
    await user.click(within(dialog).getByRole('button', { name: 'Last day' }));
    expect(await within(dialog).findByRole('button', { name: '23 November 2026' })).toBeEnabled();
    expect(within(dialog).getByRole('button', { name: '24 November 2026' })).toBeDisabled();
  });

  it('starts from the shown period, its last day never past today (device-management §5)', async () => {
    mockApi([{ path: SUMMARY_PATH, answer: { body: aSummary() } }]);
    const { user } = await renderHistory();
    await user.click(screen.getByRole('button', { name: 'This Year' }));
    await user.click(screen.getByRole('button', { name: 'Custom range' }));
    const dialog = screen.getByRole('dialog', { name: 'Choose a date range' });
    expect(within(dialog).getByRole('button', { name: 'First day' })).toHaveTextContent(
      'January 1, 2026',
    );
    expect(within(dialog).getByRole('button', { name: 'Last day' })).toHaveTextContent(
      'November 23, 2026',
    );
  });

  it('refuses a last day before the first one at the field, as soon as it is chosen (device-management §5; issue #24)', async () => {
    const api = mockApi([{ path: SUMMARY_PATH, answer: { body: aSummary() } }]);
    const { user } = await renderHistory();
    await waitFor(() => expect(api.find('GET', SUMMARY_PATH)).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: 'Custom range' }));
    await pickDay(user, 'First day', '20 November 2026');
    await pickDay(user, 'Last day', '10 November 2026');
    const dialog = screen.getByRole('dialog', { name: 'Choose a date range' });
    const lastDay = within(dialog).getByRole('button', { name: 'Last day' });
    expect(lastDay).toHaveAccessibleDescription(
      'The last day is before the first day. Choose a last day on or after the first.',
    );
    expect(lastDay).toHaveAttribute('aria-invalid', 'true');
    await user.click(screen.getByRole('button', { name: 'Show this range' }));
    expect(screen.getByRole('dialog', { name: 'Choose a date range' })).toBeInTheDocument();
    expect(screen.getByTestId('history-period')).toHaveTextContent('Monday, November 23, 2026');
    expect(api.find('GET', SUMMARY_PATH)).toHaveLength(1);
  });

  it('shows whole days from the first to the last, in the device’s zone (device-management §2, §4)', async () => {
    const api = mockApi([{ path: SUMMARY_PATH, answer: { body: aSummary() } }]);
    const { user } = await renderHistory();
    await user.click(screen.getByRole('button', { name: 'Custom range' }));
    await pickDay(user, 'First day', '2 November 2026');
    await pickDay(user, 'Last day', '15 November 2026');
    await user.click(screen.getByRole('button', { name: 'Show this range' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByTestId('history-period')).toHaveTextContent(
      'November 2 – November 15, 2026',
    );
    expect(screen.getByRole('button', { name: 'Custom range' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await waitFor(() =>
      expect(api.find('GET', SUMMARY_PATH).at(-1)?.query.get('from')).toBe(
        String(unix('2026-11-02T05:00:00Z')),
      ),
    );
    expect(api.find('GET', SUMMARY_PATH).at(-1)?.query.get('to')).toBe(
      String(unix('2026-11-16T05:00:00Z')),
    );
  });

  it('refuses a sub-account a range that ends before its creation date (device-management §5)', async () => {
    mockApi([{ path: SUMMARY_PATH, answer: { body: aSummary() } }]);
    const { user } = await renderHistory({
      device: historyDevice({
        SubAccountDevice: true,
        SubAccountDateCreated: '2026-11-20T12:00:00.000Z',
      }),
    });
    await user.click(screen.getByRole('button', { name: 'Custom range' }));
    await pickDay(user, 'First day', '2 November 2026');
    await pickDay(user, 'Last day', '15 November 2026');
    await user.click(screen.getByRole('button', { name: 'Show this range' }));
    expect(within(screen.getByRole('dialog')).getByRole('alert')).toHaveTextContent(
      DEVICE_MANAGEMENT_MESSAGES.recordsPeriodInvalid,
    );
  });
});
