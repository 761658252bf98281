import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@monitor/domain/shared/messages';
import { getSession } from '../../../lib/session';
import { DEMO_USER, inOneHour } from '../../../test/fixtures';
import { errorAnswer, mockApi, type MockRoute } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';

const created = {
  ...DEMO_USER,
  Id: 42,
  AccessToken: 'fresh-token',
  AccessTokenExpires: inOneHour(),
};
const registered: MockRoute = {
  method: 'POST',
  path: '/RegistrationGateway.php',
  answer: { status: 201, body: created },
};
const originSaved: MockRoute = {
  method: 'POST',
  path: '/api/users/saveProductOrigin',
  answer: { body: { ok: true } },
};

/** A Mantine Select's text input (its listbox carries the same label). */
const selectInput = (label: string) =>
  screen.getAllByLabelText(label).find((element) => element.tagName === 'INPUT')!;

async function fillRequired(user: ReturnType<typeof renderApp>['user'], confirm = 'long-enough-1') {
  await user.type(await screen.findByLabelText('First name'), 'ellen');
  await user.type(screen.getByLabelText('Last name'), 'ripley');
  await user.type(screen.getByLabelText('Email'), 'ellen@example.com');
  await user.type(screen.getByLabelText('Password'), 'long-enough-1');
  await user.type(screen.getByLabelText('Confirm password'), confirm);
}

describe('registration form', () => {
  it('does not submit when the passwords differ, and says so (store-and-public-site §5)', async () => {
    const api = mockApi([registered]);
    const { user } = renderApp('/register');
    await fillRequired(user, 'something-else');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Passwords do not match.')).toBeInTheDocument();
    expect(api.find('POST', '/RegistrationGateway.php')).toHaveLength(0);
  });

  it('sends the Other free text for origin 9, segment 8 when none is chosen, capitalised names, then goes to /devices/add (store-and-public-site §3, §4)', async () => {
    const api = mockApi([registered, originSaved]);
    const { user, location } = renderApp('/register');
    await fillRequired(user);
    expect(screen.queryByLabelText('Where did you hear about us? (other)')).not.toBeInTheDocument();
    await user.click(selectInput('Where did you hear about us?'));
    await user.click(await screen.findByRole('option', { name: 'Other' }));
    await user.type(
      await screen.findByLabelText('Where did you hear about us? (other)'),
      'A podcast',
    );
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    await waitFor(() => expect(location().pathname).toBe('/devices/add'));
    expect(api.find('POST', '/RegistrationGateway.php')[0]!.body).toMatchObject({
      FirstName: 'Ellen',
      LastName: 'Ripley',
      EmailAddress: 'ellen@example.com',
      Password: 'long-enough-1',
      ConfirmPassword: 'long-enough-1',
      TenantId: 1,
      ProductOrigin: 9,
      ProductOriginOther: 'A podcast',
      CustomerSegmentation: 8,
      SegmentationOther: null,
      source: 'web',
    });
    const origin = api.find('POST', '/api/users/saveProductOrigin')[0]!;
    expect(origin.body).toEqual({
      UserId: 42,
      ProductOrigin: 9,
      ProductOriginOther: 'A podcast',
      CustomerSegmentation: 8,
      SegmentationOther: null,
    });
    // Saved after the token was stored, so it carries it.
    expect(origin.authorization).toBe('Bearer fresh-token');
    expect(getSession()).toMatchObject({ loggedIn: true, apiToken: 'fresh-token' });
  });

  it('sends the segment free text only when Other (7) is chosen (store-and-public-site §5)', async () => {
    const api = mockApi([registered, originSaved]);
    const { user, location } = renderApp('/register');
    await fillRequired(user);
    await user.click(selectInput('What will you monitor?'));
    await user.click(await screen.findByRole('option', { name: 'Other' }));
    await user.type(await screen.findByLabelText('What will you monitor? (other)'), 'Beehives');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(location().pathname).toBe('/devices/add'));
    expect(api.find('POST', '/RegistrationGateway.php')[0]!.body).toMatchObject({
      ProductOrigin: null,
      ProductOriginOther: null,
      CustomerSegmentation: 7,
      SegmentationOther: 'Beehives',
    });
  });

  it('says "Email address is already in use." under the e-mail field on a 409, with a link to reset the password, and stays (store-and-public-site §8; issue #24)', async () => {
    mockApi([
      { method: 'POST', path: '/RegistrationGateway.php', answer: errorAnswer(409, 'Conflict') },
    ]);
    const { user, location } = renderApp('/register');
    await fillRequired(user);
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    const email = screen.getByRole('textbox', { name: 'Email' });
    await waitFor(() =>
      expect(email).toHaveAccessibleDescription(/Email address is already in use\./),
    );
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('link', { name: 'reset your password' })).toHaveAttribute(
      'href',
      '/forgotpassword',
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(location().pathname).toBe('/register');
    await user.type(email, 'x');
    expect(email).not.toHaveAccessibleDescription(/already in use/);
  });

  it('alerts when saving the origin fails and still goes to /devices/add (store-and-public-site §4)', async () => {
    mockApi([
      registered,
      { method: 'POST', path: '/api/users/saveProductOrigin', answer: errorAnswer(500, 'boom') },
    ]);
    const { user, location } = renderApp('/register');
    await fillRequired(user);
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(location().pathname).toBe('/devices/add'));
    const dialog = await screen.findByRole('dialog', { name: 'Error!' });
    expect(within(dialog).getByText(MESSAGES.productOriginFailed)).toBeInTheDocument();
  });
});
