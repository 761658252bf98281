import { render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { LoadingStatus } from './loading-status';

describe('LoadingStatus', () => {
  it('shows its words beside a spinner inside one status, the spinner hidden from screen readers (issue #24)', async () => {
    const { container } = render(
      <MantineProvider>
        <LoadingStatus justify="center">Loading your orders…</LoadingStatus>
      </MantineProvider>,
    );
    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent('Loading your orders…');
    expect(screen.getByText('Loading your orders…')).toBeVisible();
    const spinner = container.querySelector('.mantine-Loader-root');
    expect(spinner).not.toBeNull();
    expect(status).toContainElement(spinner as HTMLElement);
    expect(spinner).toHaveAttribute('aria-hidden');
  });
});
