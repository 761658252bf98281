import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { signInAs, renderWithProviders } from '../../../test/render-app';
import { errorAnswer, mockApi } from '../../../test/mock-api';
import { NewsSignup } from './news-signup';

const NEWS = '/api/interestedcustomers';
const SLOW = { timeout: 5000 };

describe('the news sign-up', () => {
  it('posts the address with the tenant, without the session token (store-and-public-site §3, §6)', async () => {
    signInAs();
    const api = mockApi([{ method: 'POST', path: NEWS, answer: { status: 201, body: {} } }]);
    const { user } = renderWithProviders(<NewsSignup />);
    const field = await screen.findByRole('textbox', { name: 'E-mail address for news' }, SLOW);
    await user.type(field, 'not-an-address');
    await user.click(screen.getByRole('button', { name: 'Sign me up' }));
    expect(screen.getByText('Enter a valid e-mail address.')).toBeVisible();
    expect(api.find('POST', NEWS)).toHaveLength(0);
    await user.clear(field);
    await user.type(field, 'ellen@example.com');
    await user.click(screen.getByRole('button', { name: 'Sign me up' }));
    expect(await screen.findByText(/You are signed up/, undefined, SLOW)).toBeVisible();
    const [call] = api.find('POST', NEWS);
    expect(call!.body).toEqual({ EmailAddress: 'ellen@example.com', TenantId: 1 });
    expect(call!.authorization).toBeNull();
  });

  it("alerts 'An error occurred subscribing you for news.' when the sign-up fails (store-and-public-site §8)", async () => {
    mockApi([{ method: 'POST', path: NEWS, answer: errorAnswer(500, 'down') }]);
    const { user } = renderWithProviders(<NewsSignup />);
    await user.type(
      await screen.findByRole('textbox', { name: 'E-mail address for news' }, SLOW),
      'ellen@example.com',
    );
    await user.click(screen.getByRole('button', { name: 'Sign me up' }));
    const dialog = await screen.findByRole('dialog', { name: 'Error!' }, SLOW);
    expect(dialog).toHaveTextContent('An error occurred subscribing you for news.');
  });
});
