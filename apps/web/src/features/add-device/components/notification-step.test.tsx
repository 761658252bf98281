import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/mock-api';
import { defaultNotificationRules, notificationAlarmTypes } from '../lib/wizard-rules';
import { SLOW, renderStep } from '../test/render-step';
import { NotificationStep, type RuleDialogProps } from './notification-step';

const EMAIL = 'ellen@example.com';

function setUp(deviceType = 1) {
  mockApi();
  const onNext = vi.fn();
  const dialogs: RuleDialogProps[] = [];
  const view = renderStep(
    <NotificationStep
      initial={defaultNotificationRules(EMAIL, deviceType)}
      alarmTypes={notificationAlarmTypes(deviceType)}
      alarmTypeLabel={(type) => type}
      userEmail={EMAIL}
      renderRuleDialog={(dialog) => {
        dialogs.push(dialog);
        return dialog.opened ? (
          <button
            type="button"
            onClick={() =>
              dialog.onSave({
                alarmType: 'POWER',
                messageType: 'SMS',
                messageAddress: '15551234567',
                message: 'URGENT: Power is currently OFF. Please take action!',
              })
            }
          >
            Save the text rule
          </button>
        ) : null;
      }}
      onBack={() => undefined}
      onNext={onNext}
      onDirtyChange={() => undefined}
    />,
  );
  return { ...view, onNext, dialogs };
}

const rows = () =>
  within(screen.getByRole('list', { name: 'Notifications' })).getAllByRole('listitem');

describe('NotificationStep', () => {
  it('starts with e-mail to the user for TEMP, HUMIDITY, POWER and NOCALL (accounts-devices-billing §4 "Alarms")', async () => {
    const { user, onNext } = setUp();
    await screen.findByRole('list', { name: 'Notifications' }, SLOW);
    expect(rows().map((row) => row.textContent)).toEqual([
      `TEMPEmail: ${EMAIL}Remove`,
      `HUMIDITYEmail: ${EMAIL}Remove`,
      `POWEREmail: ${EMAIL}Remove`,
      `NOCALLEmail: ${EMAIL}Remove`,
    ]);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(onNext.mock.calls[0]![0]).toEqual([
      expect.objectContaining({
        alarmType: 'TEMP',
        messageType: 'EMAIL',
        messageAddress: EMAIL,
        message: 'URGENT: Temperature out of range. Please take action!',
      }),
      expect.objectContaining({ alarmType: 'HUMIDITY', messageType: 'EMAIL' }),
      expect.objectContaining({ alarmType: 'POWER', messageType: 'EMAIL' }),
      expect.objectContaining({ alarmType: 'NOCALL', messageType: 'EMAIL' }),
    ]);
  });

  it('has no humidity rule, nor offers one, for a NIST type (accounts-devices-billing §4)', async () => {
    const { dialogs } = setUp(8);
    await screen.findByRole('list', { name: 'Notifications' }, SLOW);
    expect(rows().map((row) => row.textContent?.split('Email')[0])).toEqual([
      'TEMP',
      'POWER',
      'NOCALL',
    ]);
    expect(dialogs.at(-1)!.alarmTypes).not.toContain('HUMIDITY');
  });

  it('adds a text rule and removes a default one (accounts-devices-billing §3 "Notification", §9)', async () => {
    const { user, onNext, dialogs } = setUp();
    await user.click(await screen.findByRole('button', { name: 'Add notification' }, SLOW));
    expect(dialogs.at(-1)).toMatchObject({ opened: true, defaultEmail: EMAIL });
    await user.click(screen.getByRole('button', { name: 'Save the text rule' }));
    expect(rows()).toHaveLength(5);
    expect(rows()[4]).toHaveTextContent('Text: (555) 123-4567');
    await user.click(screen.getByRole('button', { name: `Remove HUMIDITY by Email to ${EMAIL}` }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(
      onNext.mock.calls[0]![0].map(
        (r: { alarmType: string; messageType: string }) => `${r.alarmType}/${r.messageType}`,
      ),
    ).toEqual(['TEMP/EMAIL', 'POWER/EMAIL', 'NOCALL/EMAIL', 'POWER/SMS']);
  });
});
