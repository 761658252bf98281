import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RegisterSWOptions } from 'vite-plugin-pwa/types';
import { renderWithProviders } from '../../test/render-app';
import { registerServiceWorker, UPDATE_CHECK_MS } from './register-service-worker';

const pwa = vi.hoisted(() => {
  const options: RegisterSWOptions = {};
  return { options, update: vi.fn() };
});
vi.mock('virtual:pwa-register', () => ({
  registerSW: (options: RegisterSWOptions) => {
    pwa.options = options;
    return pwa.update;
  },
}));

afterEach(() => vi.useRealTimers());

describe('issue #27: a new version of the app', () => {
  it('is offered as "A new version is ready — reload", and reload moves to it', async () => {
    renderWithProviders(null);
    registerServiceWorker();
    act(() => {
      pwa.options.onNeedRefresh!();
    });

    const prompt = await screen.findByText('A new version is ready —');
    expect(prompt.closest('[role=status]')).not.toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'reload' }));
    expect(pwa.update).toHaveBeenCalledWith(true);
  });

  /** The app registered, with a registration whose update checks are counted. */
  function registered() {
    vi.useFakeTimers();
    registerServiceWorker();
    const registration = { update: vi.fn(() => Promise.resolve()) };
    pwa.options.onRegisteredSW!('/sw.js', registration as unknown as ServiceWorkerRegistration);
    return registration;
  }

  it('is asked for every hour the app is open', () => {
    const registration = registered();
    vi.advanceTimersByTime(UPDATE_CHECK_MS - 1);
    expect(registration.update).not.toHaveBeenCalled();
    vi.advanceTimersByTime(UPDATE_CHECK_MS / 4);
    expect(registration.update).toHaveBeenCalledTimes(1);
  });

  it('is asked for when the app comes back into view an hour or more after the last time', () => {
    const registration = registered();
    const comeBackAfter = (ms: number) => {
      // A phone asleep in a pocket runs no timers: only the clock moves.
      vi.setSystemTime(Date.now() + ms);
      document.dispatchEvent(new Event('visibilitychange'));
    };
    comeBackAfter(UPDATE_CHECK_MS / 2);
    expect(registration.update).not.toHaveBeenCalled();
    comeBackAfter(UPDATE_CHECK_MS / 2);
    expect(registration.update).toHaveBeenCalledTimes(1);
  });
});
