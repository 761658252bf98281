import {
  expect,
  type APIRequestContext,
  type FrameLocator,
  type Locator,
  type Page,
} from '@playwright/test';
import { signInByApi } from './sign-in';

/*
 * What the store journeys (issue #15) do more than once: an item added from its product card, the
 * card typed into the processor's frame, an address typed into the billing address fields, a screen looked at, the count of instant updates a device
 * has (its Instant Update dialog on /devices) and the demo customer's user id.
 */

/**
 * Adds `quantity` of an item from its card on /store and waits for the card's answer, as a customer
 * does: pressed before the page's code has come, the card's form reloads the store, which adds it
 * then (decision 071).
 */
export async function addToCart(page: Page, name: string, quantity = 1): Promise<void> {
  const card = page.getByRole('article', { name, exact: true });
  await card.getByRole('combobox', { name: 'Quantity' }).selectOption(String(quantity));
  await card.getByRole('button', { name: `Add ${name} to cart` }).click();
  await expect(card.getByText(/^(Added to your cart\.|Your cart already holds .*)$/)).toBeVisible();
}

/** The local processor's test Visa (docs/payments.md). */
export const TEST_CARD = '4111 1111 1111 1111';

/** Types a test card into the card fields' frame. */
export async function typeCard(frame: FrameLocator, number = TEST_CARD): Promise<void> {
  await frame.getByLabel('Card number').fill(number);
  await frame.getByLabel('Month (MM)').fill('12');
  await frame.getByLabel('Year (YYYY)').fill('2030');
  await frame.getByLabel('CVV').fill('123');
  await frame.getByLabel('Postal code').fill('14624');
}

export type StreetAddress = { street: string; city: string; zip: string };

/**
 * A real New York address as a buyer types it: the local verifier corrects the city from the ZIP
 * (decision 035), so 'gates' comes back as Rochester.
 */
export const ROCHESTER: StreetAddress = { street: '1 main st', city: 'gates', zip: '14624' };

/** Types the street, city and ZIP into the billing address fields inside `scope` (names and state NY kept). */
export async function typeAddress(
  scope: Locator,
  { street, city, zip }: StreetAddress,
): Promise<void> {
  await scope.getByLabel('Street address').fill(street);
  await scope.getByLabel('City').fill(city);
  await scope.getByLabel('ZIP / postal code').fill(zip);
  await expect(scope.getByRole('combobox', { name: 'State' })).toHaveValue('New York');
}

/**
 * The instant updates a device has, as its owner sees them: the Instant Update button on its
 * dashboard card on /devices opens the dialog that says how many are left; the dialog is cancelled.
 */
export async function readInstantUpdates(page: Page, deviceName: string): Promise<number> {
  await page.goto('/devices');
  // The button is on the dashboard's cards (device-management §2 "Dashboard card").
  await page.getByRole('radiogroup', { name: 'View' }).getByText('Dashboard').click();
  const card = page.getByRole('article', { name: deviceName });
  await card.getByRole('button', { name: `Instant Update (${deviceName})` }).click();
  const dialog = page.getByRole('dialog', { name: 'Instant Update' });
  const count = dialog.getByText(/^You have \d+ instant updates? left\./);
  await expect(count).toBeVisible();
  const [, left] = /You have (\d+)/.exec((await count.textContent()) ?? '') ?? [];
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  return Number(left);
}

/** The demo customer's user id, from the sign-in call. */
export async function findDemoUserId(request: APIRequestContext): Promise<number> {
  return (await signInByApi(request)).userId;
}
