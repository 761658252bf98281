import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { SubAccount } from '@monitor/contract/sub-accounts';
import { DEMO_USER } from '../../../test/fixtures';
import { errorAnswer, mockApi, type MockRoute } from '../../../test/mock-api';
import { renderApp, signInAs } from '../../../test/render-app';

const USER_DEVICE_ID = 12;
const PAGE = `/devices/${USER_DEVICE_ID}/marcellpro`;

const sub = (id: number, extra: Partial<SubAccount> = {}): SubAccount => ({
  Id: id,
  FirstName: 'Sam',
  LastName: `Jones${id}`,
  EmailAddress: `sam${id}@example.com`,
  ParentId: DEMO_USER.Id,
  DateCreated: '2026-11-01T10:00:00.000Z',
  SubUserDeviceId: 100 + id,
  SubAccountDateCreated: '2026-11-02T10:00:00.000Z',
  ...extra,
});

const VALID = {
  IsValid: true,
  UserDeviceId: USER_DEVICE_ID,
  SerialNumber: 'ABC123',
  Name: 'Walk-in freezer',
  DeviceType: 4,
};

const validityRoute = (answer: MockRoute['answer'] = { body: VALID }): MockRoute => ({
  path: '/api/users/checkMarcellProValidity',
  answer,
});
const listRoute = (list: SubAccount[] | (() => SubAccount[])): MockRoute => ({
  path: '/api/users/getAllSubAccounts',
  answer: () => ({ body: typeof list === 'function' ? list() : list }),
});

/** Opens the page and waits for its lazy route (slow on a busy machine) to show the heading. */
async function openPage(routes: MockRoute[], path = PAGE) {
  const api = mockApi(routes);
  signInAs();
  const view = renderApp(path);
  await screen.findByRole('heading', { name: 'Sub-accounts' }, { timeout: 5000 });
  return { api, ...view };
}

// Generous: the first render loads the lazy route, slow on a busy machine.
const errorDialog = () => screen.findByRole('dialog', { name: 'Error!' }, { timeout: 5000 });

