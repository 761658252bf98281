import { TYPED_MESSAGE_TYPES } from '@monitor/domain/alarms/notifications';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Notification } from '@monitor/contract/notifications';
import { mockApi } from '../../../test/mock-api';
import { renderWithProviders } from '../../../test/render-app';
import { aNotification, renderSchedule } from '../test/render-schedule';
import { NotificationModal } from './notification-modal';

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

async function openAdd() {
  const view = renderSchedule();
  await view.user.click(await screen.findByRole('button', { name: 'Add notification' }));
  const dialog = await screen.findByRole('dialog', { name: 'Add notification' });
  return {
    ...view,
    dialog,
    group: within(dialog).getByRole('group', { name: 'If nobody answers' }),
  };
}

/** Each box is named by its whole sentence, so a screen reader says what the number means. */
const fieldsOf = (group: HTMLElement) => ({
  wait: () => within(group).getByRole('textbox', { name: 'Wait minutes before telling' }),
  repeat: () => within(group).getByRole('combobox', { name: 'Repeat every' }),
  cap: () => within(group).queryByRole('textbox', { name: 'Repeat at most times' }),
  allClear: () => within(group).getByRole('checkbox', { name: 'Tell of the all-clear' }),
  acknowledged: () =>
    within(group).getByRole('checkbox', { name: 'Tell when someone acknowledges' }),
});

