// @vitest-environment node
// The server renders in Node, without a document; the browser journey public-pages.spec.ts
// hydrates what it renders.
import { describe, expect, it } from 'vitest';
import { renderPage, type PageData } from './entry-prerender';
import { BRANDS_ANSWER, MONITOR_ITEM } from './test/fixtures';

const data = (extra: Partial<PageData> = {}): PageData => ({
  tenantId: 2,
  brands: BRANDS_ANSWER,
  ...extra,
});

describe('public pages rendered by the server (issue #25, decision 071)', () => {
  it('renders the home page whole, its hero heading and the sections below it, in the brand the server chose', async () => {
    const { html } = await renderPage('/', data());
    expect(html).toContain('Know your property is safe');
    expect(html).toContain('Peace of mind in four steps');
    expect(html).toContain('aria-label="Brand 2 home"');
    // No part left for the browser to render (a lazy page loaded apart, the toasts).
    expect(html).not.toContain('<!--$!-->');
    expect(html).not.toContain('<script');
  });

  it('renders the store with the items on sale the server gave it', async () => {
    const { html, state } = await renderPage('/store', data({ activeItems: [MONITOR_ITEM] }));
    expect(html).toContain('Cellular Monitor');
    expect(html).toContain('$229.00');
    expect(JSON.stringify(state)).toContain('Cellular Monitor');
  });

  it('renders the sign-in page signed out, in the phone layout the page starts from', async () => {
    const { html } = await renderPage('/login', data());
    expect(html).toContain('aria-label="Open menu"');
    expect(html).toContain('>Sign in</h1>');
    expect(html).not.toContain('<script');
  });
});
