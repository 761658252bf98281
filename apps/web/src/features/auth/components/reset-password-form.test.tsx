import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@monitor/domain/shared/messages';
import { errorAnswer, mockApi, type MockRoute } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';

const LINK = '/resetpassword?id=7&expires=1900000000&token=abc-123';
const usable: MockRoute = {
  method: 'POST',
  path: '/api/users/7/password/reset/check',
  answer: { body: { ok: true } },
};

describe('reset password page', () => {
  it.each([
    '/resetpassword?expires=1900000000&token=abc',
    '/resetpassword?id=7&token=abc',
    '/resetpassword?id=7&expires=1900000000',
  ])('redirects home when a parameter is missing: %s (store-and-public-site §2)', async (path) => {
    mockApi();
    const { location } = renderApp(path);
    await waitFor(() => expect(location().pathname).toBe('/'));
  });

  it('updates the passwords-match flag live and saves nothing while they differ (store-and-public-site §5)', async () => {
    const api = mockApi([usable]);
    const { user } = renderApp(LINK);
    await user.type(await screen.findByLabelText('New password'), 'new-password-1');
    await user.type(screen.getByLabelText('Confirm password'), 'new-password-2');
    expect(screen.getByText('Passwords do not match')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(api.find('POST', '/api/users/7/password/reset')).toHaveLength(0);

    await user.clear(screen.getByLabelText('Confirm password'));
    await user.type(screen.getByLabelText('Confirm password'), 'new-password-1');
    expect(screen.getByText('Passwords match')).toBeInTheDocument();
  });

  it('sends Expires, RequestToken and NewPassword for the user in the link, then confirms (store-and-public-site §7)', async () => {
    const api = mockApi([
      usable,
      { method: 'POST', path: '/api/users/7/password/reset', answer: { body: { ok: true } } },
    ]);
    const { user } = renderApp(LINK);
    await user.type(await screen.findByLabelText('New password'), 'new-password-1');
    await user.type(screen.getByLabelText('Confirm password'), 'new-password-1');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText(/Your password has been reset/)).toBeInTheDocument();
    const call = api.find('POST', '/api/users/7/password/reset')[0]!;
    expect(call.body).toEqual({
      Expires: 1900000000,
      RequestToken: 'abc-123',
      NewPassword: 'new-password-1',
    });
    expect(call.authorization).toBeNull();
  });

  it('alerts the friendly message when the reset fails on the server (store-and-public-site §8)', async () => {
    mockApi([
      usable,
      { method: 'POST', path: '/api/users/7/password/reset', answer: errorAnswer(500, 'boom') },
    ]);
    const { user } = renderApp(LINK);
    await user.type(await screen.findByLabelText('New password'), 'new-password-1');
    await user.type(screen.getByLabelText('Confirm password'), 'new-password-1');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText(MESSAGES.passwordResetFailed)).toBeInTheDocument();
  });

  it('says a used or expired link can no longer be used as soon as the page opens, and offers a new one (store-and-public-site §8; issue #24)', async () => {
    const api = mockApi([
      {
        method: 'POST',
        path: '/api/users/7/password/reset/check',
        answer: errorAnswer(400, MESSAGES.passwordResetLinkInvalid),
      },
    ]);
    renderApp(LINK);
    expect(
      await screen.findByRole('heading', { name: 'This link can no longer be used' }),
    ).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.passwordResetLinkInvalid)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Request a new link' })).toHaveAttribute(
      'href',
      '/forgotpassword',
    );
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
    const call = api.find('POST', '/api/users/7/password/reset/check')[0]!;
    expect(call.body).toEqual({ Expires: 1900000000, RequestToken: 'abc-123' });
    expect(call.authorization).toBeNull();
  });

  it('still offers the form when the link cannot be checked; the reset then tells', async () => {
    mockApi([
      {
        method: 'POST',
        path: '/api/users/7/password/reset/check',
        answer: errorAnswer(500, 'boom'),
      },
    ]);
    renderApp(LINK);
    expect(await screen.findByLabelText('New password')).toBeInTheDocument();
  });
});
