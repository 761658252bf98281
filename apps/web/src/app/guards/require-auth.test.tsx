import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../test/mock-api';
import { renderApp, signInAs } from '../../test/render-app';

describe('route guard', () => {
  it('sends a logged-out visitor of /account to the root with ?redirect=/account (accounts-devices-billing §2)', async () => {
    mockApi();
    const { location } = renderApp('/account');
    await waitFor(() => expect(location().pathname).toBe('/'));
    expect(location().search).toBe('?redirect=/account');
    // The home page then leads with the sign-in form, inside the main region.
    const main = await screen.findByRole('main');
    expect(
      await within(main).findByRole('heading', { name: 'Sign in to continue' }),
    ).toBeInTheDocument();
    expect(within(main).getByLabelText('Email')).toBeInTheDocument();
  });

  it('keeps the query of the wanted page in the redirect (accounts-devices-billing §2)', async () => {
    mockApi();
    const { location } = renderApp('/devices/12?view=history');
    await waitFor(() => expect(location().pathname).toBe('/'));
    expect(new URLSearchParams(location().search).get('redirect')).toBe('/devices/12?view=history');
  });

  it('lets a signed-in user open a login-required page (accounts-devices-billing §2)', async () => {
    mockApi();
    signInAs();
    const { location } = renderApp('/devices');
    expect(
      await screen.findByRole('heading', { name: 'My Devices', level: 1 }),
    ).toBeInTheDocument();
    expect(location().pathname).toBe('/devices');
  });
});
