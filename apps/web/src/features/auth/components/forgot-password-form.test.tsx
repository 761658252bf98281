import { screen, waitFor } from '@testing-library/react';
import Cookies from 'js-cookie';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@monitor/domain/shared/messages';
import { errorAnswer, mockApi } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';

describe('forgot password page', () => {
  it('requests a reset for the e-mail and tenant, then confirms with a home button (store-and-public-site §2)', async () => {
    Cookies.set('tid', '3');
    const api = mockApi([
      {
        method: 'POST',
        path: '/api/authorization/passwordreset/initiate',
        answer: { body: { ok: true } },
      },
    ]);
    const { user, location } = renderApp('/forgotpassword');
    await user.type(await screen.findByLabelText('Email'), 'ellen@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    const home = await screen.findByRole('button', { name: 'Back to home' });
    expect(api.find('POST', '/api/authorization/passwordreset/initiate')[0]!.body).toEqual({
      EmailAddress: 'ellen@example.com',
      TenantId: 3,
    });
    await user.click(home);
    await waitFor(() => expect(location().pathname).toBe('/'));
  });

  it('goes home on cancel (store-and-public-site §2)', async () => {
    mockApi();
    const { user, location } = renderApp('/forgotpassword');
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(location().pathname).toBe('/'));
  });

  it('alerts when the request fails (store-and-public-site §8)', async () => {
    mockApi([
      {
        method: 'POST',
        path: '/api/authorization/passwordreset/initiate',
        answer: errorAnswer(500, 'boom'),
      },
    ]);
    const { user } = renderApp('/forgotpassword');
    await user.type(await screen.findByLabelText('Email'), 'ellen@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText(MESSAGES.passwordResetRequestFailed)).toBeInTheDocument();
  });
});
