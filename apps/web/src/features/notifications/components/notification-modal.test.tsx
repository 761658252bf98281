import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Notification } from '@monitor/contract/notifications';
import { errorAnswer, mockApi } from '../../../test/mock-api';
import { aNotification, renderSchedule, USER_DEVICE_ID } from '../test/render-schedule';

const listAnswer = (list: Notification[]) => ({
  path: '/api/notifications',
  answer: { body: list },
});

const savedAnswer = {
  method: 'POST' as const,
  path: '/api/notifications',
  answer: ({ body }: { body: unknown }) => ({
    body: aNotification({ Id: 77, ...(body as Partial<Notification>) }),
  }),
};

async function openAdd(props: Parameters<typeof renderSchedule>[0] = {}) {
  const view = renderSchedule(props);
  await view.user.click(await screen.findByRole('button', { name: 'Add notification' }));
  const dialog = await screen.findByRole('dialog', { name: 'Add notification' });
  return { ...view, dialog };
}

function alarmTypeOptions(dialog: HTMLElement) {
  const select = within(dialog).getByRole('combobox', { name: 'Alarm type' });
  return within(select)
    .getAllByRole('option')
    .map((option) => option.textContent);
}

const chooseAlarmType = (
  user: ReturnType<typeof renderSchedule>['user'],
  dialog: HTMLElement,
  label: string,
) =>
  user.selectOptions(
    within(dialog).getByRole('combobox', { name: 'Alarm type' }),
    within(dialog).getByRole('option', { name: label }),
  );

