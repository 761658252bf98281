import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { User } from '@monitor/contract/users';
import { DEMO_USER } from '../../../test/fixtures';
import { errorAnswer, mockApi } from '../../../test/mock-api';
import { renderApp, signInAs } from '../../../test/render-app';

const path = `/api/users/${DEMO_USER.Id}`;
const subAccount: User = {
  ...DEMO_USER,
  FirstName: 'Kane',
  LastName: 'Dallas',
  EmailAddress: 'kane@example.com',
  Roles: [{ Name: 'SUBACCOUNT' }],
  SubAccount: { ParentId: 1, ParentName: 'Dallas Arthur', DateCreated: '2024-03-01T12:00:00Z' },
};

/** The sub-account's user, and PUT answering it with what was sent. */
const savingApi = () =>
  mockApi([
    { path, answer: { body: subAccount } },
    {
      method: 'PUT',
      path,
      answer: ({ body }) => ({ body: { ...subAccount, ...(body as Partial<User>) } }),
    },
  ]);

describe('the sub-account form', () => {
  it('lets a sub-account user edit their names and e-mail with PUT /api/users/{Id} (accounts-devices-billing §2, §7)', async () => {
    signInAs(subAccount);
    const api = savingApi();
    const { user } = renderApp('/account');
    const form = await screen.findByRole('form', { name: 'Sub-account details' });
    expect(within(form).getByLabelText('Parent account')).toHaveValue('Dallas Arthur');
    expect(within(form).getByLabelText('Parent account')).toHaveAttribute('readonly');
    expect(within(form).getByLabelText('Sub-account since')).toHaveValue('March 1, 2024');
    // One form for the sub-account's details: the parent's 'Your details' section is not shown.
    expect(screen.queryByRole('region', { name: 'Your details' })).not.toBeInTheDocument();
    const first = within(form).getByLabelText('First name');
    await user.clear(first);
    await user.type(first, 'Joan');
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(api.find('PUT', path)).toHaveLength(1));
    expect(api.find('PUT', path)[0]!.body).toEqual({
      FirstName: 'Joan',
      LastName: 'Dallas',
      EmailAddress: 'kane@example.com',
    });
  });

  it('shows the server message when the e-mail is taken (accounts-devices-billing §8)', async () => {
    signInAs(subAccount);
    mockApi([
      { path, answer: { body: subAccount } },
      { method: 'PUT', path, answer: errorAnswer(409, 'Email address is already in use.') },
    ]);
    const { user } = renderApp('/account');
    const form = await screen.findByRole('form', { name: 'Sub-account details' });
    const email = within(form).getByLabelText('Email');
    await user.clear(email);
    await user.type(email, 'taken@example.com');
    await user.type(within(form).getByLabelText('Current password'), 'my password');
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByRole('dialog', { name: 'Error!' })).toHaveTextContent(
      'Email address is already in use.',
    );
  });

  it('asks for the current password only when the e-mail changes, and sends it with the new one (issue #22)', async () => {
    signInAs(subAccount);
    const api = savingApi();
    const { user } = renderApp('/account');
    const form = await screen.findByRole('form', { name: 'Sub-account details' });
    expect(within(form).queryByLabelText('Current password')).not.toBeInTheDocument();
    const email = within(form).getByLabelText('Email');
    await user.clear(email);
    await user.type(email, 'new.kane@example.com');
    const password = await within(form).findByLabelText('Current password');
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    expect(
      await within(form).findByText('Enter your current password to change your e-mail address.'),
    ).toBeVisible();
    expect(api.find('PUT', path)).toHaveLength(0);
    await user.type(password, 'my password');
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(api.find('PUT', path)).toHaveLength(1));
    expect(api.find('PUT', path)[0]!.body).toEqual({
      FirstName: 'Kane',
      LastName: 'Dallas',
      EmailAddress: 'new.kane@example.com',
      CurrentPassword: 'my password',
    });
  });

  it('gives a sub-account no card on file: billing is the parent account’s (accounts-devices-billing §6)', async () => {
    signInAs(subAccount);
    const api = mockApi([
      { path, answer: { body: subAccount } },
      { path: '/api/billingaddresses', answer: { body: [] } },
    ]);
    renderApp('/account?tab=billing');
    await screen.findByRole('region', { name: 'Default billing address' });
    expect(screen.queryByRole('region', { name: 'Card on file' })).not.toBeInTheDocument();
    expect(api.find('GET', '/api/subscriptions/getusercreditcardinfo/7')).toHaveLength(0);
  });
});
