import { useState } from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { ConfirmModal } from './confirm-modal';

/** A card's "Remove device" button and its question, as each of 200 dashboard cards has. */
function Harness() {
  const [opened, setOpened] = useState(false);
  return (
    <MantineProvider>
      <button type="button" onClick={() => setOpened(true)}>
        Remove device
      </button>
      <ConfirmModal
        opened={opened}
        title="Remove device"
        message="Remove Freezer from your account?"
        confirmLabel="Remove device"
        onConfirm={() => setOpened(false)}
        onCancel={() => setOpened(false)}
      />
    </MantineProvider>
  );
}

describe('confirm modal', () => {
  it('mounts nothing, not even a portal, until first asked (device-management §2 "Dashboard card")', () => {
    render(<Harness />);
    expect(document.querySelector('[data-portal]')).toBeNull();
  });

  it('opens titled with focus on the confirm button and, once cancelled, returns focus to the button that opened it (device-management §2 "Dashboard card")', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const opener = screen.getByRole('button', { name: 'Remove device' });
    await user.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'Remove device' });
    expect(dialog).toHaveTextContent('Remove Freezer from your account?');
    await waitFor(() =>
      expect(screen.getAllByRole('button', { name: 'Remove device' })[1]).toHaveFocus(),
    );
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(opener).toHaveFocus());
  });
});
