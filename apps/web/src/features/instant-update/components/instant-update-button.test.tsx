import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { DEVICE_RULE_MESSAGES } from '@monitor/domain/devices/device-rule-messages';
import { DEVICE_MANAGEMENT_MESSAGES } from '@monitor/domain/shared/device-messages';
import { STORE_SUB_ACCOUNT_MESSAGES } from '@monitor/domain/shared/store-messages';
import { DEMO_USER } from '../../../test/fixtures';
import { errorAnswer, mockApi, type MockRoute } from '../../../test/mock-api';
import { signInAs } from '../../../test/render-app';
import { DEVICE, renderInstantUpdateButton } from '../test/render-instant-update';
import type { InstantUpdateDevice } from './instant-update-mode';

const NOW = new Date('2026-11-22T08:00:00.000Z');
const BEFORE = '2026-11-22T07:00:00.000Z';
const AFTER = '2026-11-22T08:00:12.000Z';

/** Advances the fake clock and lets the answers that were due arrive. */
const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
/** Advances the fake clock to `ms` after an instant (finding elements may have moved it already). */
const advanceTo = (from: number, ms: number) => advance(from + ms - Date.now());

/** When the command was sent, on the fake clock. */
let sentAt = 0;

/**
 * The calls of the flow: 3 updates left; the report time reads BEFORE until `changesAtCheck`
 * (1-based count of checks after sending), then AFTER. The first read is the one before sending.
 */
function flowRoutes({
  left = 3,
  changesAtCheck = Infinity,
  send = { body: { ok: true } },
  command = 'RPT',
}: {
  left?: number;
  changesAtCheck?: number;
  send?: { status?: number; body?: unknown };
  command?: 'RPT' | 'DOG';
} = {}): MockRoute[] {
  let reads = 0;
  return [
    {
      path: '/api/users/getInstantUpdates',
      answer: { body: { UserDeviceId: DEVICE.Id, InstantUpdates: left } },
    },
    {
      path: '/api/reportlog/lastUpdatedTime',
      answer: () => {
        reads += 1;
        const checksDone = reads - 1;
        return { body: { ReportTimestamp: checksDone >= changesAtCheck ? AFTER : BEFORE } };
      },
    },
    {
      method: 'POST',
      path: `/api/devices/${DEVICE.Id}/sendtext/${command}`,
      answer: () => {
        sentAt = Date.now();
        return send;
      },
    },
    {
      path: '/api/users/decrementInstantUpdate',
      answer: { body: { UserDeviceId: DEVICE.Id, InstantUpdates: left - 1 } },
    },
  ];
}

async function startUpdate(device: InstantUpdateDevice = DEVICE, label = 'Instant Update') {
  const rendered = renderInstantUpdateButton(device);
  await rendered.user.click(
    await screen.findByRole('button', { name: `${label} (${device.Name})` }),
  );
  const confirm = await screen.findByRole('dialog', { name: label });
  const confirmLabel = label === 'Pet Monitor' ? 'Start Pet Monitor' : 'Request update';
  await waitFor(() =>
    expect(within(confirm).getByRole('button', { name: confirmLabel })).toBeEnabled(),
  );
  await rendered.user.click(within(confirm).getByRole('button', { name: confirmLabel }));
  const progress = await screen.findByRole('dialog', { name: label });
  return { ...rendered, progress };
}

beforeEach(() => {
  vi.useFakeTimers({ now: NOW });
  // Testing Library's waitFor advances fake timers when it finds a `jest` global that can.
  vi.stubGlobal('jest', { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) });
  signInAs();
});

