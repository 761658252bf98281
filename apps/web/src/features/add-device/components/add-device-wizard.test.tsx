import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { userDevice } from '../../device-detail/test/fixtures';
import { mockApi } from '../../../test/mock-api';
import { DEMO_USER } from '../../../test/fixtures';
import { SLOW, foundDevice, renderStep } from '../test/render-step';
import { AddDeviceWizard } from './add-device-wizard';

const DRAFT_KEY = `add-device-wizard:${DEMO_USER.Id}`;
const validations = (api: ReturnType<typeof mockApi>) =>
  api.find('GET', '/api/validation/serialnumber');

function setUp(path = '/devices/add') {
  const api = mockApi([
    { path: '/api/validation/serialnumber', answer: { body: foundDevice({ DeviceType: 2 }) } },
    { path: '/api/users/checkBillingUser', answer: { body: 0 } },
    {
      method: 'POST',
      path: `/api/users/${DEMO_USER.Id}/devices/registration`,
      answer: {
        body: {
          UserDevice: userDevice({ Id: 77, SerialNumber: 'ABC123', Name: 'Barn', DeviceType: 2 }),
          Subscription: null,
        },
      },
    },
  ]);
  const view = renderStep(
    <AddDeviceWizard
      user={DEMO_USER}
      unit="F"
      alarmTypeLabel={(type) => type}
      renderRuleDialog={() => null}
      onRegisterMore={() => undefined}
    />,
    { path },
  );
  return { ...view, api };
}

type View = ReturnType<typeof setUp>;

/** A reload: the page goes, and comes back at the same address in the same tab. */
function reload(view: View) {
  const path = view.location().pathname + view.location().search;
  view.unmount();
  return setUp(path);
}

async function typeSerial({ user }: View, serial = 'ABC123') {
  await user.click(await screen.findByLabelText('Serial number part 1 of 2', undefined, SLOW));
  await user.keyboard(serial);
}

async function toStep2(view: View) {
  await typeSerial(view);
  await screen.findByText('Serial number found.', undefined, SLOW);
  await view.user.type(screen.getByLabelText(/Device name/), 'Barn');
  await view.user.click(screen.getByRole('button', { name: 'Next' }));
  await screen.findByText('Step 2 of 4: Device Ranges', undefined, SLOW);
}

describe('AddDeviceWizard', () => {
  it('resumes the serial, name, location and time zone typed on step 1 after a reload, before Next (issue #24)', async () => {
    const view = setUp();
    await typeSerial(view);
    await screen.findByText('Serial number found.', undefined, SLOW);
    await view.user.type(screen.getByLabelText(/Device name/), 'Barn');
    await view.user.type(screen.getByLabelText('Location'), 'North field');
    await view.user.selectOptions(screen.getByLabelText('Time zone'), '-6');

    reload(view);
    expect(await screen.findByLabelText(/Device name/, undefined, SLOW)).toHaveValue('Barn');
    expect(screen.getByLabelText('Location')).toHaveValue('North field');
    expect(screen.getByLabelText('Time zone')).toHaveValue('-6');
    expect(screen.getByLabelText('Serial number part 1 of 2')).toHaveValue('ABC');
    expect(screen.getByLabelText('Serial number part 2 of 2')).toHaveValue('123');
  });

  it('asks the server about a resumed serial again and keeps no found device in the tab (issue #24)', async () => {
    const view = setUp();
    await typeSerial(view);
    await screen.findByText('Serial number found.', undefined, SLOW);
    await view.user.type(screen.getByLabelText(/Device name/), 'Barn');
    expect(sessionStorage.getItem(DRAFT_KEY)).not.toMatch(/FirmwareVersion/);

    const again = reload(view);
    expect(await screen.findByText('Serial number found.', undefined, SLOW)).toBeInTheDocument();
    expect(validations(again.api)).toHaveLength(1);
    expect(validations(again.api)[0]!.query.get('serial')).toBe('ABC123');
  });

  it('resumes a serial half typed as it was, without asking the server (issue #24)', async () => {
    const view = setUp();
    await typeSerial(view, 'AB');
    await view.user.type(screen.getByLabelText(/Device name/), 'Barn');

    const again = reload(view);
    expect(await screen.findByLabelText(/Device name/, undefined, SLOW)).toHaveValue('Barn');
    expect(screen.getByLabelText('Serial number part 1 of 2')).toHaveValue('AB');
    expect(screen.getByLabelText('Serial number part 2 of 2')).toHaveValue('');
    expect(validations(again.api)).toHaveLength(0);
  });

  it('resumes the ranges typed on step 2 after a reload, before Next (issue #24)', async () => {
    const view = setUp();
    await toStep2(view);
    const high = screen.getByLabelText('High (°F)');
    await view.user.clear(high);
    await view.user.type(high, '90');

    reload(view);
    expect(
      await screen.findByText('Step 2 of 4: Device Ranges', undefined, SLOW),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('High (°F)')).toHaveValue('90');
  });

  it('resumes the notifications removed on step 3 after a reload, before Next (issue #24)', async () => {
    const view = setUp();
    await toStep2(view);
    await view.user.click(screen.getByRole('button', { name: 'Next' }));
    const list = await screen.findByRole('list', { name: 'Notifications' }, SLOW);
    expect(within(list).getAllByRole('listitem')).toHaveLength(4);
    await view.user.click(within(list).getAllByRole('button', { name: /^Remove/ })[0]!);

    reload(view);
    const resumed = await screen.findByRole('list', { name: 'Notifications' }, SLOW);
    expect(within(resumed).getAllByRole('listitem')).toHaveLength(3);
  });

  it('shows what Next left once another step was shown, not the entries typed and left (issue #24)', async () => {
    const view = setUp();
    await toStep2(view);
    const high = screen.getByLabelText('High (°F)');
    await view.user.clear(high);
    await view.user.type(high, '90');
    await view.user.click(screen.getByRole('button', { name: 'Back' }));
    await screen.findByText('Step 1 of 4: Device Information', undefined, SLOW);
    await view.user.click(screen.getByRole('button', { name: 'Next' }));

    reload(view);
    expect(
      await screen.findByText('Step 2 of 4: Device Ranges', undefined, SLOW),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('High (°F)')).toHaveValue('80');
  });

  it('forgets the draft, entries typed included, once the device is registered (issue #24)', async () => {
    const view = setUp();
    await toStep2(view);
    await view.user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('Step 3 of 4: Notification Schedule', undefined, SLOW);
    await view.user.click(screen.getByRole('button', { name: 'Next' }));
    await view.user.click(await screen.findByRole('button', { name: 'Register device' }, SLOW));
    const terms = await screen.findByRole('dialog', { name: 'Legal terms' }, SLOW);
    await view.user.click(within(terms).getByLabelText('I have read and agree to the legal terms'));
    await view.user.click(within(terms).getByRole('button', { name: 'Agree and register' }));
    expect(await screen.findByText('Device registered', undefined, SLOW)).toBeInTheDocument();
    expect(sessionStorage.getItem(DRAFT_KEY) ?? '').not.toMatch(/Barn|ABC/);

    view.unmount();
    setUp('/devices/add');
    expect(await screen.findByLabelText(/Device name/, undefined, SLOW)).toHaveValue('');
    expect(screen.getByText('Step 1 of 4: Device Information')).toBeInTheDocument();
  });
});
