import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { StaffSearchUser, StaffUserSearchAnswer } from '@monitor/contract/staff';
import { getSession, startSession } from '../../lib/session';
import { DEMO_USER, inOneHour } from '../../test/fixtures';
import { mockApi, type MockRoute } from '../../test/mock-api';
import { renderApp, setDesktopWidth, signInAs } from '../../test/render-app';

const STAFF = {
  ...DEMO_USER,
  Id: 1,
  FirstName: 'Sam',
  LastName: 'Support',
  EmailAddress: 'staff@example.com',
  Roles: [{ Name: 'STAFF' }],
};
const CUSTOMER = { ...DEMO_USER, Id: 55, FirstName: 'Dana', LastName: 'Owner' };

const found = (extra: Partial<StaffSearchUser> = {}): StaffSearchUser => ({
  Id: 55,
  FullName: 'Dana Owner',
  EmailAddress: 'dana@example.com',
  TenantId: 2,
  IsSubAccount: false,
  Devices: [{ DeviceId: '356938035643809', SerialNumber: 'ABC123', Name: 'Lake House' }],
  DeviceCount: 1,
  ...extra,
});

const searchRoute = (
  answer: (search: string, page: number) => StaffUserSearchAnswer,
): MockRoute => ({
  path: '/api/staff/users',
  answer: ({ query }) => ({ body: answer(query.get('search') ?? '', Number(query.get('page'))) }),
});
const impersonateRoute: MockRoute = {
  path: '/api/authorization/impersonate/55',
  answer: {
    body: { ...CUSTOMER, AccessToken: 'customer-token', AccessTokenExpires: inOneHour() },
  },
};
const logoutRoute: MockRoute = {
  method: 'POST',
  path: '/api/authorization/logout',
  answer: { body: { ok: true } },
};

const signInAsStaff = () =>
  startSession({ user: STAFF, apiToken: 'staff-token', expiresAt: inOneHour() });

