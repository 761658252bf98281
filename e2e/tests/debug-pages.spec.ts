import { expect, test } from '@playwright/test';
import { expectNoSeriousViolations } from '../support/accessibility';
import { keepScreens } from '../support/screens';
import { signIn } from '../support/sign-in';

// The restricted debug list and details (device-management §2, §6), as support staff and as a customer.

test('permitted staff search the debug list and open a unit’s details (device-management §6)', async ({
  page,
}) => {
  await signIn(page, { email: 'staff@example.com', password: 'staff-password' }, { landing: null });
  await page.goto('/devicelist');
  await expect(page.getByRole('heading', { level: 1, name: 'Device debug list' })).toBeVisible();
  const rows = page.getByRole('table').getByRole('row');
  // A header row, the demo customer's four units and the old payment-profile customer's Boathouse,
  // and whatever units the journeys before this one registered.
  await expect(rows.nth(5)).toBeVisible();
  await keepScreens(page, '30-debug-list');
  await expectNoSeriousViolations(page, 'debug list');

  const imei = (await rows.nth(1).getByRole('link').textContent()) ?? '';
  await page.getByLabel('Search').fill(imei.slice(-6));
  await expect(rows).toHaveCount(2);
  await rows.nth(1).getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/devicedebugdetails/${imei}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Device debug details' })).toBeVisible();
  await expect(page.getByRole('main')).toContainText(imei);
  await keepScreens(page, '31-debug-details');
  await expectNoSeriousViolations(page, 'debug details');
});

test('a customer who is not permitted is sent to /devices from both debug pages (device-management §6)', async ({
  page,
}) => {
  await signIn(page, { email: 'demo@example.com', password: 'demo-password' }, { landing: null });
  await page.goto('/devicelist');
  await expect(page).toHaveURL(/\/devices$/);
  await page.goto('/devicedebugdetails/359750424491808');
  await expect(page).toHaveURL(/\/devices$/);
});
