import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect, test, type Page } from '@playwright/test';
import { look } from '../support/look';
import { waitForMail } from '../support/outbox';
import { addToCart, typeCard } from '../support/store';

/*
 * Issue #15: a guest at the store (store-and-public-site §2, §4, §5, §8). Prices, shipping and tax
 * are the server's; the page shows what will be charged and the order answers what was.
 */

const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** The staff's order list (`npm run admin -- list-orders`), one line per order. */
async function listOrders(): Promise<string> {
  const { stdout } = await promisify(execFile)(
    'npm',
    ['run', '--silent', 'admin', '--', 'list-orders'],
    {
      cwd: REPO_ROOT,
      env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR },
    },
  );
  return stdout;
}

async function fillBuyer(page: Page, email: string) {
  await page.getByRole('textbox', { name: 'E-mail' }).fill(email);
  await page.getByRole('textbox', { name: 'First name' }).fill('gina');
  await page.getByRole('textbox', { name: 'Last name' }).fill('guest');
  await page.getByRole('textbox', { name: 'Street address' }).fill('350 5th ave');
  await page.getByRole('textbox', { name: 'City' }).fill('new york');
  await page.getByRole('textbox', { name: 'ZIP / postal code', exact: true }).fill('10118');
}

async function agreeAndOrder(page: Page) {
  await page.getByRole('button', { name: 'Place order' }).click();
  const terms = page.getByRole('dialog', { name: 'Legal terms' });
  await expect(terms).toBeVisible({ timeout: 20_000 });
  await terms.getByRole('checkbox').check();
  await terms.getByRole('button', { name: 'Agree and place order' }).click();
}

const summary = (page: Page) => page.getByRole('table', { name: 'Order summary' });

test(
  'a guest buys two monitors and a puck overnight to New York with a percentage promo, pays by card and gets the confirmation (issue #15)',
  { tag: '@both-databases' },
  async ({ page, request }) => {
    const email = `guest.${Date.now()}@example.com`;

    await test.step('the store: device and accessory sections, the cart kept across a reload (§2, §4)', async () => {
      await page.goto('/store');
      await expect(page.getByRole('region', { name: 'Monitors' })).toBeVisible();
      await addToCart(page, 'Cellular Monitor', 2);
      await addToCart(page, 'Wireless Sensor Puck');
      await page.reload();
      const cart = page.getByRole('complementary', { name: 'Your cart' });
      await expect(cart.getByText('3 items')).toBeVisible();
      await look(page, 'store-01-store', 'the store with a cart');
    });

    await test.step('a NY ZIP selects regular shipping with a rate; overnight asks first; the promo takes 15% (§4, §5, §9)', async () => {
      await page.goto('/cart');
      await page.getByRole('textbox', { name: 'Shipping ZIP / postal code' }).fill('10118');
      await expect(summary(page).getByRole('row', { name: /^Shipping \$[1-9]/ })).toBeVisible();
      await page.getByText('Overnight shipping', { exact: true }).click();
      const confirm = page.getByRole('dialog', { name: 'Overnight shipping' });
      await confirm.getByRole('button', { name: 'Ship overnight' }).click();
      await expect(page.getByText(/^Estimated delivery: /)).toBeVisible();
      await page.getByRole('textbox', { name: 'Promo code' }).fill('save15');
      await page.getByRole('button', { name: 'Apply' }).click();
      await expect(page.getByText('Promo code SAVE15 applied.')).toBeVisible();
      // 15% of $497.00.
      await expect(summary(page).getByRole('row', { name: 'Discount -$74.55' })).toBeVisible();
    });

    await test.step('addresses verified, the tax shown, the card typed only in the processor’s frame (§4, §5)', async () => {
      await fillBuyer(page, email);
      await typeCard(page.frameLocator('iframe'));
      await look(page, 'store-02-checkout', 'the checkout, filled');
      await agreeAndOrder(page);
    });

    let shown = '';
    await test.step('the order complete view shows what was charged, and the cart is cleared (§4)', async () => {
      await expect(page.getByRole('heading', { name: 'Thank you for your order' })).toBeVisible({
        timeout: 30_000,
      });
      const order = page.getByRole('table', { name: 'Your order' });
      await expect(order.getByRole('row', { name: 'Cellular Monitor 2 $458.00' })).toBeVisible();
      await expect(order.getByRole('row', { name: 'Discount -$74.55' })).toBeVisible();
      // The promotion used and where the order ships (issue #24).
      await expect(page.getByText('Promotion SAVE15 applied.')).toBeVisible();
      await expect(page.getByText(/^Ships to 350 5th ave, New York, NY 10118/i)).toBeVisible();
      // The city the verifier cleaned, the tax at New York's rate on $422.45, overnight shipping.
      shown = (await order.getByRole('row', { name: /^Total charged/ }).textContent()) ?? '';
      expect(shown).toMatch(/\$\d+\.\d\d$/);
      await look(page, 'store-03-complete', 'the order complete view');
      await page.goto('/store');
      await expect(page.getByText('Your cart is empty.')).toBeVisible();
    });

    await test.step('the confirmation e-mail has the order number, its lines and the total charged', async () => {
      const mail = await waitForMail(request, email, 15_000, /order/i);
      const number = /order number is (\d+)/.exec(mail.TextBody)?.[1];
      expect(number).toBeTruthy();
      expect(mail.TextBody).toContain('2 × Cellular Monitor at $229.00: $458.00');
      expect(mail.TextBody).toContain('1 × Wireless Sensor Puck at $39.00: $39.00');
      expect(mail.TextBody).toContain(`Total charged: ${shown.match(/\$[\d,.]+$/)![0]}`);
      expect(mail.TextBody).toContain('Promotion: SAVE15');
      expect(mail.TextBody).toMatch(/Ships to 350 5th ave, New York, NY 10118/i);
      expect(await listOrders()).toMatch(
        new RegExp(`${number} .* paid .* ${email} overnightShipping`),
      );
    });
  },
);

