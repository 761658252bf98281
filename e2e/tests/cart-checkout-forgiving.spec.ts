import { expect, test, type Page } from '@playwright/test';
import { look } from '../support/look';
import { addToCart } from '../support/store';

/*
 * Issue #24 "Every flow forgiving": a new customer at the store and checkout. The cart keeps to
 * the spec's quantity limit where the customer adds, and a reload of the checkout loses nothing.
 */

const summary = (page: Page) => page.getByRole('table', { name: 'Order summary' });

test('the cart never holds more than 10 of an item: the add past it says so on the product card, and the line and its quantity agree (store-and-public-site §5; issue #24)', async ({
  page,
}) => {
  await page.goto('/store');
  const cart = page.getByRole('complementary', { name: 'Your cart' });
  await addToCart(page, 'Wireless Sensor Puck', 8);
  await expect(cart.getByText('8 items')).toBeVisible();
  await addToCart(page, 'Wireless Sensor Puck', 5);
  // Said where the customer added, with what still fits, rather than in the 'Error!' dialog.
  const puck = page.getByRole('article', { name: 'Wireless Sensor Puck', exact: true });
  const refusal = puck.getByRole('alert');
  await expect(refusal).toContainText('you can add up to 2 more.');
  await expect(refusal).toContainText('One order takes at most 10 of each item.');
  await expect(page.getByRole('dialog', { name: 'Error!' })).toHaveCount(0);
  await look(page, 'forgiving-01-cart-limit', 'the product card refusing an 11th puck');
  await addToCart(page, 'Wireless Sensor Puck', 2);
  await expect(refusal).toHaveCount(0);

  await expect(cart.getByText('10 items')).toBeVisible();
  await page.goto('/cart');
  const line = page.getByRole('list', { name: 'Cart' }).getByRole('listitem');
  await expect(
    line.getByRole('combobox', { name: 'Quantity of Wireless Sensor Puck' }),
  ).toHaveValue('10');
  await expect(line.getByText('$390.00')).toBeVisible();
  // No delivery method yet: the summary says so rather than a $0.00 price (issue #24).
  await expect(summary(page).getByRole('row', { name: 'Shipping Not chosen yet' })).toBeVisible();
  await look(page, 'forgiving-02-cart', 'the cart at the limit, shipping not chosen');
});

test('a reload of the checkout resumes the e-mail, name and address, and the tax is estimated from them (issue #24)', async ({
  page,
}) => {
  await page.goto('/store');
  await addToCart(page, 'Wireless Sensor Puck', 2);
  await page.goto('/cart');
  await page.getByRole('textbox', { name: 'Shipping ZIP / postal code' }).fill('10118');
  await expect(summary(page).getByRole('row', { name: /^Shipping \$[1-9]/ })).toBeVisible();
  await page.getByRole('textbox', { name: 'E-mail' }).fill('reload@example.com');
  await page.getByRole('textbox', { name: 'First name' }).fill('rita');
  await page.getByRole('textbox', { name: 'Last name' }).fill('reload');
  await page.getByRole('textbox', { name: 'Street address' }).fill('350 5th ave');
  await page.getByRole('textbox', { name: 'City' }).fill('new york');
  await page.getByRole('textbox', { name: 'ZIP / postal code', exact: true }).fill('10118');
  await expect(
    summary(page).getByRole('row', { name: /^Sales tax \(estimated\) \$[1-9]/ }),
  ).toBeVisible();
  await look(page, 'forgiving-03-checkout-estimate', 'the checkout with an estimated tax');

  // The browser asks before the reload; the journey accepts, as the customer would.
  page.once('dialog', (dialog) => void dialog.accept());
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'E-mail' })).toHaveValue('reload@example.com');
  await expect(page.getByRole('textbox', { name: 'First name' })).toHaveValue('rita');
  await expect(page.getByRole('textbox', { name: 'Street address' })).toHaveValue('350 5th ave');
  await expect(page.getByRole('textbox', { name: 'ZIP / postal code', exact: true })).toHaveValue(
    '10118',
  );

  // Leaving in the app asks first.
  await page.getByRole('link', { name: 'Store' }).first().click();
  const leave = page.getByRole('dialog', { name: 'Leave without finishing?' });
  await expect(leave).toBeVisible();
  await look(page, 'forgiving-04-leave', 'the question before leaving the checkout');
  await leave.getByRole('button', { name: 'Stay' }).click();
  await expect(page).toHaveURL(/\/cart$/);

  // The terms open on the total charged, the tax at the verified address already in it.
  await page.getByRole('button', { name: 'Place order' }).click();
  const terms = page.getByRole('dialog', { name: 'Legal terms' });
  await expect(terms).toBeVisible({ timeout: 20_000 });
  const total =
    (await summary(page)
      .getByRole('row', { name: /^Total/ })
      .textContent()) ?? '';
  await expect(terms).toContainText(total.replace(/^Total/, ''));
  await expect(summary(page).getByRole('row', { name: /^Sales tax \$/ })).toBeAttached();
  await look(page, 'forgiving-05-terms-total', 'the terms with the total charged');
});

test('the cart’s alerts give the cause in words: an unknown ZIP, an expired promo code (store-and-public-site §8; issue #24)', async ({
  page,
}) => {
  await page.goto('/store');
  await addToCart(page, 'Wireless Sensor Puck');
  await page.goto('/cart');
  await page.getByRole('textbox', { name: 'Shipping ZIP / postal code' }).fill('99999');
  const alert = page.getByRole('dialog', { name: 'Error!' });
  await expect(alert).toContainText(
    "Could not get the postage rate : Error We don't recognise ZIP code 99999.",
  );
  await look(page, 'forgiving-06-unknown-zip', 'the postage alert for an unknown ZIP');
  await alert.getByRole('button').last().click();

  await page.getByRole('textbox', { name: 'Shipping ZIP / postal code' }).fill('10118');
  await expect(summary(page).getByRole('row', { name: /^Shipping \$[1-9]/ })).toBeVisible();
  await page.getByRole('textbox', { name: 'Promo code' }).fill('olddeal');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(alert).toContainText(
    'Invalid Promo Code, cannot proceed! Sorry, promotion has expired.',
  );
  await look(page, 'forgiving-07-expired-promo', 'the alert for an expired promo code');
});
