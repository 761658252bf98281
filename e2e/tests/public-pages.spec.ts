import { expect, test, type Page } from '@playwright/test';
import { signIn } from '../support/sign-in';

/*
 * Issue #25 (decision 071): the public pages arrive rendered by the server, per brand, and the
 * browser takes them over without drawing them again.
 */

const PAGES = [
  { path: '/', heading: /Know your property is safe/ },
  { path: '/store', heading: 'Store' },
  { path: '/faqs', heading: 'Frequently asked questions' },
  { path: '/login', heading: 'Sign in' },
];

/**
 * Watches a page from its first byte: the errors React or the page reported, and whether the
 * heading React owns once the page's code has run is the very element the server sent.
 */
async function watch(page: Page) {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  // Runs in the page (a string: this package's types know no DOM). 'interactive' comes when the
  // HTML is parsed, before any module script runs.
  await page.addInitScript({
    content: `
      document.addEventListener('readystatechange', () => {
        if (document.readyState === 'interactive') window.serverHeading = document.querySelector('h1');
      });
    `,
  });
  return {
    errors,
    isServerHeadingHydrated: () =>
      page.evaluate<boolean>(`(() => {
        const heading = document.querySelector('h1');
        return heading === window.serverHeading
          && Object.keys(heading).some((key) => key.startsWith('__reactFiber'));
      })()`),
  };
}

test.describe('without scripts', () => {
  test.use({ javaScriptEnabled: false });

  test('each public page holds its heading, in the brand the address names (issue #25)', async ({
    page,
  }) => {
    for (const { path, heading } of PAGES) {
      await page.goto(`${path}?tid=2`);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(page.getByRole('link', { name: 'CellWatch home' })).toBeVisible();
      await expect(page).toHaveTitle('CellWatch');
    }
  });
});

test.describe('on a phone', () => {
  // The server lays a page out for a phone (decision 071); a wider screen's header changes after.
  test.use({ viewport: { width: 390, height: 844 } });

  test('the browser takes each public page over as the server drew it, then it works (issue #25)', async ({
    page,
  }) => {
    for (const { path, heading } of PAGES) {
      const watched = await watch(page);
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      // React takes over the very heading the server sent, as a person waits for the page.
      await expect.poll(watched.isServerHeadingHydrated, { message: path }).toBe(true);
      await page.getByRole('button', { name: 'Open menu' }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toBeHidden();
      expect(watched.errors).toEqual([]);
    }
  });
});

test('a store visitor chooses a quantity and adds to the cart before the page’s code has come, and a customer signs in from the page the server drew (issue #25)', async ({
  page,
}) => {
  // A slow link: the page's code comes only after the visitor has chosen the quantity.
  let releaseCode!: () => void;
  const codeReleased = new Promise<void>((resolve) => (releaseCode = resolve));
  await page.route(/\/assets\/index-[^/]*\.js$/, async (route) => {
    await codeReleased;
    await route.continue();
  });
  await page.goto('/store', { waitUntil: 'commit' });
  // A card below the fold: the visitor scrolls to it while the code is on its way.
  const card = page.getByRole('article', { name: 'Wireless Sensor Puck', exact: true });
  const add = card.getByRole('button', { name: 'Add Wireless Sensor Puck to cart' });
  await card.getByRole('combobox', { name: 'Quantity' }).selectOption('3');
  // Pressed before the code: the card's form asks the store for the add (decision 071).
  await add.click();
  releaseCode();
  // The store, loaded again, says so on the card and keeps the visitor there.
  await expect(card.getByRole('status')).toHaveText('Added to your cart.');
  await expect(add).toBeFocused();
  await expect(add).toBeInViewport();
  const cart = page.getByRole('complementary', { name: 'Your cart' });
  await expect(cart.getByText('3 items')).toBeVisible();
  await expect(page).toHaveURL(/\/store$/);

  await signIn(page);
  // Signed in, a public page is drawn for this customer, not hydrated from the signed-out one.
  await page.goto('/faqs');
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeAttached();
});
