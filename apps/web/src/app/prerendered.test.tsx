import { screen } from '@testing-library/react';
import { act } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../entry-prerender';
import { BRANDS_ANSWER, MONITOR_ITEM } from '../test/fixtures';
import { mockApi } from '../test/mock-api';
import { setDesktopWidth, signInAs } from '../test/render-app';
import { App } from './app';
import { loadPageCode, PRERENDERED_STATE_ID, readPrerenderedState } from './prerendered';
import { createAppRouter } from './router';

/** The page as the server sends it: its markup in #root, the data it was rendered with beside. */
async function serveAt(path: string) {
  const { html, state } = await renderPage(path, {
    tenantId: 2,
    brands: BRANDS_ANSWER,
    activeItems: [MONITOR_ITEM],
  });
  window.history.replaceState(null, '', path);
  document.body.innerHTML = `<div id="root">${html}</div><script id="${PRERENDERED_STATE_ID}" type="application/json">${JSON.stringify(state)}</script>`;
  return document.getElementById('root')!;
}

const roots: Root[] = [];

/** What main.tsx does with it. */
async function hydrateAsMain(container: HTMLElement) {
  const prerendered = readPrerenderedState();
  const mismatches: unknown[] = [];
  if (!prerendered) return { isHydrated: false, mismatches, router: null };
  const router = createAppRouter();
  await loadPageCode(router);
  await act(async () => {
    roots.push(
      hydrateRoot(container, <App router={router} prerendered={prerendered} />, {
        onRecoverableError: (error) => mismatches.push(error),
      }),
    );
  });
  return { isHydrated: true, mismatches, router };
}

const PAGES = ['/', '/faqs', '/store', '/login'];

// The server's renderer, when it waits for a lazy part's code mid-render, leaves the values it
// provided on the context objects, which in a test are shared with the browser's renderer (never
// on a real server); the next render that needs no wait sets them back. So every page is rendered
// once ahead, as a running server has.
beforeAll(async () => {
  for (const path of [...PAGES, ...PAGES]) await serveAt(path);
});

// A root left mounted would go on hydrating its later parts after this file's document is gone.
afterEach(() => {
  act(() => roots.splice(0).forEach((root) => root.unmount()));
  document.body.replaceChildren();
});

describe('a public page the server rendered, in the browser (issue #25, decision 071)', () => {
  it.each(PAGES)('hydrates %s without a mismatch, and the page then works', async (path) => {
    mockApi();
    const container = await serveAt(path);
    const heading = container.querySelector('h1');
    const { isHydrated, mismatches } = await hydrateAsMain(container);
    expect(isHydrated).toBe(true);
    expect(mismatches).toEqual([]);
    // The server's markup was taken over, not drawn again.
    expect(container.querySelector('h1')).toBe(heading);
    expect(await screen.findByRole('button', { name: 'Open menu' })).toBeEnabled();
  });

  it('hydrates on a desktop-wide screen from the phone layout, then shows the desktop header', async () => {
    mockApi();
    const container = await serveAt('/faqs');
    setDesktopWidth(); // the server has no screen; the browser's is wide
    const { mismatches } = await hydrateAsMain(container);
    expect(mismatches).toEqual([]);
    expect(await screen.findByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Open menu' })).not.toBeInTheDocument();
  });

  it('draws the page afresh for a signed-in visitor, whom the server rendered signed out', async () => {
    signInAs();
    await serveAt('/faqs');
    expect(readPrerenderedState()).toBeNull();
  });

  it('leaves a visitor who scrolled while the code came where they are, and scrolls to the top of the next page', async () => {
    mockApi();
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    const container = await serveAt('/store');
    const { router } = await hydrateAsMain(container);
    await screen.findByRole('button', { name: 'Open menu' });
    expect(scrollTo).not.toHaveBeenCalled();
    await act(() => router!.navigate('/faqs'));
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
    scrollTo.mockRestore();
  });
});