describe('if nobody answers (issue #23)', () => {
  it('issue #23 repeat and escalate: a new notification starts at once, once, with both follow-ups, the cap hidden', async () => {
    mockApi([listAnswer([])]);
    const { group } = await openAdd();
    const fields = fieldsOf(group);
    expect(fields.wait()).toHaveValue('0');
    expect(fields.wait()).toHaveAccessibleDescription(
      '0 is at once. Use this to tell someone else only if nobody has acknowledged the alarm by then.',
    );
    expect(fields.repeat()).toHaveValue('0');
    expect(
      within(fields.repeat())
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Off', '15 minutes', '30 minutes', '60 minutes']);
    expect(fields.cap()).not.toBeInTheDocument();
    expect(fields.allClear()).toBeChecked();
    expect(fields.acknowledged()).toBeChecked();
  });

  it('issue #23 repeat and escalate: saves a wait, a repeat with its cap and the follow-ups, and shows them on the row', async () => {
    const api = mockApi([listAnswer([]), savedAnswer]);
    const { user, dialog, group } = await openAdd();
    const fields = fieldsOf(group);
    await user.clear(fields.wait());
    await user.type(fields.wait(), '20');
    await user.selectOptions(fields.repeat(), '15 minutes');
    const cap = fields.cap()!;
    expect(cap).toHaveValue('3');
    await user.clear(cap);
    await user.type(cap, '5');
    await user.click(fields.allClear());
    await user.click(fields.acknowledged());
    await user.click(within(dialog).getByRole('button', { name: 'Add notification' }));

    const row = (await screen.findByText(/^After 20 minutes unacknowledged/)).closest('li')!;
    expect(row).toHaveTextContent(
      'After 20 minutes unacknowledged · Repeats every 15 minutes, at most 5 times · No all-clear · No acknowledged notice',
    );
    expect(api.find('POST', '/api/notifications')[0]!.body).toMatchObject({
      AlarmType: 'TEMP',
      WaitMinutes: 20,
      RepeatMinutes: 15,
      RepeatCap: 5,
      TellAllClear: false,
      TellAcknowledged: false,
    });
  });

  it("issue #23 repeat and escalate: shows a notification's settings when editing and saves a change with PUT", async () => {
    const saved = aNotification({
      Id: 9,
      MessageType: 'SMS',
      MessageAddress: '15855550123',
      WaitMinutes: 30,
      RepeatMinutes: 60,
      RepeatCap: 2,
      TellAllClear: false,
    });
    const api = mockApi([
      listAnswer([saved]),
      {
        method: 'PUT',
        path: '/api/notifications/9',
        answer: ({ body }) => ({ body: { ...saved, ...(body as object) } }),
      },
    ]);
    const { user } = renderSchedule();
    const row = (await screen.findByText('(585) 555-0123')).closest('li')!;
    expect(row).toHaveTextContent(
      'After 30 minutes unacknowledged · Repeats every 60 minutes, at most 2 times · No all-clear',
    );
    await user.click(within(row).getByRole('button', { name: /^Edit notification/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit notification' });
    const fields = fieldsOf(within(dialog).getByRole('group', { name: 'If nobody answers' }));
    expect(fields.wait()).toHaveValue('30');
    expect(fields.repeat()).toHaveValue('60');
    expect(fields.cap()).toHaveValue('2');
    expect(fields.allClear()).not.toBeChecked();
    expect(fields.acknowledged()).toBeChecked();

    await user.selectOptions(fields.repeat(), 'Off');
    expect(fields.cap()).not.toBeInTheDocument();
    await user.click(fields.allClear());
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('After 30 minutes unacknowledged')).toBeInTheDocument();
    expect(api.find('PUT', '/api/notifications/9')[0]!.body).toMatchObject({
      MessageAddress: '15855550123',
      WaitMinutes: 30,
      RepeatMinutes: 0,
      RepeatCap: 2,
      TellAllClear: true,
      TellAcknowledged: true,
    });
  });

  it('issue #23 repeat and escalate: refuses a wait over a day and a cap of 0, saying so by the box, and sends nothing', async () => {
    const api = mockApi([listAnswer([]), savedAnswer]);
    const { user, dialog, group } = await openAdd();
    const fields = fieldsOf(group);
    await user.clear(fields.wait());
    await user.type(fields.wait(), '2000');
    await user.selectOptions(fields.repeat(), '30 minutes');
    await user.clear(fields.cap()!);
    await user.type(fields.cap()!, '0');
    await user.click(within(dialog).getByRole('button', { name: 'Add notification' }));

    expect(fields.wait()).toHaveAttribute('aria-invalid', 'true');
    expect(fields.wait()).toHaveAccessibleDescription(/^Enter 0 to 1440 minutes\./);
    expect(fields.cap()).toHaveAttribute('aria-invalid', 'true');
    expect(fields.cap()).toHaveAccessibleDescription('Enter 1 to 24 times.');
    expect(api.find('POST', '/api/notifications')).toHaveLength(0);

    // Mended, it saves.
    await user.clear(fields.wait());
    await user.type(fields.wait(), '1440');
    await user.clear(fields.cap()!);
    await user.type(fields.cap()!, '24');
    expect(within(group).queryByText('Enter 1 to 24 times.')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Add notification' }));
    await screen.findByText(/^After 1440 minutes unacknowledged/);
    expect(api.find('POST', '/api/notifications')[0]!.body).toMatchObject({
      WaitMinutes: 1440,
      RepeatMinutes: 30,
      RepeatCap: 24,
    });
  });

  it('issue #23 repeat and escalate: works from the keyboard, in reading order', async () => {
    const api = mockApi([listAnswer([]), savedAnswer]);
    const { user, dialog, group } = await openAdd();
    const fields = fieldsOf(group);
    await user.click(within(dialog).getByLabelText('Message'));
    await user.tab();
    expect(fields.wait()).toHaveFocus();
    await user.keyboard('{Backspace}45');
    await user.tab();
    expect(fields.repeat()).toHaveFocus();
    await user.tab();
    expect(fields.allClear()).toHaveFocus();
    await user.keyboard(' ');
    await user.tab();
    expect(fields.acknowledged()).toHaveFocus();
    await user.tab();
    await user.tab();
    expect(within(dialog).getByRole('button', { name: 'Add notification' })).toHaveFocus();
    await user.keyboard('{Enter}');
    await screen.findByText(/^After 45 minutes unacknowledged/);
    expect(api.find('POST', '/api/notifications')[0]!.body).toMatchObject({
      WaitMinutes: 45,
      TellAllClear: false,
      TellAcknowledged: true,
    });
  });

  it("issue #23 repeat and escalate: a new device's rule dialog leaves them out, registration taking only who is told", async () => {
    const onSave = vi.fn();
    renderWithProviders(
      <NotificationModal
        opened
        editing={null}
        alarmTypes={['TEMP']}
        defaultEmail="ellen@example.com"
        isSaving={false}
        messageTypes={TYPED_MESSAGE_TYPES}
        onSave={onSave}
        onClose={() => undefined}
      />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Add notification' });
    expect(
      within(dialog).queryByRole('group', { name: 'If nobody answers' }),
    ).not.toBeInTheDocument();
  });
});
