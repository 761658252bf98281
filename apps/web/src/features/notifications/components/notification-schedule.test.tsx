import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Notification } from '@monitor/contract/notifications';
import { NOCALL_MESSAGE_TEMPLATE } from '@monitor/domain/alarms/notifications';
import { errorAnswer, mockApi } from '../../../test/mock-api';
import { aNotification, renderSchedule, USER_DEVICE_ID } from '../test/render-schedule';

const listAnswer = (list: Notification[]) => ({
  path: '/api/notifications',
  answer: { body: list },
});

describe('notification schedule', () => {
  it("lists the device's own notifications with phones shown split, leaving pucks' out (device-management §2, §3)", async () => {
    const api = mockApi([
      listAnswer([
        aNotification({ Id: 1 }),
        aNotification({
          Id: 2,
          AlarmType: 'POWER',
          MessageType: 'SMS',
          MessageAddress: '15855550123',
        }),
        aNotification({ Id: 3, AlarmType: 'WATER', PeripheralId: '0A1B2C3D' }),
      ]),
    ]);
    renderSchedule();
    expect(await screen.findByText('(585) 555-0123')).toBeInTheDocument();
    expect(screen.getByText('Text')).toBeInTheDocument();
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    expect(screen.queryByText('Water')).not.toBeInTheDocument();
    expect(api.find('GET', '/api/notifications')[0]!.query.get('device_id')).toBe(
      String(USER_DEVICE_ID),
    );
  });

  it('shows the loading failure word for word in the Error! dialog (device-management §8)', async () => {
    mockApi([{ path: '/api/notifications', answer: errorAnswer(500, 'boom') }]);
    renderSchedule();
    const alert = await screen.findByRole('dialog', { name: 'Error!' });
    expect(within(alert).getByText('An error occurred while loading notifications.')).toBeVisible();
  });

  it('asks before deleting, and deletes nothing when cancelled (device-management §2)', async () => {
    const api = mockApi([
      listAnswer([aNotification({ Id: 5 })]),
      { method: 'DELETE', path: '/api/notifications/5', answer: { body: { ok: true } } },
    ]);
    const { user } = renderSchedule();
    await user.click(await screen.findByRole('button', { name: /^Delete notification/ }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete notification' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(api.find('DELETE', '/api/notifications/5')).toHaveLength(0);
    expect(screen.getAllByRole('listitem')).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: /^Delete notification/ }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete notification' })).getByRole(
        'button',
        { name: 'Delete' },
      ),
    );
    await waitFor(() => expect(screen.queryAllByRole('listitem')).toHaveLength(0));
    expect(api.find('DELETE', '/api/notifications/5')).toHaveLength(1);
  });

  it('puts a notification back and says so word for word when removing it fails (device-management §8)', async () => {
    mockApi([
      listAnswer([aNotification({ Id: 5 })]),
      { method: 'DELETE', path: '/api/notifications/5', answer: errorAnswer(500, 'boom') },
    ]);
    const { user } = renderSchedule();
    await user.click(await screen.findByRole('button', { name: /^Delete notification/ }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete notification' })).getByRole(
        'button',
        { name: 'Delete' },
      ),
    );
    const alert = await screen.findByRole('dialog', { name: 'Error!' });
    expect(within(alert).getByText('An error occurred while removing notification.')).toBeVisible();
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
  });

  it('refuses a tenth notification of the device with its cap message, NOCALL not counted (device-management §8, §9)', async () => {
    const nine = Array.from({ length: 9 }, (_, i) => aNotification({ Id: i + 1 }));
    mockApi([listAnswer([...nine, aNotification({ Id: 99, AlarmType: 'NOCALL' })])]);
    const { user } = renderSchedule();
    await user.click(await screen.findByRole('button', { name: 'Add notification' }));
    const alert = await screen.findByRole('dialog', { name: 'Error!' });
    expect(within(alert).getByText('Too many notifications on the Unit.')).toBeVisible();
    expect(screen.queryByRole('dialog', { name: 'Add notification' })).not.toBeInTheDocument();
  });

  it('lets a device with 8 of its own and a NOCALL add one more (device-management §9)', async () => {
    const eight = Array.from({ length: 8 }, (_, i) => aNotification({ Id: i + 1 }));
    mockApi([listAnswer([...eight, aNotification({ Id: 99, AlarmType: 'NOCALL' })])]);
    const { user } = renderSchedule();
    await user.click(await screen.findByRole('button', { name: 'Add notification' }));
    expect(await screen.findByRole('dialog', { name: 'Add notification' })).toBeInTheDocument();
  });

  it('tells a puck at its limit that the maximum is reached, spelling kept (device-management §8, §9)', async () => {
    const puckId = '0A1B2C3D';
    const six = (
      ['SPUCK_TEMP', 'SPUCK_TEMP', 'SPUCK_HUMIDITY', 'SPUCK_HUMIDITY', 'WATER', 'WATER'] as const
    ).map((AlarmType, i) => aNotification({ Id: i + 1, AlarmType, PeripheralId: puckId }));
    mockApi([listAnswer(six)]);
    const { user } = renderSchedule({
      variant: 'puck',
      puck: { id: '0A-1B-2C-3D', logicLevel: 32775, name: 'Fridge' },
    });
    await user.click(await screen.findByRole('button', { name: 'Add notification' }));
    const alert = await screen.findByRole('dialog', { name: 'Error!' });
    expect(
      within(alert).getByText(
        'You have reached your maximum notificaiton limit. Please delete one in order to add more.',
      ),
    ).toBeVisible();
  });

  it("shows the server's cap refusal for a puck word for word (device-management §8)", async () => {
    mockApi([
      listAnswer([]),
      {
        method: 'POST',
        path: '/api/notifications',
        answer: errorAnswer(400, 'Too many notifications on this Fridge'),
      },
    ]);
    const { user } = renderSchedule({
      variant: 'puck',
      puck: { id: '0A1B2C3D', logicLevel: 32774, name: 'Fridge' },
    });
    await user.click(await screen.findByRole('button', { name: 'Add notification' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add notification' });
    await user.click(within(dialog).getByRole('button', { name: 'Add notification' }));
    const alert = await screen.findByRole('dialog', { name: 'Error!' });
    expect(within(alert).getByText('Too many notifications on this Fridge')).toBeVisible();
  });
});

describe('puck notification status', () => {
  it("marks a puck's humidity notification 'Alarm off' when the device's humidity toggle is off, water staying on (device-management §4)", async () => {
    const puckId = '0A1B2C3D';
    mockApi([
      {
        path: '/api/notifications',
        answer: {
          body: [
            aNotification({ Id: 1, AlarmType: 'SPUCK_HUMIDITY', PeripheralId: puckId }),
            aNotification({ Id: 2, AlarmType: 'WATER', PeripheralId: puckId }),
          ],
        },
      },
    ]);
    renderSchedule({
      variant: 'puck',
      puck: { id: puckId, logicLevel: 32775 },
      alarmToggles: { isTemperatureActive: true, isHumidityActive: false },
    });
    const [humidity, water] = await screen.findAllByRole('listitem');
    expect(within(humidity!).getByText('Alarm off')).toBeInTheDocument();
    expect(within(water!).queryByText('Alarm off')).not.toBeInTheDocument();
  });
});

describe('read-only schedule', () => {
  it("shows a sub-account the device's notifications without add, edit or delete (device-management §6)", async () => {
    mockApi([{ path: '/api/notifications', answer: { body: [aNotification()] } }]);
    renderSchedule({ isReadOnly: true });
    expect(await screen.findByText('ellen@example.com')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add notification' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Edit notification/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Delete notification/ })).not.toBeInTheDocument();
  });
});

describe('schedule variants and loading', () => {
  it('shows skeleton rows while the list loads, then the rows (issue #5 quality)', async () => {
    let release: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => {
      release = resolve;
    });
    mockApi([
      {
        path: '/api/notifications',
        answer: async () => {
          await answered;
          return { body: [aNotification()] };
        },
      },
    ]);
    renderSchedule();
    expect(await screen.findByLabelText('Loading notifications')).toHaveAttribute(
      'aria-busy',
      'true',
    );
    release();
    expect(await screen.findByText('ellen@example.com')).toBeInTheDocument();
    expect(screen.queryByLabelText('Loading notifications')).not.toBeInTheDocument();
  });

  it("lists a new device's own notifications in the new-device variant, with its own heading (device-management §2)", async () => {
    mockApi([
      {
        path: '/api/notifications',
        answer: {
          body: [
            aNotification({ Id: 1, AlarmType: 'NOCALL' }),
            aNotification({ Id: 2, AlarmType: 'WATER', PeripheralId: '0A1B2C3D' }),
          ],
        },
      },
    ]);
    renderSchedule({ variant: 'new-device' });
    expect(await screen.findByRole('heading', { name: 'Who should be told' })).toBeInTheDocument();
    expect(await screen.findByText('No call-in')).toBeInTheDocument();
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
  });

  it('shows the NOCALL row with the unit serial filled in, never its raw placeholders (accounts-devices-billing §9)', async () => {
    mockApi([
      listAnswer([
        aNotification({
          Id: 1,
          AlarmType: 'NOCALL',
          Message: NOCALL_MESSAGE_TEMPLATE,
        }),
      ]),
    ]);
    renderSchedule({ deviceName: 'Barn', serialNumber: 'ABC123' });
    const row = (await screen.findByText('No call-in')).closest('li')!;
    expect(row).toHaveTextContent(
      'URGENT: Unit ABC123 has not called in since its last call-in time. Last readings: as last reported. Please take action!',
    );
    expect(row.textContent).not.toMatch(/[{}]/);
  });
});
