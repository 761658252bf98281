import { screen, waitFor, within } from '@testing-library/react';
import Cookies from 'js-cookie';
import { describe, expect, it } from 'vitest';
import type { User } from '@monitor/contract/users';
import { DEMO_USER } from '../../../test/fixtures';
import { errorAnswer, mockApi } from '../../../test/mock-api';
import { renderApp, signInAs } from '../../../test/render-app';

const path = `/api/users/${DEMO_USER.Id}`;

describe('account page', () => {
  it('saves °C to the tempPref cookie and to the user (accounts-devices-billing §9)', async () => {
    signInAs();
    const api = mockApi([
      { path, answer: { body: DEMO_USER } },
      {
        method: 'PUT',
        path,
        answer: ({ body }) => ({
          body: {
            ...DEMO_USER,
            UserPref: { ...DEMO_USER.UserPref, ...(body as Partial<User>).UserPref },
          },
        }),
      },
    ]);
    const { user } = renderApp('/account');
    const unit = await screen.findByRole('radiogroup', { name: 'Temperature unit' });
    expect(within(unit).getByRole('radio', { name: '°F' })).toBeChecked();
    await user.click(within(unit).getByText('°C'));
    await waitFor(() => expect(api.find('PUT', path)).toHaveLength(1));
    expect(api.find('PUT', path)[0]!.body).toEqual({ UserPref: { TempPref: 'C' } });
    expect(Cookies.get('tempPref')).toBe('C');
    await waitFor(() => expect(within(unit).getByRole('radio', { name: '°C' })).toBeChecked());
  });

  it('fills the phone number support in a failed update message (accounts-devices-billing §8)', async () => {
    signInAs();
    mockApi([
      { path, answer: { body: DEMO_USER } },
      { method: 'PUT', path, answer: errorAnswer(500, 'boom') },
    ]);
    const { user } = renderApp('/account');
    const first = await screen.findByLabelText('First name');
    await user.clear(first);
    await user.type(first, 'Ellie');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    const dialog = await screen.findByRole('dialog', { name: 'Error!' });
    expect(dialog).toHaveTextContent(
      'An error occurred updating your information. Please contact customer support at 1-800-555-0101.',
    );
  });

  it('shows the sub-account form only to users with the SUBACCOUNT role (accounts-devices-billing §6)', async () => {
    const subAccount: User = {
      ...DEMO_USER,
      Roles: [{ Name: 'SUBACCOUNT' }],
      SubAccount: { ParentId: 1, ParentName: 'Dallas Arthur', DateCreated: '2024-03-01T00:00:00Z' },
    };
    signInAs(subAccount);
    mockApi([{ path, answer: { body: subAccount } }]);
    renderApp('/account');
    expect(await screen.findByLabelText('Parent account')).toHaveValue('Dallas Arthur');
  });

  it('does not show the sub-account form to a parent account (accounts-devices-billing §6)', async () => {
    signInAs();
    mockApi([{ path, answer: { body: DEMO_USER } }]);
    renderApp('/account');
    await screen.findByLabelText('First name');
    expect(screen.queryByLabelText('Parent account')).not.toBeInTheDocument();
  });

  it('creates the default billing address with the phone joined to 11 digits (accounts-devices-billing §3)', async () => {
    signInAs();
    const api = mockApi([
      { path, answer: { body: DEMO_USER } },
      { path: '/api/billingaddresses', answer: { body: [] } },
      {
        method: 'POST',
        path: '/api/billingaddresses',
        answer: ({ body }) => ({ body: { ...(body as object), Id: 5 } }),
      },
    ]);
    const { user } = renderApp('/account?tab=billing');
    await user.type(await screen.findByLabelText('Street address'), '1 Main St');
    await user.type(screen.getByLabelText('City'), 'Rochester');
    await user.type(screen.getByLabelText('ZIP / postal code'), '14624');
    await user.type(screen.getByLabelText('Area code'), '5855550123');
    await user.click(screen.getByRole('button', { name: 'Save billing address' }));
    await waitFor(() => expect(api.find('POST', '/api/billingaddresses')).toHaveLength(1));
    expect(api.find('GET', '/api/billingaddresses')[0]!.query.get('default')).toBe('true');
    expect(api.find('POST', '/api/billingaddresses')[0]!.body).toMatchObject({
      UserId: DEMO_USER.Id,
      Default: true,
      FirstName: 'Ellen',
      LastName: 'Ripley',
      Address1: '1 Main St',
      City: 'Rochester',
      State: 'NY',
      Zip: '14624',
      PhoneNumber: '15855550123',
    });
  });

  it('updates an existing billing address with PUT (accounts-devices-billing §7)', async () => {
    signInAs();
    const address = {
      Id: 9,
      UserId: DEMO_USER.Id,
      Default: true,
      FirstName: 'Ellen',
      LastName: 'Ripley',
      Address1: '1 Main St',
      Address2: null,
      City: 'Toronto',
      State: 'ON',
      Zip: 'M5V 2T6',
      PhoneNumber: '14165550100',
    };
    const api = mockApi([
      { path, answer: { body: DEMO_USER } },
      { path: '/api/billingaddresses', answer: { body: [address] } },
      {
        method: 'PUT',
        path: '/api/billingaddresses/9',
        answer: ({ body }) => ({ body: { ...(body as object), Id: 9 } }),
      },
    ]);
    const { user } = renderApp('/account?tab=billing');
    expect(await screen.findByLabelText('Area code')).toHaveValue('416');
    expect(screen.getByLabelText('Line number')).toHaveValue('0100');
    await user.click(screen.getByRole('button', { name: 'Save billing address' }));
    await waitFor(() => expect(api.find('PUT', '/api/billingaddresses/9')).toHaveLength(1));
    expect(api.find('PUT', '/api/billingaddresses/9')[0]!.body).toMatchObject({
      State: 'ON',
      Zip: 'M5V 2T6',
      PhoneNumber: '14165550100',
    });
  });
});