describe('the staff landing (decision 023)', { timeout: 20_000 }, () => {
  it('brings staff to the landing after signing in (decision 023)', async () => {
    mockApi([
      {
        method: 'POST',
        path: '/LoginGateway.php',
        answer: { body: { ...STAFF, AccessToken: 'staff-token', AccessTokenExpires: inOneHour() } },
      },
    ]);
    const { user, location } = renderApp('/login');
    const form = await screen.findByRole('main');
    await user.type(within(form).getByLabelText('Email'), 'staff@example.com');
    await user.type(within(form).getByLabelText('Password'), 'staff-password');
    await user.click(within(form).getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(location().pathname).toBe('/staff'));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Staff tools' }, { timeout: 5000 }),
    ).toBeInTheDocument();
  });

  it('shows staff a Staff tools link in the header, and customers none', async () => {
    setDesktopWidth();
    mockApi();
    signInAsStaff();
    const staffView = renderApp('/account');
    const banner = await screen.findByRole('banner');
    expect(await within(banner).findByRole('link', { name: 'Staff tools' })).toHaveAttribute(
      'href',
      '/staff',
    );
    staffView.unmount();
    signInAs(DEMO_USER);
    renderApp('/account');
    const customerBanner = await screen.findByRole('banner');
    await within(customerBanner).findByRole('link', { name: 'Account' });
    expect(within(customerBanner).queryByRole('link', { name: 'Staff tools' })).toBeNull();
  });

  it('sends a customer who opens /staff to /devices', async () => {
    mockApi();
    signInAs(DEMO_USER);
    const { location } = renderApp('/staff');
    await waitFor(() => expect(location().pathname).toBe('/devices'), { timeout: 5000 });
  });

  it('finds a customer, acts as them in one click and returns to the landing as staff (decision 023)', async () => {
    setDesktopWidth();
    const api = mockApi([
      searchRoute((search) => ({
        Users: search.toUpperCase() === 'ABC123' ? [found()] : [],
        Total: search.toUpperCase() === 'ABC123' ? 1 : 0,
        Page: 1,
        PageSize: 20,
      })),
      impersonateRoute,
      logoutRoute,
    ]);
    signInAsStaff();
    const { user, location } = renderApp('/staff');
    const input = await screen.findByRole('textbox', { name: /E-mail, serial number or IMEI/ });
    await user.type(input, 'ab');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('Enter at least 3 characters.')).toBeInTheDocument();
    expect(api.find('GET', '/api/staff/users')).toHaveLength(0);

    await user.type(input, 'c123{Enter}');
    const list = await screen.findByRole('list', { name: 'Customers found' });
    expect(within(list).getByText('dana@example.com', { selector: 'p' })).toBeInTheDocument();
    expect(within(list).getByText(/ABC123 · 356938035643809/)).toBeInTheDocument();
    expect(screen.getByText('1 customer found.')).toBeInTheDocument();
    expect(api.find('GET', '/api/staff/users')[0]!.authorization).toBe('Bearer staff-token');

    await user.click(within(list).getByRole('button', { name: 'Impersonate dana@example.com' }));
    await waitFor(() => expect(location().pathname).toBe('/devices'));
    expect(getSession()).toMatchObject({
      impersonating: true,
      apiToken: 'customer-token',
      staffSession: { apiToken: 'staff-token', user: { Id: STAFF.Id } },
    });
    expect(screen.queryByRole('link', { name: 'Staff tools' })).toBeNull();

    await user.click(
      await screen.findByRole('button', { name: 'Return to the partner admin site' }),
    );
    await user.click(await screen.findByRole('button', { name: 'Leave and return' }));
    await waitFor(() => expect(location().pathname).toBe('/staff'));
    expect(getSession()).toMatchObject({
      loggedIn: true,
      impersonating: false,
      apiToken: 'staff-token',
      staffSession: null,
    });
    expect(getSession().user?.Id).toBe(STAFF.Id);
    // The impersonation token, not the staff one, was revoked.
    await waitFor(() => expect(api.find('POST', '/api/authorization/logout')).toHaveLength(1));
    expect(api.find('POST', '/api/authorization/logout')[0]!.authorization).toBe(
      'Bearer customer-token',
    );
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Staff tools' }),
    ).toBeInTheDocument();
  });

  it('pages through a broad search, 20 at a time', async () => {
    const api = mockApi([
      searchRoute((_search, page) => ({
        Users: [found({ Id: 100 + page, EmailAddress: `page-${page}@example.com` })],
        Total: 25,
        Page: page,
        PageSize: 20,
      })),
    ]);
    signInAsStaff();
    const { user } = renderApp('/staff');
    await user.type(
      await screen.findByRole('textbox', { name: /E-mail, serial number or IMEI/ }),
      'example{Enter}',
    );
    expect(await screen.findByText('25 customers found, page 1 of 2.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(
      await screen.findByRole('button', { name: 'Impersonate page-2@example.com' }),
    ).toBeInTheDocument();
    expect(api.find('GET', '/api/staff/users').map((call) => call.query.get('page'))).toEqual([
      '1',
      '2',
    ]);
  });

  it('revokes the kept staff session too when staff sign out while acting as a customer', async () => {
    setDesktopWidth();
    const api = mockApi([logoutRoute]);
    startSession({
      user: CUSTOMER,
      apiToken: 'customer-token',
      impersonating: true,
      expiresAt: inOneHour(),
      staffSession: { apiToken: 'staff-token', user: STAFF, expiresAt: inOneHour() },
    });
    const { user } = renderApp('/account');
    await user.click(await screen.findByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(api.find('POST', '/api/authorization/logout')).toHaveLength(2));
    expect(
      api
        .find('POST', '/api/authorization/logout')
        .map((call) => call.authorization)
        .sort(),
    ).toEqual(['Bearer customer-token', 'Bearer staff-token']);
    expect(getSession().loggedIn).toBe(false);
  });
});
