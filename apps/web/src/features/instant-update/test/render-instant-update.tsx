import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { QueryClient } from '@tanstack/react-query';
import { vi } from 'vitest';
import { AppProviders } from '../../../app/providers';
import { InstantUpdateButton } from '../components/instant-update-button';
import type { InstantUpdateDevice, InstantUpdateResult } from '../components/instant-update-mode';

/** A PRO unit that is on, not muted and active, with a report at 07:00. */
export const DEVICE: InstantUpdateDevice = {
  Id: 11,
  DeviceId: '359000000000011',
  SerialNumber: 'ABC123',
  Name: 'Kitchen freezer',
  DeviceType: 4,
  PetMonitor: false,
  SubAccountDevice: false,
  LastRequestedTime: null,
  Mute: false,
  Active: true,
  LastRead: { Power: 1, ReportTimestamp: '2026-11-22T07:00:00.000Z' },
};

function CartPage() {
  const location = useLocation();
  return <p>Cart page {location.search}</p>;
}

/** Renders the button at /, with /cart answering, inside the app's providers. */
export function renderInstantUpdateButton(device: InstantUpdateDevice = DEVICE) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const onResult = vi.fn<(result: InstantUpdateResult) => void>();
  const router = createMemoryRouter(
    [
      { path: '/', element: <InstantUpdateButton device={device} onResult={onResult} /> },
      { path: '/cart', element: <CartPage /> },
    ],
    { initialEntries: ['/'] },
  );
  const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
  const view = render(
    <AppProviders queryClient={queryClient} env="test">
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, user, router, queryClient, onResult };
}
