// Test-only: renders an add-device component with the app's providers and a router.
import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { DeviceBySerial } from '@monitor/contract/user-devices';
import { AppProviders } from '../../../app/providers';
import { signInAs } from '../../../test/render-app';

/** The lazy pieces and their calls take longer than the default second on a busy machine. */
export const SLOW = { timeout: 5000 };

/** A free unit as GET /api/validation/serialnumber answers it. */
export function foundDevice(extra: Partial<DeviceBySerial> = {}): DeviceBySerial {
  return {
    Id: null,
    IMEI: null,
    SerialNumber: 'ABC123',
    DeviceType: 1,
    TenantId: 1,
    FirmwareVersion: '10.6',
    Memo: null,
    DeviceNSP: null,
    ModemActivated: null,
    Registered: false,
    ...extra,
  };
}

/**
 * Renders `ui` at /devices/add (or `path`, such as /devices/add?step=2 on a reload), signed in as
 * the demo user; /devices is a stub page.
 */
export function renderStep(ui: ReactNode, { path = '/devices/add' }: { path?: string } = {}) {
  signInAs();
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const router = createMemoryRouter(
    [
      { path: '/devices/add', element: ui },
      { path: '/multi-unit-registration', element: ui },
      { path: '/devices', element: <p>Devices page</p> },
    ],
    { initialEntries: [path] },
  );
  const user = userEvent.setup();
  const view = render(
    <AppProviders queryClient={queryClient} env="test">
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, user, router, queryClient, location: () => router.state.location };
}
