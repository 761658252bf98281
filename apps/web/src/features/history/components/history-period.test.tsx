import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { DEVICE_MANAGEMENT_MESSAGES } from '@monitor/domain/shared/device-messages';
import { errorAnswer, mockApi, type MockRoute } from '../../../test/mock-api';
import { stubCanvas } from '../test/chart-stubs';
import {
  aSummary,
  historyDevice,
  renderHistory,
  SUMMARY_PATH,
  unix,
} from '../test/history-fixtures';

beforeEach(() => stubCanvas());

function withSummary(routes: MockRoute[] = []) {
  return mockApi([...routes, { path: SUMMARY_PATH, answer: { body: aSummary() } }]);
}

const shownPeriod = () => screen.getByTestId('history-period');
const lastSummaryCall = (api: ReturnType<typeof mockApi>) => api.find('GET', SUMMARY_PATH).at(-1);

describe('history period navigation', () => {
  it("opens on today in the device's time zone and asks for that day (device-management §4)", async () => {
    const api = withSummary();
    await renderHistory();
    expect(shownPeriod()).toHaveTextContent('Monday, November 23, 2026');
    expect(screen.getByText('Times in Eastern (GMT-5)')).toBeInTheDocument();
    await waitFor(() => expect(lastSummaryCall(api)).toBeDefined());
    const query = lastSummaryCall(api)!.query;
    expect(query.get('from')).toBe(String(unix('2026-11-23T05:00:00Z')));
    expect(query.get('to')).toBe(String(unix('2026-11-24T05:00:00Z')));
    expect(query.get('timeZone')).toBe('-5');
    expect(query.get('tempPref')).toBe('F');
    expect(query.get('userId')).toBe('7');
  });

  it('steps back a day and forward again (device-management §4)', async () => {
    const api = withSummary();
    const { user } = await renderHistory();
    await user.click(screen.getByRole('button', { name: 'Previous day' }));
    expect(shownPeriod()).toHaveTextContent('Sunday, November 22, 2026');
    await waitFor(() =>
      expect(lastSummaryCall(api)?.query.get('from')).toBe(String(unix('2026-11-22T05:00:00Z'))),
    );
    await user.click(screen.getByRole('button', { name: 'Next day' }));
    expect(shownPeriod()).toHaveTextContent('Monday, November 23, 2026');
  });

  it('blocks next while the shown period is the current one (device-management §4, §5)', async () => {
    withSummary();
    const { user } = await renderHistory();
    expect(screen.getByRole('button', { name: 'Next day (not yet available)' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'This Month' }));
    expect(screen.getByRole('button', { name: 'Next month (not yet available)' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Previous month' }));
    expect(shownPeriod()).toHaveTextContent('October 2026');
    expect(screen.getByRole('button', { name: 'Next month' })).toBeEnabled();
  });

  it.each([
    [
      'This Week',
      'November 22 – November 28, 2026',
      '2026-11-22T05:00:00Z',
      '2026-11-29T05:00:00Z',
    ],
    ['This Month', 'November 2026', '2026-11-01T05:00:00Z', '2026-12-01T05:00:00Z'],
    ['This Year', '2026', '2026-01-01T05:00:00Z', '2027-01-01T05:00:00Z'],
  ])(
    '%s shows the current calendar period, weeks from Sunday (device-management §2, §4)',
    async (button, label, from, to) => {
      const api = withSummary();
      const { user } = await renderHistory();
      await user.click(screen.getByRole('button', { name: button }));
      expect(shownPeriod()).toHaveTextContent(label);
      expect(screen.getByRole('button', { name: button })).toHaveAttribute('aria-pressed', 'true');
      await waitFor(() => expect(lastSummaryCall(api)?.query.get('from')).toBe(String(unix(from))));
      expect(lastSummaryCall(api)?.query.get('to')).toBe(String(unix(to)));
    },
  );

  it('Today returns to the current day after stepping back (device-management §2)', async () => {
    withSummary();
    const { user } = await renderHistory();
    await user.click(screen.getByRole('button', { name: 'Previous day' }));
    await user.click(screen.getByRole('button', { name: 'Previous day' }));
    expect(shownPeriod()).toHaveTextContent('Saturday, November 21, 2026');
    await user.click(screen.getByRole('button', { name: 'Today' }));
    expect(shownPeriod()).toHaveTextContent('Monday, November 23, 2026');
  });

  it('refuses a sub-account a period before its creation date, without asking the server (device-management §5)', async () => {
    const api = withSummary();
    const { user } = await renderHistory({
      device: historyDevice({
        SubAccountDevice: true,
        SubAccountDateCreated: '2026-11-23T08:00:00.000Z',
      }),
    });
    await waitFor(() => expect(api.find('GET', SUMMARY_PATH)).toHaveLength(1));
    // The current day starts at the sub-account's creation, not at midnight.
    expect(api.find('GET', SUMMARY_PATH)[0]!.query.get('from')).toBe(
      String(unix('2026-11-23T08:00:00Z')),
    );
    await user.click(screen.getByRole('button', { name: 'Previous day' }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      DEVICE_MANAGEMENT_MESSAGES.recordsPeriodInvalid,
    );
    expect(shownPeriod()).toHaveTextContent('Monday, November 23, 2026');
    expect(api.find('GET', SUMMARY_PATH)).toHaveLength(1);
  });

  it("shows the server's refusal of a period (device-management §5)", async () => {
    mockApi([
      {
        path: SUMMARY_PATH,
        answer: errorAnswer(400, DEVICE_MANAGEMENT_MESSAGES.recordsPeriodInvalid),
      },
    ]);
    await renderHistory();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Cannot view records for given period, please select a different time period.',
    );
    expect(screen.queryByRole('img', { name: /Graph of/ })).not.toBeInTheDocument();
  });

  it('sends the period in the user’s unit when the preference is °C (device-management §9)', async () => {
    const api = withSummary();
    await renderHistory({ unit: 'C' });
    await waitFor(() => expect(lastSummaryCall(api)?.query.get('tempPref')).toBe('C'));
    expect(
      within(await screen.findByRole('table', { name: /This period/ })).getAllByText(/°C/).length,
    ).toBeGreaterThan(0);
  });
});
