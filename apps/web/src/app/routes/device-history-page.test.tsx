import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { makeDevice } from '../../entities/device/test/device-fixtures';
import { stubCanvas } from '../../features/history/test/chart-stubs';
import { aPuck, aSummary } from '../../features/history/test/history-fixtures';
import { formatLocalDay } from '../../features/history/lib/local-time';
import { mockApi, type MockRoute } from '../../test/mock-api';
import { renderApp, signInAs } from '../../test/render-app';

const SLOW = { timeout: 5000 };

beforeEach(() => stubCanvas());

function withDevice(
  device = makeDevice({ Id: 11, Name: 'Server Room' }),
  routes: MockRoute[] = [],
) {
  signInAs();
  return mockApi([
    { path: '/api/users/7/devices/11', answer: { body: device } },
    { path: '/api/reportsummary/devices/11', answer: { body: aSummary() } },
    { path: '/api/reportsummary/getspuckreport', answer: { body: aSummary() } },
    { path: '/api/notifications', answer: { body: [] } },
    { path: '/api/reportschedule/devices/11', answer: { body: { WeeklyReport: false } } },
    ...routes,
  ]);
}

describe('history pages', () => {
  it('opens the device history at /devices/{id}/history (device-management §2)', async () => {
    withDevice();
    renderApp('/devices/11/history');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Server Room history' }, SLOW),
    ).toBeInTheDocument();
    expect(
      await screen.findByRole('img', { name: /Graph of temperature and humidity for/ }, SLOW),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '← Server Room' })).toHaveAttribute(
      'href',
      '/devices/11',
    );
    // The owner's weekly report opt-in sits on the device history, not on a puck's.
    expect(
      await screen.findByRole('switch', { name: /^E-mail me a weekly report/ }, SLOW),
    ).not.toBeChecked();
  });

  it('opens a puck’s history from ?view=spuckhistory with its spuckid (device-management §2)', async () => {
    const api = withDevice(makeDevice({ Id: 11, Name: 'Server Room', Peripherals: [aPuck()] }));
    const { location } = renderApp('/devices/11?view=spuckhistory&spuckid=0A-1B-2C-3D');
    await waitFor(() => expect(location().pathname).toBe('/devices/11/spuckhistory'));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Chest freezer history' }, SLOW),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(api.find('GET', '/api/reportsummary/getspuckreport')).toHaveLength(1),
    );
    expect(screen.queryByRole('switch', { name: /^E-mail me a weekly report/ })).toBeNull();
  });

  it('issue #23 alarm log: ?at= opens the day of that moment in the unit’s zone ("See on the graph")', async () => {
    const api = withDevice();
    const at = new Date(Date.now() - 3 * 86_400_000);
    renderApp(`/devices/11/history?at=${encodeURIComponent(at.toISOString())}`);
    expect(await screen.findByTestId('history-period', {}, SLOW)).toHaveTextContent(
      formatLocalDay(at, -5),
    );
    await waitFor(() =>
      expect(api.find('GET', '/api/reportsummary/devices/11').length).toBeGreaterThan(0),
    );
    const [call] = api.find('GET', '/api/reportsummary/devices/11');
    const from = Number(call!.query.get('from')) * 1000;
    const to = Number(call!.query.get('to')) * 1000;
    expect(from).toBeLessThanOrEqual(at.getTime());
    expect(to).toBeGreaterThan(at.getTime());
    expect(to - from).toBe(86_400_000);
  });

  it('says so when the device has no such puck', async () => {
    withDevice();
    renderApp('/devices/11/spuckhistory?spuckid=0A1B2C3D');
    expect(await screen.findByRole('alert', {}, SLOW)).toHaveTextContent('SPuck not found');
  });

  it("shows a NIST unit's certificate on the Device Status tab (device-management §2)", async () => {
    withDevice(makeDevice({ Id: 11, DeviceType: 10 }), [
      {
        path: '/api/nistcertificate/devices/11',
        answer: {
          body: {
            CertificateName: 'NIST-2026-0042',
            CalibrationDate: '2026-03-14',
            DueDate: '2027-03-14',
            Url: '/files/NIST-2026-0042.pdf',
            ExpiresAt: '2026-11-23T16:00:00.000Z',
          },
        },
      },
    ]);
    renderApp('/devices/11');
    expect(await screen.findByText('NIST-2026-0042', {}, SLOW)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download certificate (PDF)' })).toBeInTheDocument();
  });

  it('shows no certificate for a unit that is not NIST', async () => {
    const api = withDevice(makeDevice({ Id: 11, DeviceType: 4 }));
    renderApp('/devices/11');
    expect(
      await screen.findByRole('tab', { name: 'Device Status', selected: true }, SLOW),
    ).toBeInTheDocument();
    expect(
      screen.queryByRole('heading', { name: 'NIST calibration certificate' }),
    ).not.toBeInTheDocument();
    expect(api.find('GET', '/api/nistcertificate/devices/11')).toHaveLength(0);
  });
});