describe('notification dialog', () => {
  it("starts with the user's e-mail and the alarm type's default message, and saves them (device-management §5, §9)", async () => {
    const api = mockApi([listAnswer([]), savedAnswer]);
    const { user, dialog } = await openAdd();
    expect(within(dialog).getByLabelText('E-mail address')).toHaveValue('ellen@example.com');
    expect(within(dialog).getByLabelText('Message')).toHaveValue(
      'URGENT: Temperature out of range. Please take action!',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Add notification' }));
    expect(await screen.findByText('ellen@example.com')).toBeInTheDocument();
    expect(api.find('POST', '/api/notifications')[0]!.body).toEqual({
      DeviceId: USER_DEVICE_ID,
      PeripheralId: null,
      AlarmType: 'TEMP',
      MessageType: 'EMAIL',
      MessageAddress: 'ellen@example.com',
      Message: 'URGENT: Temperature out of range. Please take action!',
      // Issue #23: told at once, once, with the all-clear and the acknowledgement.
      WaitMinutes: 0,
      RepeatMinutes: 0,
      RepeatCap: 3,
      TellAllClear: true,
      TellAcknowledged: true,
    });
    expect(screen.queryByRole('dialog', { name: 'Add notification' })).not.toBeInTheDocument();
  });

  it('changes the default message with the alarm type, but keeps a message the user wrote (device-management §5)', async () => {
    mockApi([listAnswer([])]);
    const { user, dialog } = await openAdd();
    await chooseAlarmType(user, dialog, 'Power');
    const message = within(dialog).getByLabelText('Message');
    expect(message).toHaveValue('URGENT: Power is currently OFF. Please take action!');
    await user.clear(message);
    await user.type(message, 'Check the barn');
    await chooseAlarmType(user, dialog, 'Temperature');
    expect(message).toHaveValue('Check the barn');
  });

  it('refuses to save an e-mail address that is not one (device-management §5)', async () => {
    const api = mockApi([listAnswer([]), savedAnswer]);
    const { user, dialog } = await openAdd();
    const email = within(dialog).getByLabelText('E-mail address');
    await user.clear(email);
    await user.type(email, 'ellen@example');
    await user.click(within(dialog).getByRole('button', { name: 'Add notification' }));
    expect(within(dialog).getByText('Enter a valid e-mail address.')).toBeVisible();
    expect(api.find('POST', '/api/notifications')).toHaveLength(0);
  });

  it('moves focus through area code, prefix and line number and stores the phone with a leading 1 (device-management §5)', async () => {
    const api = mockApi([listAnswer([]), savedAnswer]);
    const { user, dialog } = await openAdd();
    await user.click(within(dialog).getByRole('radio', { name: 'Text' }));
    await user.click(within(dialog).getByLabelText('Area code'));
    await user.keyboard('585');
    expect(within(dialog).getByLabelText('Prefix')).toHaveFocus();
    await user.keyboard('555');
    expect(within(dialog).getByLabelText('Line number')).toHaveFocus();
    await user.keyboard('0123');
    await user.click(within(dialog).getByRole('button', { name: 'Add notification' }));
    expect(await screen.findByText('(585) 555-0123')).toBeInTheDocument();
    expect(api.find('POST', '/api/notifications')[0]!.body).toMatchObject({
      MessageType: 'SMS',
      MessageAddress: '15855550123',
    });
  });

  it('refuses a phone number short of 10 digits (device-management §5)', async () => {
    const api = mockApi([listAnswer([]), savedAnswer]);
    const { user, dialog } = await openAdd();
    await user.click(within(dialog).getByRole('radio', { name: 'Phone' }));
    await user.click(within(dialog).getByLabelText('Area code'));
    await user.keyboard('585555');
    await user.click(within(dialog).getByRole('button', { name: 'Add notification' }));
    expect(within(dialog).getByText('Enter a phone number of 10 digits.')).toBeVisible();
    expect(api.find('POST', '/api/notifications')).toHaveLength(0);
  });

  it('offers a NIST device no humidity alarm (device-management §4)', async () => {
    mockApi([listAnswer([])]);
    const { dialog } = await openAdd({ deviceType: 8 });
    expect(alarmTypeOptions(dialog)).toEqual(['Temperature', 'Power', 'No call-in']);
  });

  it('offers a puck only the alarm types of its logic level (device-management §4, §5)', async () => {
    mockApi([listAnswer([])]);
    const { dialog } = await openAdd({
      variant: 'puck',
      puck: { id: '0A1B2C3D', logicLevel: 32774 },
    });
    expect(alarmTypeOptions(dialog)).toEqual(['SPuck temperature', 'SPuck humidity']);
  });

  it('offers an older puck without a logic level water only (device-management §4)', async () => {
    mockApi([listAnswer([])]);
    const { dialog } = await openAdd({
      variant: 'puck',
      puck: { id: '0A1B2C3D', logicLevel: null },
    });
    expect(alarmTypeOptions(dialog)).toEqual(['Water']);
  });

  it('stops offering a puck alarm type it already has 2 of (device-management §5)', async () => {
    const twoTemps = [1, 2].map((Id) =>
      aNotification({ Id, AlarmType: 'SPUCK_TEMP', PeripheralId: '0A1B2C3D' }),
    );
    const api = mockApi([listAnswer(twoTemps), savedAnswer]);
    const { user, dialog } = await openAdd({
      variant: 'puck',
      puck: { id: '0A-1B-2C-3D', logicLevel: 32775 },
    });
    expect(alarmTypeOptions(dialog)).toEqual(['SPuck humidity', 'Water']);
    await chooseAlarmType(user, dialog, 'Water');
    await user.click(within(dialog).getByRole('button', { name: 'Add notification' }));
    await screen.findByText('Water');
    expect(api.find('POST', '/api/notifications')[0]!.body).toMatchObject({
      PeripheralId: '0A1B2C3D',
      AlarmType: 'WATER',
      Message: 'URGENT: Water has been detected. Please take action.',
    });
  });

  it('edits a notification with PUT, showing its phone split, and keeps its own type offered (device-management §5, §7)', async () => {
    const phone = aNotification({
      Id: 9,
      AlarmType: 'POWER',
      MessageType: 'VOICE',
      MessageAddress: '15855550123',
      Message: 'Power out',
    });
    const api = mockApi([
      listAnswer([phone]),
      {
        method: 'PUT',
        path: '/api/notifications/9',
        answer: ({ body }) => ({ body: { ...phone, ...(body as object) } }),
      },
    ]);
    const { user } = renderSchedule();
    await user.click(await screen.findByRole('button', { name: /^Edit notification/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit notification' });
    expect(within(dialog).getByRole('radio', { name: 'Phone' })).toBeChecked();
    expect(within(dialog).getByLabelText('Area code')).toHaveValue('585');
    expect(within(dialog).getByLabelText('Line number')).toHaveValue('0123');
    const message = within(dialog).getByLabelText('Message');
    await user.clear(message);
    await user.type(message, 'Power is off at the barn');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Power is off at the barn')).toBeInTheDocument();
    expect(api.find('PUT', '/api/notifications/9')[0]!.body).toMatchObject({
      DeviceId: USER_DEVICE_ID,
      AlarmType: 'POWER',
      MessageType: 'VOICE',
      MessageAddress: '15855550123',
      Message: 'Power is off at the barn',
      DisableAlarm: false,
    });
  });

  it('says word for word that adding failed when the server fails, and keeps the dialog open (device-management §8)', async () => {
    mockApi([
      listAnswer([]),
      { method: 'POST', path: '/api/notifications', answer: errorAnswer(500, 'boom') },
    ]);
    const { user, dialog } = await openAdd();
    await user.click(within(dialog).getByRole('button', { name: 'Add notification' }));
    const alert = await screen.findByRole('dialog', { name: 'Error!' });
    expect(within(alert).getByText('An error occurred saving your notification.')).toBeVisible();
    expect(screen.getByRole('dialog', { name: 'Add notification' })).toBeInTheDocument();
  });

  it('says word for word that saving a change failed when the server fails (device-management §8)', async () => {
    mockApi([
      listAnswer([aNotification({ Id: 9 })]),
      { method: 'PUT', path: '/api/notifications/9', answer: errorAnswer(500, 'boom') },
    ]);
    const { user } = renderSchedule();
    await user.click(await screen.findByRole('button', { name: /^Edit notification/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit notification' });
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    const alert = await screen.findByRole('dialog', { name: 'Error!' });
    expect(within(alert).getByText('An error occurred saving notification.')).toBeVisible();
  });
});
