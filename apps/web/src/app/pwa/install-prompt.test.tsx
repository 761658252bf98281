import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render-app';
import { InstallAppButton, holdInstallPrompt } from './install-prompt';

describe('the install offer (issue #27)', () => {
  it("holds the browser's offer and makes it on a click, once", async () => {
    holdInstallPrompt();
    renderWithProviders(<InstallAppButton />);
    expect(screen.queryByRole('button', { name: 'Install the app' })).toBeNull();

    const prompt = vi.fn(() => Promise.resolve());
    const offer = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      prompt,
      userChoice: Promise.resolve({ outcome: 'accepted' as const }),
    });
    act(() => void window.dispatchEvent(offer));
    expect(offer.defaultPrevented).toBe(true);

    await userEvent.click(await screen.findByRole('button', { name: 'Install the app' }));
    expect(prompt).toHaveBeenCalledTimes(1);
    await vi.waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Install the app' })).toBeNull(),
    );
  });
});
