import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../../test/mock-api';
import { renderWithProviders } from '../../../../test/render-app';
import { PromoVideo } from './promo-video';

describe('the home page’s promo video', () => {
  it('tells the brand’s story scene by scene, ending on the advertised price (store-and-public-site §1, §9)', async () => {
    mockApi();
    const { user } = renderWithProviders(<PromoVideo />);
    expect(
      await screen.findByRole('heading', { name: 'The MarCell monitor in one minute' }),
    ).toBeVisible();
    expect(screen.getByTestId('walkthrough-step')).toHaveTextContent(/A pipe freezes/);
    for (let scene = 1; scene < 5; scene += 1) {
      await user.click(screen.getByRole('button', { name: 'Next' }));
    }
    expect(screen.getByTestId('walkthrough-step')).toHaveTextContent(
      'Monitoring plans from as low as $8.25 per month, with no long contracts.',
    );
  });
});
