import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { errorAnswer, mockApi } from '../../../test/mock-api';
import { stubCanvas } from '../test/chart-stubs';
import {
  aPuck,
  aSummary,
  FILE_PATH,
  historyDevice,
  renderHistory,
  SUMMARY_PATH,
  TABLE_PATH,
  unix,
} from '../test/history-fixtures';

beforeEach(() => stubCanvas());

const FILE = {
  FileName: '11-20261123.csv',
  Url: '/files/11-20261123.csv?sig=abc',
  ExpiresAt: '2026-11-23T15:15:00.000Z',
  RowCount: 120,
};

describe('history file download', () => {
  it('shows progress while the file is made, then opens it (device-management §2, §7)', async () => {
    let answer: (value: { body: unknown }) => void = () => undefined;
    const api = mockApi([
      { path: SUMMARY_PATH, answer: { body: aSummary() } },
      {
        method: 'POST',
        path: FILE_PATH,
        answer: () => new Promise((resolve) => (answer = resolve)),
      },
    ]);
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const { user } = await renderHistory();
    await user.click(screen.getByRole('button', { name: 'Download file (CSV)' }));
    expect(
      await screen.findByRole('progressbar', { name: 'Preparing your file' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download file (CSV)' })).toBeDisabled();

    answer({ body: FILE });
    await waitFor(() => expect(open).toHaveBeenCalledWith(FILE.Url, '_blank', 'noopener'));
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: `Open ${FILE.FileName}` })).toHaveAttribute(
      'href',
      FILE.Url,
    );

    const call = api.find('POST', FILE_PATH)[0]!;
    expect(call.query.get('from')).toBe(String(unix('2026-11-23T05:00:00Z')));
    expect(call.query.get('to')).toBe(String(unix('2026-11-24T05:00:00Z')));
    expect(call.query.get('offset')).toBe(String(-5 * 3600));
    expect(call.query.get('tempPref')).toBe('F');
    expect(call.query.get('alarmClicked')).toBe('false');
    expect(call.query.get('nistDevice')).toBe('false');
    expect(call.body).toEqual({
      from: unix('2026-11-23T05:00:00Z'),
      to: unix('2026-11-24T05:00:00Z'),
    });
  });

  it('asks a file of readings in alarm only while the table is filtered (device-management §7 alarmClicked)', async () => {
    const api = mockApi([
      { path: SUMMARY_PATH, answer: { body: aSummary() } },
      { path: TABLE_PATH, answer: { body: { rows: [], nextCursor: null } } },
      { method: 'POST', path: FILE_PATH, answer: { body: FILE } },
    ]);
    vi.spyOn(window, 'open').mockReturnValue(null);
    const { user } = await renderHistory({ device: historyDevice({ DeviceType: 8 }) });
    await user.click(screen.getByRole('radio', { name: 'Table' }));
    await user.click(await screen.findByRole('switch', { name: 'Show only readings in alarm' }));
    await user.click(screen.getByRole('button', { name: 'Download file (CSV)' }));
    await waitFor(() => expect(api.find('POST', FILE_PATH)).toHaveLength(1));
    expect(api.find('POST', FILE_PATH)[0]!.query.get('alarmClicked')).toBe('true');
    expect(api.find('POST', FILE_PATH)[0]!.query.get('nistDevice')).toBe('true');
  });

  it("shows the server's message when the file cannot be made (device-management §7, §8)", async () => {
    mockApi([
      { path: SUMMARY_PATH, answer: { body: aSummary() } },
      {
        method: 'POST',
        path: FILE_PATH,
        answer: errorAnswer(400, 'Choose a period of at most 366 days.'),
      },
    ]);
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const { user } = await renderHistory();
    await user.click(screen.getByRole('button', { name: 'Download file (CSV)' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Choose a period of at most 366 days.',
    );
    expect(open).not.toHaveBeenCalled();
  });

  it('says "An error occurred generating the file." when the server fails (device-management §8)', async () => {
    mockApi([
      { path: SUMMARY_PATH, answer: { body: aSummary() } },
      { method: 'POST', path: FILE_PATH, answer: errorAnswer(500, 'stack trace') },
    ]);
    const { user } = await renderHistory();
    await user.click(screen.getByRole('button', { name: 'Download file (CSV)' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'An error occurred generating the file.',
    );
  });

  it("names a puck's file by the unit's serial and the puck (device-management §7 Puck file)", async () => {
    const api = mockApi([
      { path: '/api/reportsummary/getspuckreport', answer: { body: aSummary() } },
      { method: 'POST', path: '/api/reportlog/generatespuckfile', answer: { body: FILE } },
    ]);
    vi.spyOn(window, 'open').mockReturnValue(null);
    const { user } = await renderHistory({ puck: aPuck() });
    await user.click(screen.getByRole('button', { name: 'Download file (CSV)' }));
    await waitFor(() =>
      expect(api.find('POST', '/api/reportlog/generatespuckfile')).toHaveLength(1),
    );
    const call = api.find('POST', '/api/reportlog/generatespuckfile')[0]!;
    expect(call.query.get('serial')).toBe('ABC011');
    expect(call.query.get('peripheralId')).toBe('0A1B2C3D');
  });
});
