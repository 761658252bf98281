import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../test/mock-api';
import { renderApp } from '../../test/render-app';

describe('home page', () => {
  it('opens with the hero, then shows every section below it in reading order (store-and-public-site §1)', async () => {
    mockApi();
    renderApp('/');
    expect(
      await screen.findByRole('heading', { level: 1, name: /know your property is safe/i }),
    ).toBeInTheDocument();
    // The sections load after the hero (decision 048) and appear in place.
    const howItWorks = await screen.findByRole('heading', {
      level: 2,
      name: 'Peace of mind in four steps',
    });
    const pricing = await screen.findByRole('link', { name: 'Create your account' });
    expect(howItWorks.compareDocumentPosition(pricing) & Node.DOCUMENT_POSITION_FOLLOWING).toBe(
      Node.DOCUMENT_POSITION_FOLLOWING,
    );
    expect(screen.getByRole('link', { name: 'See how it works' })).toHaveAttribute(
      'href',
      '#how-it-works',
    );
  });

  it('leads with the sign-in form when a page asked for an account', async () => {
    mockApi();
    renderApp('/?redirect=/devices');
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Sign in to continue' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeInTheDocument();
  });
});
