import { act, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { userDevice } from '../../device-detail/test/fixtures';
import { DEMO_USER } from '../../../test/fixtures';
import { errorAnswer, mockApi } from '../../../test/mock-api';
import { defaultNotificationRules, defaultRangeSettings } from '../lib/wizard-rules';
import { SLOW, foundDevice, renderStep } from '../test/render-step';
import type { FirstUnit } from './add-device-wizard';
import { MultiUnitRegistration } from './multi-unit-registration';

const PAGE = '/multi-unit-registration';
const FIRST: FirstUnit = {
  serial: 'AAA111',
  deviceType: 2,
  tenantId: 1,
  ranges: defaultRangeSettings('F'),
  rules: defaultNotificationRules(DEMO_USER.EmailAddress, 2),
  timeZone: -5,
  location: '',
};
const REFERENCE = { serial: 'AAA111', name: 'Barn', deviceType: 2, tenantId: 1, timeZone: -5 };
const FREE = ['BBB222', 'CCC333'];

function setUp({ first = FIRST, path = PAGE }: { first?: FirstUnit | null; path?: string } = {}) {
  const api = mockApi([
    {
      path: '/api/validation/serialnumber',
      answer: (call) => {
        const serial = call.query.get('serial') ?? '';
        return FREE.includes(serial)
          ? { body: foundDevice({ SerialNumber: serial, DeviceType: 2 }) }
          : errorAnswer(404, 'Serial number not found.');
      },
    },
    { path: '/api/users/checkBillingUser', answer: { body: 0 } },
    {
      method: 'POST',
      path: `/api/users/${DEMO_USER.Id}/devices/multiunit`,
      answer: {
        body: {
          Registrations: [
            {
              UserDevice: userDevice({ SerialNumber: 'BBB222', DeviceType: 2 }),
              Subscription: null,
            },
          ],
        },
      },
    },
  ]);
  const view = renderStep(
    <MultiUnitRegistration
      user={DEMO_USER}
      unit="F"
      first={first}
      referenceDevices={[REFERENCE]}
    />,
    { path },
  );
  return { ...view, api };
}

type View = ReturnType<typeof setUp>;

async function addUnit({ user }: View, serial: string, name: string) {
  await user.click(await screen.findByLabelText('Serial number part 1 of 2', undefined, SLOW));
  await user.keyboard(serial);
  await screen.findByText('Serial number found.', undefined, SLOW);
  await user.type(screen.getByLabelText(/Device name/), name);
  await user.click(screen.getByRole('button', { name: 'Add this unit' }));
  await screen.findByText(new RegExp(`: ${name} \\(${serial}`), undefined, SLOW);
}

/** A reload: the page goes and comes back in the same tab, with the same history entry. */
function reload(view: View, first: FirstUnit | null = FIRST) {
  view.unmount();
  return setUp({ first });
}

const listed = () => screen.queryByRole('heading', { name: /Units to register/ });

describe('MultiUnitRegistration', () => {
  it('keeps the units listed and the unit being typed across a reload (issue #24)', async () => {
    const view = setUp();
    await addUnit(view, 'BBB222', 'Shed');
    await view.user.type(screen.getByLabelText(/Device name/), 'Garage');
    await view.user.type(screen.getByLabelText('Serial number part 1 of 2'), 'CC');

    reload(view);
    expect(
      await screen.findByRole('heading', { name: 'Units to register (1)' }, SLOW),
    ).toBeInTheDocument();
    expect(screen.getByText(/Unit 2: Shed \(BBB222/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Unit 3' })).toBeInTheDocument();
    expect(screen.getByLabelText(/Device name/)).toHaveValue('Garage');
    expect(screen.getByLabelText('Serial number part 1 of 2')).toHaveValue('CC');
  });

  it('keeps the first unit picked on a direct visit, with its list, across a reload (issue #24)', async () => {
    const view = setUp({ first: null });
    await view.user.click(await screen.findByRole('button', { name: 'Continue' }, SLOW));
    await addUnit(view, 'BBB222', 'Shed');

    reload(view, null);
    expect(await screen.findByText(/Unit 2: Shed \(BBB222/, undefined, SLOW)).toBeInTheDocument();
    expect(screen.getByText('AAA111')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Continue' })).not.toBeInTheDocument();
  });

  it('forgets the list once the units are registered (issue #24)', async () => {
    const view = setUp();
    await addUnit(view, 'BBB222', 'Shed');
    await view.user.click(screen.getByRole('button', { name: 'Register 1 unit' }));
    const terms = await screen.findByRole('dialog', { name: 'Legal terms' }, SLOW);
    await view.user.click(within(terms).getByLabelText('I have read and agree to the legal terms'));
    await view.user.click(within(terms).getByRole('button', { name: 'Agree and register' }));
    await screen.findByRole('link', { name: 'Go to my devices' }, SLOW);
    expect(listed()).not.toBeInTheDocument();

    reload(view);
    expect(await screen.findByRole('heading', { name: 'Unit 2' }, SLOW)).toBeInTheDocument();
    expect(listed()).not.toBeInTheDocument();
    expect(JSON.stringify({ ...sessionStorage })).not.toMatch(/BBB222|Shed/);
  });

  it('forgets the list when the customer leaves and confirms it (issue #24)', async () => {
    const view = setUp();
    await addUnit(view, 'BBB222', 'Shed');
    act(() => void view.router.navigate('/devices'));
    const dialog = await screen.findByRole('dialog', { name: 'Leave without finishing?' }, SLOW);
    await view.user.click(within(dialog).getByRole('button', { name: 'Leave' }));
    await screen.findByText('Devices page', undefined, SLOW);

    reload(view);
    expect(await screen.findByRole('heading', { name: 'Unit 2' }, SLOW)).toBeInTheDocument();
    expect(listed()).not.toBeInTheDocument();
  });

  it('forgets the list when the customer cancels (issue #24)', async () => {
    const view = setUp();
    await addUnit(view, 'BBB222', 'Shed');
    await view.user.click(screen.getByRole('button', { name: 'Cancel' }));
    await screen.findByText('Devices page', undefined, SLOW);

    reload(view);
    expect(await screen.findByRole('heading', { name: 'Unit 2' }, SLOW)).toBeInTheDocument();
    expect(listed()).not.toBeInTheDocument();
  });
});