test('a free-shipping promo with overnight shipping falls back to regular with its alert (issue #15, store-and-public-site §4, §8)', async ({
  page,
}) => {
  await page.goto('/store');
  await addToCart(page, 'Water Sensor Cable');
  await page.goto('/cart');
  await page.getByRole('textbox', { name: 'Shipping ZIP / postal code' }).fill('14624');
  await expect(summary(page).getByRole('row', { name: /^Shipping \$[1-9]/ })).toBeVisible();
  await page.getByRole('textbox', { name: 'Promo code' }).fill('FREESHIP');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(summary(page).getByRole('row', { name: 'Shipping $0.00' })).toBeVisible();

  await page.getByText('Overnight shipping', { exact: true }).click();
  // Overnight is always asked to confirm (§4). The dialog opens a moment after the click: waited
  // for, not looked at once, which missed it on a busy machine.
  const confirm = page.getByRole('dialog', { name: 'Overnight shipping' });
  await confirm.getByRole('button', { name: 'Ship overnight' }).click();
  const alert = page.getByRole('dialog', { name: 'Error!' });
  await expect(alert).toContainText(
    'Free shipping promocodes cannot be applied for Overnight Shipping',
  );
  await look(page, 'store-04-free-shipping-overnight', 'the free-shipping fallback alert');
  await alert.getByRole('button').last().click();
  await expect(page.getByRole('radio', { name: 'Regular shipping' })).toBeChecked();
  await expect(summary(page).getByRole('row', { name: 'Shipping $0.00' })).toBeVisible();
});

test('a declined card shows the payment filter’s message and creates no order (issue #15, store-and-public-site §8)', async ({
  page,
}) => {
  const email = `declined.${Date.now()}@example.com`;
  await page.goto('/store');
  await addToCart(page, 'Wireless Sensor Puck');
  await page.goto('/cart');
  await page.getByRole('textbox', { name: 'Shipping ZIP / postal code' }).fill('10118');
  await expect(summary(page).getByRole('row', { name: /^Shipping \$[1-9]/ })).toBeVisible();
  await fillBuyer(page, email);
  // Declines with 15004: 'Card declined by bank…' with the expiration and CVV flags.
  await typeCard(page.frameLocator('iframe'), '4000 0015 0040 0007');
  await agreeAndOrder(page);
  await expect(
    page.getByText('Card declined by bank. Please check expiration and CVV2 or try another card.'),
  ).toBeVisible({ timeout: 30_000 });
  // No generic order alert for a 400: the filter speaks.
  await expect(
    page.getByText('There was an error placing your order. Please try again.'),
  ).toHaveCount(0);
  await look(page, 'store-05-declined', 'the checkout after a declined card');
  expect(await listOrders()).not.toContain(email);
});