describe('instant update button', () => {
  it('asks first and shows how many instant updates are left (device-management §4)', async () => {
    const api = mockApi(flowRoutes({ left: 3 }));
    const { user } = renderInstantUpdateButton();
    await user.click(
      await screen.findByRole('button', { name: 'Instant Update (Kitchen freezer)' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Instant Update' });
    expect(await within(dialog).findByText(/instant updates left/)).toHaveTextContent(
      'You have 3 instant updates left.',
    );
    const [call] = api.find('GET', '/api/users/getInstantUpdates');
    expect(call!.query.get('id')).toBe(String(DEMO_USER.Id));
    expect(call!.query.get('serialNumber')).toBe(DEVICE.SerialNumber);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.find('POST', `/api/devices/${DEVICE.Id}/sendtext/RPT`)).toHaveLength(0);
  });

  it('sends RPT, waits 10 s, and succeeds on the first check with one update spent (device-management §4)', async () => {
    const api = mockApi(flowRoutes({ changesAtCheck: 1 }));
    const { progress, onResult } = await startUpdate();
    expect(api.find('POST', `/api/devices/${DEVICE.Id}/sendtext/RPT`)).toHaveLength(1);
    await advance(0);
    expect(within(progress).getByRole('status')).toHaveTextContent(
      'Request sent. Waiting for the device to report…',
    );
    expect(
      within(progress).getByRole('progressbar', { name: 'Instant Update progress' }),
    ).toBeVisible();
    await advanceTo(sentAt, 9_999);
    expect(api.find('GET', '/api/reportlog/lastUpdatedTime')).toHaveLength(1);
    expect(api.find('GET', '/api/users/decrementInstantUpdate')).toHaveLength(0);
    await advanceTo(sentAt, 10_000);
    await waitFor(() => expect(onResult).toHaveBeenCalledWith('succeeded'));
    expect(screen.queryByRole('dialog', { name: 'Instant Update' })).not.toBeInTheDocument();
    const [decrement] = api.find('GET', '/api/users/decrementInstantUpdate');
    expect(decrement!.query.get('id')).toBe(String(DEMO_USER.Id));
    expect(decrement!.query.get('userdeviceId')).toBe(String(DEVICE.Id));
    expect(api.find('GET', '/api/reportlog/lastUpdatedTime')[0]!.query.get('imei')).toBe(
      DEVICE.DeviceId,
    );
    expect(
      await screen.findByText(
        'Kitchen freezer has sent a fresh report. You have 2 instant updates left.',
      ),
    ).toBeInTheDocument();
  });

  it('polls every 10 s and succeeds when a later check finds the new report (device-management §4)', async () => {
    const api = mockApi(flowRoutes({ changesAtCheck: 3 }));
    const { progress, onResult } = await startUpdate();
    await advanceTo(sentAt, 10_000);
    expect(within(progress).getByRole('status')).toHaveTextContent(
      'No new report yet (check 1 of 9). Checking again in 10 seconds…',
    );
    await advanceTo(sentAt, 20_000);
    expect(within(progress).getByRole('status')).toHaveTextContent('check 2 of 9');
    expect(api.find('GET', '/api/users/decrementInstantUpdate')).toHaveLength(0);
    await advanceTo(sentAt, 30_000);
    await waitFor(() => expect(onResult).toHaveBeenCalledWith('succeeded'));
    // one read before sending, then three checks
    expect(api.find('GET', '/api/reportlog/lastUpdatedTime')).toHaveLength(4);
    expect(api.find('GET', '/api/users/decrementInstantUpdate')).toHaveLength(1);
  });

  it("says 'Update Failed. Please try again.' after 9 checks without a new report and spends nothing (device-management §4, §9)", async () => {
    const api = mockApi(flowRoutes());
    const { progress, user, onResult } = await startUpdate();
    await advanceTo(sentAt, 89_999);
    expect(within(progress).queryByRole('alert')).not.toBeInTheDocument();
    await advanceTo(sentAt, 90_000);
    expect(within(progress).getByRole('alert')).toHaveTextContent(
      STORE_SUB_ACCOUNT_MESSAGES.instantUpdateFailed,
    );
    expect(api.find('GET', '/api/reportlog/lastUpdatedTime')).toHaveLength(1 + 9);
    await advance(60_000);
    expect(api.find('GET', '/api/reportlog/lastUpdatedTime')).toHaveLength(1 + 9);
    expect(api.find('GET', '/api/users/decrementInstantUpdate')).toHaveLength(0);
    await user.click(within(progress).getByRole('button', { name: 'Close' }));
    expect(onResult).toHaveBeenCalledWith('failed');
  });

  it("shows a failed send in the 'Error!' alert and closes the dialog with an error after 3 s (device-management §4, §8)", async () => {
    const api = mockApi(flowRoutes({ send: errorAnswer(500, 'boom') }));
    const { progress, onResult } = await startUpdate();
    await advance(0);
    const alert = screen.getByRole('dialog', { name: 'Error!' });
    expect(within(alert).getByText(DEVICE_MANAGEMENT_MESSAGES.sendTextFailed)).toBeInTheDocument();
    await advanceTo(sentAt, 2_999);
    expect(progress).toBeInTheDocument();
    expect(onResult).not.toHaveBeenCalled();
    await advanceTo(sentAt, 3_000);
    await waitFor(() => expect(onResult).toHaveBeenCalledWith('error'));
    expect(screen.queryByRole('dialog', { name: 'Instant Update' })).not.toBeInTheDocument();
    expect(api.find('GET', '/api/users/decrementInstantUpdate')).toHaveLength(0);
  });

  it("shows the server's refusal word for word when the device changed since the page loaded (device-management §7)", async () => {
    mockApi(
      flowRoutes({ send: errorAnswer(409, DEVICE_RULE_MESSAGES.instantUpdateDeviceInactive) }),
    );
    await startUpdate();
    const alert = await screen.findByRole('dialog', { name: 'Error!' });
    expect(
      within(alert).getByText(DEVICE_RULE_MESSAGES.instantUpdateDeviceInactive),
    ).toBeInTheDocument();
  });

  it("shows 'An error occurred loading device information.' when the count cannot be read (device-management §8)", async () => {
    const api = mockApi([
      { path: '/api/users/getInstantUpdates', answer: errorAnswer(500, 'boom') },
      ...flowRoutes(),
    ]);
    const { user } = renderInstantUpdateButton();
    await user.click(
      await screen.findByRole('button', { name: 'Instant Update (Kitchen freezer)' }),
    );
    const alert = await screen.findByRole('dialog', { name: 'Error!' });
    expect(
      within(alert).getByText(DEVICE_MANAGEMENT_MESSAGES.loadDeviceInformationFailed),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Instant Update' })).not.toBeInTheDocument();
    expect(api.find('POST', `/api/devices/${DEVICE.Id}/sendtext/RPT`)).toHaveLength(0);
  });

  it('offers to buy one when none are left and goes to the cart with item 13 (device-management §4, §9)', async () => {
    const api = mockApi(flowRoutes({ left: 0 }));
    const { user, router } = renderInstantUpdateButton();
    await user.click(
      await screen.findByRole('button', { name: 'Instant Update (Kitchen freezer)' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Instant Update' });
    expect(
      await within(dialog).findByText(
        'You have no instant updates left for this device. Would you like to buy one?',
      ),
    ).toBeInTheDocument();
    expect(
      within(dialog).queryByRole('button', { name: 'Request update' }),
    ).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Buy one' }));
    expect(router.state.location.pathname).toBe('/cart');
    expect(router.state.location.search).toBe('?item=13');
    expect(api.find('POST', `/api/devices/${DEVICE.Id}/sendtext/RPT`)).toHaveLength(0);
  });
});

describe('instant update refusals (device-management §4, §5, §8)', () => {
  it.each([
    [
      'a basic model with Power 0',
      { DeviceType: 1, LastRead: { Power: 0, ReportTimestamp: BEFORE } },
      DEVICE_RULE_MESSAGES.instantUpdateDeviceOff,
    ],
    ['a muted device (Device OFF)', { Mute: true }, DEVICE_RULE_MESSAGES.instantUpdateDeviceMuted],
    ['an inactive device', { Active: false }, DEVICE_RULE_MESSAGES.instantUpdateDeviceInactive],
  ] as const)(
    "refuses %s in the 'Error!' alert without asking the server",
    async (_case, change, message) => {
      const api = mockApi(flowRoutes());
      const { user } = renderInstantUpdateButton({ ...DEVICE, ...change });
      await user.click(
        await screen.findByRole('button', { name: 'Instant Update (Kitchen freezer)' }),
      );
      const alert = await screen.findByRole('dialog', { name: 'Error!' });
      expect(within(alert).getByText(message)).toBeInTheDocument();
      expect(screen.queryByRole('dialog', { name: 'Instant Update' })).not.toBeInTheDocument();
      expect(api.apiCalls()).toHaveLength(0);
    },
  );

  it('refuses a pet monitor still in its window with the hours remaining', async () => {
    const api = mockApi(flowRoutes({ command: 'DOG' }));
    const twoHoursAgo = NOW.getTime() / 1000 - 2 * 3600;
    const { user } = renderInstantUpdateButton({
      ...DEVICE,
      PetMonitor: true,
      LastRequestedTime: twoHoursAgo,
    });
    await user.click(
      await screen.findByRole('button', { name: 'Pet Monitor on · 4 h left (Kitchen freezer)' }),
    );
    const alert = await screen.findByRole('dialog', { name: 'Error!' });
    expect(
      within(alert).getByText(DEVICE_RULE_MESSAGES.petMonitorStillActive(4)),
    ).toBeInTheDocument();
    expect(api.apiCalls()).toHaveLength(0);
  });
});

describe('pet monitor button (device-management §4 "Pet monitor mode")', () => {
  it('resets the last-requested time of a Device OFF unit with a request on record (device-management §4)', async () => {
    const api = mockApi([
      ...flowRoutes({ command: 'DOG' }),
      { method: 'PUT', path: '/api/users/resetLastRequestedTime', answer: { body: { ok: true } } },
    ]);
    renderInstantUpdateButton({
      ...DEVICE,
      PetMonitor: true,
      Mute: true,
      LastRequestedTime: NOW.getTime() / 1000 - 3600,
    });
    // muted: pet monitor mode is off, so the plain label shows
    expect(
      await screen.findByRole('button', { name: 'Pet Monitor (Kitchen freezer)' }),
    ).toBeVisible();
    await waitFor(() =>
      expect(api.find('PUT', '/api/users/resetLastRequestedTime')).toHaveLength(1),
    );
    expect(api.find('PUT', '/api/users/resetLastRequestedTime')[0]!.body).toEqual([
      DEVICE.SerialNumber,
    ]);
  });

  it('leaves the last-requested time alone while the unit is on', async () => {
    const api = mockApi(flowRoutes({ command: 'DOG' }));
    renderInstantUpdateButton({
      ...DEVICE,
      PetMonitor: true,
      LastRequestedTime: NOW.getTime() / 1000 - 3600,
    });
    expect(
      await screen.findByRole('button', { name: 'Pet Monitor on · 5 h left (Kitchen freezer)' }),
    ).toBeVisible();
    await advance(0);
    expect(api.find('PUT', '/api/users/resetLastRequestedTime')).toHaveLength(0);
  });

  it('sends a sub-account of a pet monitor an instant update (RPT), never DOG (decision 017)', async () => {
    const api = mockApi(flowRoutes({ changesAtCheck: 1 }));
    const { onResult } = await startUpdate({ ...DEVICE, PetMonitor: true, SubAccountDevice: true });
    expect(api.find('POST', `/api/devices/${DEVICE.Id}/sendtext/RPT`)).toHaveLength(1);
    expect(api.find('POST', `/api/devices/${DEVICE.Id}/sendtext/DOG`)).toHaveLength(0);
    await advance(10_000);
    await waitFor(() => expect(onResult).toHaveBeenCalledWith('succeeded'));
  });

  it('sends DOG for a pet monitor and reports success when the device answers', async () => {
    const api = mockApi(flowRoutes({ command: 'DOG', changesAtCheck: 1 }));
    const { onResult } = await startUpdate({ ...DEVICE, PetMonitor: true }, 'Pet Monitor');
    expect(api.find('POST', `/api/devices/${DEVICE.Id}/sendtext/DOG`)).toHaveLength(1);
    await advance(10_000);
    await waitFor(() => expect(onResult).toHaveBeenCalledWith('succeeded'));
  });

  it('offers the pet monitor item 27 when none are left', async () => {
    mockApi(flowRoutes({ left: 0, command: 'DOG' }));
    const { user, router } = renderInstantUpdateButton({ ...DEVICE, PetMonitor: true });
    await user.click(await screen.findByRole('button', { name: 'Pet Monitor (Kitchen freezer)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pet Monitor' });
    await user.click(await within(dialog).findByRole('button', { name: 'Buy one' }));
    expect(router.state.location.search).toBe('?item=27');
  });

  it('fetches the page data again when the 20-minute cycle ends, and the hours left move on', async () => {
    mockApi(flowRoutes({ command: 'DOG' }));
    const fiveMinutesAgo = NOW.getTime() / 1000 - 5 * 60;
    const { queryClient } = renderInstantUpdateButton({
      ...DEVICE,
      PetMonitor: true,
      LastRequestedTime: fiveMinutesAgo,
    });
    expect(
      await screen.findByRole('button', { name: 'Pet Monitor on · 6 h left (Kitchen freezer)' }),
    ).toBeVisible();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    // the first cycle ends 20 minutes after the request, 15 minutes from now
    await advanceTo(NOW.getTime(), 15 * 60_000 - 1);
    expect(invalidate).not.toHaveBeenCalled();
    await advanceTo(NOW.getTime(), 15 * 60_000);
    expect(invalidate).toHaveBeenCalled();
    await advanceTo(NOW.getTime(), 75 * 60_000);
    expect(
      screen.getByRole('button', { name: 'Pet Monitor on · 5 h left (Kitchen freezer)' }),
    ).toBeVisible();
  });
});
