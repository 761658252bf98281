import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { mockApi, type RecordedCall } from '../../../test/mock-api';
import { stubCanvas } from '../test/chart-stubs';
import {
  aSummary,
  renderHistory,
  SUMMARY_PATH,
  TABLE_PATH,
  tableRows,
  unix,
} from '../test/history-fixtures';

beforeEach(() => stubCanvas());

/** The table call as the server pages it: 500 rows, then the rest, newest first. */
function pagedTable(call: RecordedCall) {
  const isAlarmsOnly = call.query.get('alarmBool') === 'true';
  if (isAlarmsOnly) {
    return { body: { rows: tableRows(3, { inAlarm: () => true }), nextCursor: null } };
  }
  if (call.query.get('cursor') === 'page-2') {
    return {
      body: { rows: tableRows(20, { startIso: '2026-11-21T13:15:00.000Z' }), nextCursor: null },
    };
  }
  return { body: { rows: tableRows(500), nextCursor: 'page-2' } };
}

function setUp() {
  return mockApi([
    { path: SUMMARY_PATH, answer: { body: aSummary() } },
    { path: TABLE_PATH, answer: pagedTable },
  ]);
}

async function openTable(user: Awaited<ReturnType<typeof renderHistory>>['user']) {
  await user.click(screen.getByRole('radio', { name: 'Table' }));
  return screen.findByRole('table', { name: /Readings of Server Room/ });
}

// Counted by selector: role queries over 500 rows take seconds in jsdom.
const bodyRows = (table: HTMLElement) => [...table.querySelectorAll('tbody tr')];

describe('history table', () => {
  it('lists 500 readings with a caption, then the next page on "Load more" (device-management §4, §9)', async () => {
    const api = setUp();
    const { user } = await renderHistory();
    const table = await openTable(user);
    expect(table).toHaveAccessibleName(
      'Readings of Server Room, Monday, November 23, 2026, newest first. Times in Eastern (GMT-5).',
    );
    expect(bodyRows(table)).toHaveLength(500);
    expect(
      within(table).getByRole('columnheader', { name: 'Temperature (°F)' }),
    ).toBeInTheDocument();
    expect(api.find('GET', TABLE_PATH)[0]!.query.get('cursor')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() =>
      expect(bodyRows(screen.getByRole('table', { name: /Readings/ }))).toHaveLength(520),
    );
    expect(api.find('GET', TABLE_PATH).at(-1)!.query.get('cursor')).toBe('page-2');
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(screen.getByText(/Showing 520 readings/)).toHaveTextContent('(all of this period)');
  });

  it('starts over from the first 500 for a new period (device-management §4)', async () => {
    const api = setUp();
    const { user } = await renderHistory();
    await openTable(user);
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() =>
      expect(bodyRows(screen.getByRole('table', { name: /Readings/ }))).toHaveLength(520),
    );

    await user.click(screen.getByRole('button', { name: 'Previous day' }));
    await waitFor(() =>
      expect(screen.getByRole('table', { name: /Sunday, November 22, 2026/ })).toBeInTheDocument(),
    );
    expect(bodyRows(screen.getByRole('table', { name: /Readings/ }))).toHaveLength(500);
    const last = api.find('GET', TABLE_PATH).at(-1)!;
    expect(last.query.get('cursor')).toBeNull();
    expect(last.query.get('from')).toBe(String(unix('2026-11-22T05:00:00Z')));
  });

  it('starts over from the first 500 when the period’s data are fetched anew (device-management §4)', async () => {
    const api = setUp();
    const { user, queryClient } = await renderHistory();
    await openTable(user);
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() =>
      expect(bodyRows(screen.getByRole('table', { name: /Readings/ }))).toHaveLength(520),
    );
    const tableCalls = api.find('GET', TABLE_PATH).length;

    await queryClient.refetchQueries({ queryKey: ['history', 'summary'] });
    await waitFor(() => expect(api.find('GET', TABLE_PATH).length).toBeGreaterThan(tableCalls));
    await waitFor(() =>
      expect(bodyRows(screen.getByRole('table', { name: /Readings/ }))).toHaveLength(500),
    );
    expect(api.find('GET', TABLE_PATH).at(-1)!.query.get('cursor')).toBeNull();
    expect(screen.getByRole('button', { name: 'Load more' })).toBeInTheDocument();
  });

  it('keeps only readings in alarm when the filter is on (device-management §2, §7 alarmBool)', async () => {
    const api = setUp();
    const { user } = await renderHistory();
    await openTable(user);
    await user.click(screen.getByRole('switch', { name: 'Show only readings in alarm' }));
    await waitFor(() =>
      expect(bodyRows(screen.getByRole('table', { name: /only those in alarm/ }))).toHaveLength(3),
    );
    expect(api.find('GET', TABLE_PATH).at(-1)!.query.get('alarmBool')).toBe('true');
    for (const row of bodyRows(screen.getByRole('table', { name: /Readings/ }))) {
      expect(row.lastElementChild).toHaveTextContent('Yes');
    }
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('heads the temperature column in the user’s unit (device-management §9)', async () => {
    const api = setUp();
    const { user } = await renderHistory({ unit: 'C' });
    const table = await openTable(user);
    expect(
      within(table).getByRole('columnheader', { name: 'Temperature (°C)' }),
    ).toBeInTheDocument();
    expect(api.find('GET', TABLE_PATH)[0]!.query.get('tempPref')).toBe('C');
  });
});
