import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { mockApi } from '../../../test/mock-api';
import { stubCanvas } from '../test/chart-stubs';
import {
  aPuck,
  aSummary,
  CERTIFICATE_PATH,
  historyDevice,
  renderHistory,
  SUMMARY_PATH,
} from '../test/history-fixtures';

beforeEach(() => stubCanvas());

const legendRow = (label: string) =>
  [...document.querySelectorAll('.u-legend .u-series')].find((row) =>
    row.textContent?.includes(label),
  );

describe('history graph', () => {
  it('shows a loading skeleton while the summary loads, then the named chart (device-management §2)', async () => {
    let answer: (value: { body: unknown }) => void = () => undefined;
    mockApi([{ path: SUMMARY_PATH, answer: () => new Promise((resolve) => (answer = resolve)) }]);
    await renderHistory();
    expect(await screen.findByLabelText('Loading the graph')).toBeInTheDocument();
    answer({ body: aSummary() });
    expect(
      await screen.findByRole('img', {
        name: 'Graph of temperature and humidity for Monday, November 23, 2026',
      }),
    ).toBeInTheDocument();
    expect(screen.queryByLabelText('Loading the graph')).not.toBeInTheDocument();
  });

  it('gives the chart its statistics as a text alternative (device-management §2)', async () => {
    mockApi([{ path: SUMMARY_PATH, answer: { body: aSummary() } }]);
    await renderHistory();
    const chart = await screen.findByRole('img', { name: /Graph of temperature and humidity/ });
    const stats = document.getElementById(chart.getAttribute('aria-describedby') ?? '');
    expect(stats).not.toBeNull();
    const temperature = within(stats!).getByRole('row', { name: /Temperature/ });
    expect(temperature).toHaveTextContent('68.0 °F');
    expect(temperature).toHaveTextContent('72.0 °F');
    expect(temperature).toHaveTextContent('70.0 °F');
    expect(within(stats!).getByRole('row', { name: /Humidity/ })).toHaveTextContent('44.5 %');
    expect(stats).toHaveTextContent('Power on throughout this period.');
  });

  it('shows the latest values in the legend while nothing is hovered, not dashes (issue #24)', async () => {
    mockApi([{ path: SUMMARY_PATH, answer: { body: aSummary() } }]);
    await renderHistory();
    await screen.findByRole('img', { name: /Graph of temperature and humidity/ });
    await waitFor(() => expect(legendRow('Temperature')).toHaveTextContent('72 °F'));
    expect(legendRow('Humidity')).toHaveTextContent('49 %');
    expect(legendRow('Time')).toHaveTextContent('Nov 23, 9:00 AM (latest)');
  });

  it('hides and shows each series with its checkbox (device-management §2)', async () => {
    mockApi([{ path: SUMMARY_PATH, answer: { body: aSummary() } }]);
    const { user } = await renderHistory();
    await screen.findByRole('img', { name: /Graph of temperature and humidity/ });
    expect(legendRow('Humidity')).not.toHaveClass('u-off');

    await user.click(screen.getByRole('checkbox', { name: 'Humidity' }));
    expect(
      screen.getByRole('img', { name: 'Graph of temperature for Monday, November 23, 2026' }),
    ).toBeInTheDocument();
    expect(legendRow('Humidity')).toHaveClass('u-off');
    expect(legendRow('Temperature')).not.toHaveClass('u-off');
    const stats = screen.getByRole('table', { name: 'This period' });
    expect(within(stats).queryByRole('row', { name: /Humidity/ })).not.toBeInTheDocument();

    await user.click(screen.getByRole('checkbox', { name: 'Temperature' }));
    expect(screen.queryByRole('img', { name: /Graph of/ })).not.toBeInTheDocument();
    expect(
      screen.getByText('Choose temperature or humidity to see the graph.'),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('checkbox', { name: 'Humidity' }));
    expect(screen.getByRole('img', { name: /Graph of humidity for/ })).toBeInTheDocument();
    expect(legendRow('Temperature')).toHaveClass('u-off');
  });

  it('says the device has no data when the summary query fails, with no chart (device-management §4)', async () => {
    mockApi([
      {
        path: SUMMARY_PATH,
        answer: { status: 500, body: { error: { code: 500, message: 'boom' } } },
      },
    ]);
    await renderHistory();
    expect(
      await screen.findByRole('heading', { name: 'No data for this period' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Server Room has no readings for Monday, November 23, 2026.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /Graph of/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('says so when the period has no readings at all (device-management §4)', async () => {
    mockApi([
      {
        path: SUMMARY_PATH,
        answer: {
          body: aSummary({
            tempData: [],
            humidityData: [],
            powerData: [],
            stats: { temperature: null, humidity: null },
          }),
        },
      },
    ]);
    await renderHistory();
    expect(
      await screen.findByRole('heading', { name: 'No data for this period' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /Graph of/ })).not.toBeInTheDocument();
  });

  it('tells how long the power was off in the period (device-management §9: 5.01 is OFF)', async () => {
    const start = Date.parse('2026-11-23T05:00:00Z');
    const hour = 3_600_000;
    mockApi([
      {
        path: SUMMARY_PATH,
        answer: {
          body: aSummary({
            powerData: [
              [start, 5],
              [start + hour, 5.01],
              [start + 3 * hour, 5],
            ],
          }),
        },
      },
    ]);
    await renderHistory();
    expect(await screen.findByRole('img', { name: /Power graph for/ })).toBeInTheDocument();
    expect(screen.getByText('Power off for about 2 h in this period.')).toBeInTheDocument();
  });

  it('gives a NIST unit its power graph zoom and pan, and its certificate (device-management §2, §9)', async () => {
    mockApi([
      { path: SUMMARY_PATH, answer: { body: aSummary() } },
      {
        path: CERTIFICATE_PATH,
        answer: {
          body: {
            CertificateName: 'NIST-2026-0042',
            CalibrationDate: '2026-03-14',
            DueDate: '2027-03-14',
            Url: '/files/NIST-2026-0042.pdf?sig=abc',
            ExpiresAt: '2026-11-23T16:00:00.000Z',
          },
        },
      },
    ]);
    const { user } = await renderHistory({ device: historyDevice({ DeviceType: 8 }) });
    const zoom = await screen.findByRole('group', { name: 'Power graph zoom' });
    await user.click(within(zoom).getByRole('button', { name: 'Zoom in' }));
    await user.click(within(zoom).getByRole('button', { name: 'Pan earlier' }));
    expect(screen.getByRole('img', { name: /Power graph for/ })).toBeInTheDocument();
    expect(await screen.findByText('NIST-2026-0042')).toBeInTheDocument();
    expect(screen.getByText('March 14, 2026')).toBeInTheDocument();
    expect(screen.getByText('March 14, 2027')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download certificate (PDF)' })).toHaveAttribute(
      'href',
      '/files/NIST-2026-0042.pdf?sig=abc',
    );
  });

  it("shows the §8 message when a NIST unit's certificate cannot be fetched (device-management §8)", async () => {
    mockApi([
      { path: SUMMARY_PATH, answer: { body: aSummary() } },
      {
        path: CERTIFICATE_PATH,
        answer: { status: 404, body: { error: { code: 404, message: 'No certificate.' } } },
      },
    ]);
    await renderHistory({ device: historyDevice({ DeviceType: 9 }) });
    await waitFor(() =>
      expect(
        screen.getByText(
          "An error occurred downloading the device's NIST Certificate. Please contact customer support for further assistance.",
        ),
      ).toBeInTheDocument(),
    );
    // NIST 9 and 10 hide humidity (device-management §4): no checkboxes, temperature only.
    expect(screen.queryByRole('checkbox', { name: 'Humidity' })).not.toBeInTheDocument();
    expect(
      await screen.findByRole('img', { name: /Graph of temperature for/ }),
    ).toBeInTheDocument();
  });

  it('graphs a 32772 puck’s humidity only, through the puck call (device-management §4, §7)', async () => {
    const api = mockApi([
      {
        path: '/api/reportsummary/getspuckreport',
        answer: { body: aSummary({ tempData: [], powerData: [] }) },
      },
    ]);
    await renderHistory({ puck: aPuck({ LogicLevel: 32772 }) });
    expect(await screen.findByRole('img', { name: /Graph of humidity for/ })).toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /Power graph/ })).not.toBeInTheDocument();
    const call = api.find('GET', '/api/reportsummary/getspuckreport')[0]!;
    expect(call.query.get('peripheralId')).toBe('0A1B2C3D');
    expect(call.query.get('deviceId')).toBe('11');
  });

  it('sends a water-only puck to its table: it has no data graph (device-management §4)', async () => {
    mockApi([
      { path: '/api/reportsummary/getspuckreport', answer: { body: aSummary() } },
      {
        path: '/api/reporttable/queryspucktable',
        answer: { body: { rows: [], nextCursor: null } },
      },
    ]);
    await renderHistory({ puck: aPuck({ LogicLevel: 32769 }) });
    expect(
      screen.getByText('This SPuck senses water only: its readings are in the table.'),
    ).toBeInTheDocument();
    expect(await screen.findByText('No readings in this period.')).toBeInTheDocument();
  });
});
