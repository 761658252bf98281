import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../../test/mock-api';
import { renderApp } from '../../../../test/render-app';

describe('the FAQ page', () => {
  it('offers sub-accounts on PRO and NIST monitors only, as the product does (device-management §2; issue #24)', async () => {
    mockApi();
    const { user } = renderApp('/faqs');
    await user.click(
      await screen.findByRole('button', { name: 'Can someone else see my device?' }),
    );
    const answer = await screen.findByText(/sub-accounts for family members/);
    expect(answer).toBeVisible();
    expect(answer).toHaveTextContent(/^On a PRO or NIST monitor, you can create sub-accounts/);
    expect(answer).toHaveTextContent('A basic monitor has no sub-accounts');
  });
});
