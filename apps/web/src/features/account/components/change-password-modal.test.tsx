import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DEMO_USER } from '../../../test/fixtures';
import { errorAnswer, mockApi } from '../../../test/mock-api';
import { renderApp, signInAs } from '../../../test/render-app';

const userAnswer = { path: `/api/users/${DEMO_USER.Id}`, answer: { body: DEMO_USER } };

async function openDialog() {
  signInAs();
  const { user } = renderApp('/account');
  await user.click(await screen.findByRole('button', { name: 'Change password' }));
  const dialog = await screen.findByRole('dialog', { name: 'Change password' });
  return { user, dialog };
}

describe('change password modal', () => {
  it('saves nothing when the new password and its confirmation differ (accounts-devices-billing §5)', async () => {
    const api = mockApi([userAnswer]);
    const { user, dialog } = await openDialog();
    await user.type(within(dialog).getByLabelText('Current password'), 'old-password');
    await user.type(within(dialog).getByLabelText('New password'), 'new-password-1');
    await user.type(within(dialog).getByLabelText('Confirm new password'), 'new-password-2');
    await user.click(within(dialog).getByRole('button', { name: 'Save password' }));
    expect(within(dialog).getByText('Passwords do not match.')).toBeInTheDocument();
    expect(api.find('PUT', `/api/users/${DEMO_USER.Id}/password`)).toHaveLength(0);
    expect(dialog).toBeInTheDocument();
  });

  it('sends the current and new password, confirms, and closes after 0.5 s (accounts-devices-billing §9)', async () => {
    const api = mockApi([
      userAnswer,
      {
        method: 'PUT',
        path: `/api/users/${DEMO_USER.Id}/password`,
        answer: { body: { ok: true } },
      },
    ]);
    const { user, dialog } = await openDialog();
    await user.type(within(dialog).getByLabelText('Current password'), 'old-password');
    await user.type(within(dialog).getByLabelText('New password'), 'new-password-1');
    await user.type(within(dialog).getByLabelText('Confirm new password'), 'new-password-1');
    const clickedAt = Date.now();
    await user.click(within(dialog).getByRole('button', { name: 'Save password' }));
    expect(await within(dialog).findByText('Password changed.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(Date.now() - clickedAt).toBeGreaterThanOrEqual(450);
    expect(api.find('PUT', `/api/users/${DEMO_USER.Id}/password`)[0]!.body).toEqual({
      CurrentPassword: 'old-password',
      NewPassword: 'new-password-1',
    });
  });

  it("shows the server's message when the current password is wrong (accounts-devices-billing §8)", async () => {
    mockApi([
      userAnswer,
      {
        method: 'PUT',
        path: `/api/users/${DEMO_USER.Id}/password`,
        answer: errorAnswer(400, 'The current password is not correct.'),
      },
    ]);
    const { user, dialog } = await openDialog();
    await user.type(within(dialog).getByLabelText('Current password'), 'bad-password');
    await user.type(within(dialog).getByLabelText('New password'), 'new-password-1');
    await user.type(within(dialog).getByLabelText('Confirm new password'), 'new-password-1');
    await user.click(within(dialog).getByRole('button', { name: 'Save password' }));
    expect(
      await within(dialog).findByText('The current password is not correct.'),
    ).toBeInTheDocument();
  });
});