// Typing whole forms and the first lazy route load take seconds on a busy machine.
describe(
  'sub-account page (device-management §2, §4 "Sub-account flow")',
  { timeout: 20_000 },
  () => {
    it('leads back to the device it is for (issue #10)', async () => {
      await openPage([validityRoute(), listRoute([])]);
      expect(
        await screen.findByRole('link', { name: '← Back to Walk-in freezer' }),
      ).toHaveAttribute('href', `/devices/${USER_DEVICE_ID}`);
    });

    it("says 'This device is not associated with the user.' and goes to /devices when the device is not the user's (§5)", async () => {
      const { location, api } = await openPage([
        validityRoute({ body: { ...VALID, IsValid: false, SerialNumber: null, Name: null } }),
      ]);
      expect(
        within(await errorDialog()).getByText('This device is not associated with the user.'),
      ).toBeInTheDocument();
      await waitFor(() => expect(location().pathname).toBe('/devices'));
      const check = api.find('GET', '/api/users/checkMarcellProValidity')[0]!;
      expect(check.query.get('deviceId')).toBe(String(USER_DEVICE_ID));
      expect(check.query.get('userId')).toBe(String(DEMO_USER.Id));
      expect(api.find('GET', '/api/users/getAllSubAccounts')).toHaveLength(0);
    });

    it("shows 'An error occurred processing device checking.' when the check fails (§8)", async () => {
      await openPage([validityRoute(errorAnswer(500, 'boom'))]);
      expect(
        within(await errorDialog()).getByText('An error occurred processing device checking.'),
      ).toBeInTheDocument();
    });

    it("shows 'An error occurred fetching sub account details.' when the list does not load (§8)", async () => {
      await openPage([
        validityRoute(),
        { path: '/api/users/getAllSubAccounts', answer: errorAnswer(500, 'boom') },
      ]);
      expect(
        within(await errorDialog()).getByText('An error occurred fetching sub account details.'),
      ).toBeInTheDocument();
    });

    it("shows 'An error occurred getting the User Device Serial' when the check names no serial (§8)", async () => {
      await openPage([validityRoute({ body: { ...VALID, SerialNumber: null } }), listRoute([])]);
      expect(
        within(await errorDialog()).getByText('An error occurred getting the User Device Serial'),
      ).toBeInTheDocument();
    });

    it("shows 'An error occurred deleting sub account.' when the deletion fails (§8)", async () => {
      const { user } = await openPage([
        validityRoute(),
        listRoute([sub(1)]),
        { method: 'DELETE', path: '/api/users/deleteSubAccount', answer: errorAnswer(500, 'boom') },
      ]);
      await user.click(await screen.findByRole('button', { name: 'Delete Sam Jones1' }));
      await user.click(
        within(await screen.findByRole('dialog', { name: 'Delete sub-account' })).getByRole(
          'button',
          { name: 'Delete' },
        ),
      );
      expect(
        within(await errorDialog()).getByText('An error occurred deleting sub account.'),
      ).toBeInTheDocument();
    });

    it('lists only the sub-accounts that see this device, with named actions', async () => {
      await openPage([validityRoute(), listRoute([sub(1), sub(2, { SubUserDeviceId: null })])]);
      const item = await screen.findByRole('listitem', { name: 'Sam Jones1' });
      expect(within(item).getByText('sam1@example.com')).toBeInTheDocument();
      expect(within(item).getByText('Sees records from November 2, 2026')).toBeInTheDocument();
      expect(within(item).getByRole('button', { name: 'Edit Sam Jones1' })).toBeInTheDocument();
      expect(
        within(item).getByRole('button', { name: 'Remove Sam Jones1 from this device' }),
      ).toBeInTheDocument();
      expect(screen.queryByRole('listitem', { name: 'Sam Jones2' })).not.toBeInTheDocument();
      expect(screen.getByText(/People who may view Walk-in freezer/)).toBeInTheDocument();
    });

    it('creates a sub-account through the registration call with SendEmail on by default (§3, §7)', async () => {
      let list = [sub(1)];
      const { api, user } = await openPage([
        validityRoute(),
        listRoute(() => list),
        {
          method: 'POST',
          path: '/RegistrationGateway.php',
          answer: () => {
            list = [...list, sub(3, { FirstName: 'Kim', LastName: 'Lee' })];
            return { body: { ...DEMO_USER, Id: 3 } };
          },
        },
      ]);
      await user.click(await screen.findByRole('button', { name: 'Create sub-account' }));
      const dialog = await screen.findByRole('dialog', { name: 'Create sub-account' });
      expect(
        within(dialog).getByRole('checkbox', { name: /Send the new user an e-mail/ }),
      ).toBeChecked();
      await user.type(within(dialog).getByLabelText('First name'), 'kim');
      await user.type(within(dialog).getByLabelText('Last name'), 'lee');
      await user.type(within(dialog).getByLabelText('Email'), 'kim@example.com');
      await user.type(within(dialog).getByLabelText('Password'), 'kim password');
      await user.type(within(dialog).getByLabelText('Confirm password'), 'kim password');
      await user.click(within(dialog).getByRole('button', { name: 'Create sub-account' }));
      expect(await screen.findByRole('listitem', { name: 'Kim Lee' })).toBeInTheDocument();
      expect(api.find('POST', '/RegistrationGateway.php')[0]!.body).toEqual({
        FirstName: 'kim',
        LastName: 'lee',
        EmailAddress: 'kim@example.com',
        Password: 'kim password',
        ConfirmPassword: 'kim password',
        ParentId: DEMO_USER.Id,
        DeviceId: USER_DEVICE_ID,
        SendEmail: true,
      });
      expect(api.find('POST', '/RegistrationGateway.php')[0]!.authorization).toBe('Bearer token-1');
    });

    it("shows 'Could not create Sub Account.' with the server's message when creation is refused (§8)", async () => {
      const { user } = await openPage([
        validityRoute(),
        listRoute([]),
        {
          method: 'POST',
          path: '/RegistrationGateway.php',
          answer: errorAnswer(409, 'Email address is already in use.'),
        },
      ]);
      await user.click(await screen.findByRole('button', { name: 'Create sub-account' }));
      const dialog = await screen.findByRole('dialog', { name: 'Create sub-account' });
      await user.type(within(dialog).getByLabelText('First name'), 'kim');
      await user.type(within(dialog).getByLabelText('Last name'), 'lee');
      await user.type(within(dialog).getByLabelText('Email'), 'taken@example.com');
      await user.type(within(dialog).getByLabelText('Password'), 'kim password');
      await user.type(within(dialog).getByLabelText('Confirm password'), 'kim password');
      await user.click(within(dialog).getByRole('button', { name: 'Create sub-account' }));
      expect(
        within(await errorDialog()).getByText(
          'Could not create Sub Account. Email address is already in use.',
        ),
      ).toBeInTheDocument();
    });

    it('edits a sub-account from its freshly fetched details', async () => {
      const { api, user } = await openPage([
        validityRoute(),
        listRoute([sub(1)]),
        {
          path: '/api/users/fetchSubAccountDetails',
          answer: {
            body: { ...sub(1), ParentName: 'Ellen Ripley', Devices: [] },
          },
        },
        {
          method: 'PUT',
          path: '/api/users/editSubAccountDetails',
          answer: {
            body: { ...sub(1), FirstName: 'Robin', ParentName: 'Ellen Ripley', Devices: [] },
          },
        },
      ]);
      await user.click(await screen.findByRole('button', { name: 'Edit Sam Jones1' }));
      const dialog = await screen.findByRole('dialog', { name: 'Edit sub-account' });
      const first = within(dialog).getByLabelText('First name');
      await waitFor(() => expect(first).toHaveValue('Sam'));
      await user.clear(first);
      await user.type(first, 'robin');
      await user.click(within(dialog).getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(api.find('PUT', '/api/users/editSubAccountDetails')[0]!.body).toEqual({
        Id: 1,
        FirstName: 'robin',
        LastName: 'Jones1',
      });
      expect(api.find('GET', '/api/users/fetchSubAccountDetails')[0]!.query.get('id')).toBe('1');
    });

    it("shows 'An error occurred editing sub account details.' when the edit is refused (§8)", async () => {
      const { user } = await openPage([
        validityRoute(),
        listRoute([sub(1)]),
        {
          path: '/api/users/fetchSubAccountDetails',
          answer: { body: { ...sub(1), ParentName: 'Ellen Ripley', Devices: [] } },
        },
        {
          method: 'PUT',
          path: '/api/users/editSubAccountDetails',
          answer: errorAnswer(500, 'boom'),
        },
      ]);
      await user.click(await screen.findByRole('button', { name: 'Edit Sam Jones1' }));
      const dialog = await screen.findByRole('dialog', { name: 'Edit sub-account' });
      await waitFor(() => expect(within(dialog).getByLabelText('First name')).toHaveValue('Sam'));
      await user.click(within(dialog).getByRole('button', { name: 'Save' }));
      expect(
        within(await errorDialog()).getByText('An error occurred editing sub account details.'),
      ).toBeInTheDocument();
    });

    it("shows 'An error occurred fetching sub account details.' when the details do not load (§8)", async () => {
      const { user } = await openPage([
        validityRoute(),
        listRoute([sub(1)]),
        { path: '/api/users/fetchSubAccountDetails', answer: errorAnswer(500, 'boom') },
      ]);
      await user.click(await screen.findByRole('button', { name: 'Edit Sam Jones1' }));
      expect(
        within(await errorDialog()).getByText('An error occurred fetching sub account details.'),
      ).toBeInTheDocument();
    });

    it('removes a sub-account from the device after confirmation, and says so word for word when that fails (§8)', async () => {
      const { api, user } = await openPage([
        validityRoute(),
        listRoute([sub(1)]),
        {
          method: 'DELETE',
          path: '/api/users/removeSubAccount',
          answer: errorAnswer(500, 'boom'),
        },
      ]);
      await user.click(
        await screen.findByRole('button', { name: 'Remove Sam Jones1 from this device' }),
      );
      const confirm = await screen.findByRole('dialog', { name: 'Remove from device' });
      expect(
        within(confirm).getByText(/Sam Jones1 will no longer see this device/),
      ).toBeInTheDocument();
      await user.click(within(confirm).getByRole('button', { name: 'Remove' }));
      expect(
        within(await errorDialog()).getByText('An error occurred remove sub account.'),
      ).toBeInTheDocument();
      const call = api.find('DELETE', '/api/users/removeSubAccount')[0]!;
      expect(call.query.get('subUserId')).toBe('1');
      expect(call.query.get('subUserDeviceId')).toBe('101');
    });

    it('deletes a sub-account only after confirmation', async () => {
      let list = [sub(1)];
      const { api, user } = await openPage([
        validityRoute(),
        listRoute(() => list),
        {
          method: 'DELETE',
          path: '/api/users/deleteSubAccount',
          answer: () => {
            list = [];
            return { body: { ok: true } };
          },
        },
      ]);
      await user.click(await screen.findByRole('button', { name: 'Delete Sam Jones1' }));
      const confirm = await screen.findByRole('dialog', { name: 'Delete sub-account' });
      await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
      expect(api.find('DELETE', '/api/users/deleteSubAccount')).toHaveLength(0);
      await user.click(screen.getByRole('button', { name: 'Delete Sam Jones1' }));
      await user.click(
        within(await screen.findByRole('dialog', { name: 'Delete sub-account' })).getByRole(
          'button',
          { name: 'Delete' },
        ),
      );
      expect(await screen.findByText('No sub-account sees this device yet.')).toBeInTheDocument();
      expect(api.find('DELETE', '/api/users/deleteSubAccount')[0]!.query.get('subUserId')).toBe(
        '1',
      );
    });

    it("adds an existing sub-account to the device, and shows 'An error occurred while adding the sub account to this device' on failure (§8)", async () => {
      const { api, user } = await openPage([
        validityRoute(),
        listRoute([sub(1), sub(2, { SubUserDeviceId: null, FirstName: 'Pat' })]),
        {
          method: 'POST',
          path: '/api/users/addSubAccountToDevice',
          answer: errorAnswer(409, 'This sub account already has this device.'),
        },
      ]);
      await screen.findByRole('listitem', { name: 'Sam Jones1' });
      await user.click(screen.getByRole('button', { name: 'Add an existing sub-account' }));
      const dialog = await screen.findByRole('dialog', { name: 'Add an existing sub-account' });
      const select = within(dialog).getByRole('combobox', { name: 'Sub-account' });
      expect(within(select).queryByRole('option', { name: /Jones1/ })).not.toBeInTheDocument();
      await user.selectOptions(
        select,
        within(select).getByRole('option', { name: 'Pat Jones2 (sam2@example.com)' }),
      );
      await user.click(within(dialog).getByRole('button', { name: 'Add to device' }));
      expect(
        within(await errorDialog()).getByText(
          'An error occurred while adding the sub account to this device',
        ),
      ).toBeInTheDocument();
      expect(api.find('POST', '/api/users/addSubAccountToDevice')[0]!.body).toEqual({
        deviceId: USER_DEVICE_ID,
        userId: 2,
      });
    });

    it("renames the parent, then signs out to /login (§4 'Sub-account flow')", async () => {
      const { api, user, location } = await openPage([
        validityRoute(),
        listRoute([]),
        { method: 'PUT', path: '/api/users/editParentName', answer: { body: DEMO_USER } },
        { method: 'POST', path: '/api/authorization/logout', answer: { body: { ok: true } } },
      ]);
      await user.click(await screen.findByRole('button', { name: 'Edit your name' }));
      const dialog = await screen.findByRole('dialog', { name: 'Edit your name' });
      const input = within(dialog).getByLabelText(/Your name/);
      expect(input).toHaveValue('Ellen Ripley');
      await user.clear(input);
      await user.type(input, 'Ellen Ripley-Hicks');
      await user.click(within(dialog).getByRole('button', { name: 'Save and sign out' }));
      await waitFor(() => expect(location().pathname).toBe('/login'));
      expect(api.find('PUT', '/api/users/editParentName')[0]!.body).toEqual({
        id: DEMO_USER.Id,
        name: 'Ellen Ripley-Hicks',
      });
      expect(api.find('POST', '/api/authorization/logout')).toHaveLength(1);
    });

    it('serves the NIST variant at /nistdevice', async () => {
      await openPage([validityRoute(), listRoute([])], `/devices/${USER_DEVICE_ID}/nistdevice`);
      expect(await screen.findByText('NIST device')).toBeInTheDocument();
      expect(await screen.findByText('No sub-account sees this device yet.')).toBeInTheDocument();
    });
  },
);
