import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousViolations } from '../support/accessibility';
import { keepScreens } from '../support/screens';

// Staff sign in to their landing, find a demo customer by e-mail, serial and IMEI, act as them in
// one click, and return to the landing as themselves (issue #10, decision 023).

type DemoUnit = { DeviceId: string; SerialNumber: string; Name: string | null };

/** The demo customer's Server Room unit, as the API answers it to the customer. */
async function serverRoomUnit(baseURL: string): Promise<DemoUnit> {
  const signIn = await fetch(`${baseURL}/LoginGateway.php`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: 'demo@example.com', password: 'demo-password' }),
  });
  const { Id, AccessToken } = (await signIn.json()) as { Id: number; AccessToken: string };
  const devices = await fetch(`${baseURL}/api/users/${Id}/devices`, {
    headers: { Authorization: `Bearer ${AccessToken}` },
  });
  const unit = ((await devices.json()) as DemoUnit[]).find((one) => one.Name === 'Server Room');
  if (!unit) throw new Error('the demo customer has no Server Room unit');
  return unit;
}

async function searchFor(page: Page, text: string) {
  const input = page.getByRole('textbox', { name: /E-mail, serial number or IMEI/ });
  await input.fill(text);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const found = page.getByRole('list', { name: 'Customers found' });
  await expect(found.getByRole('listitem').filter({ hasText: 'demo@example.com' })).toHaveCount(1);
  await expect(page.getByText(/customers? found/)).toBeVisible();
  return found;
}

test('staff land on their tools, find a customer by e-mail, serial and IMEI, act as them and return (decision 023)', async ({
  page,
  baseURL,
}) => {
  const unit = await serverRoomUnit(baseURL!);

  await page.goto('/login');
  const form = page.getByRole('main');
  await form.getByLabel('Email').fill('staff@example.com');
  await form.getByLabel('Password').fill('staff-password');
  await form.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/staff$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Staff tools' })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Staff tools' })).toBeVisible();

  await searchFor(page, 'demo@example');
  await searchFor(page, unit.SerialNumber.toLowerCase());
  const found = await searchFor(page, unit.DeviceId);
  await expect(found).toContainText(unit.SerialNumber);
  await keepScreens(page, '40-staff-landing');
  await expectNoSeriousViolations(page, 'staff landing');

  await found.getByRole('button', { name: 'Impersonate demo@example.com' }).click();
  await expect(page).toHaveURL(/\/devices$/);
  await expect(page.getByText(/Staff session: you are acting as/)).toBeVisible();
  await expect(page.getByRole('main')).toContainText('Server Room');
  await expect(page.getByRole('main')).toContainText('Lake House');
  await keepScreens(page, '41-staff-acting-as-customer');
  await expectNoSeriousViolations(page, 'devices while impersonating');

  await page.getByRole('button', { name: 'Return to the partner admin site' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Leave and return' }).click();
  await expect(page).toHaveURL(/\/staff$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Staff tools' })).toBeVisible();
  await expect(page.getByText(/Staff session: you are acting as/)).toHaveCount(0);
  await expect(page.getByRole('main')).toContainText('Signed in as Sam Staff');
  await expect(page.getByText('Back to your staff session')).toBeVisible();
  await keepScreens(page, '42-staff-back-on-landing');
  await expectNoSeriousViolations(page, 'staff landing after the return');
});

test('staff impersonate a unit’s owner from the debug list in one click (decision 023)', async ({
  page,
}) => {
  await page.goto('/login');
  const form = page.getByRole('main');
  await form.getByLabel('Email').fill('staff@example.com');
  await form.getByLabel('Password').fill('staff-password');
  await form.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/staff$/);
  await page.getByRole('link', { name: 'Device debug list' }).click();
  // The first owned unit: a unit still in inventory (one a journey provisioned) has no owner to
  // act as, and its random IMEI may sort it first.
  const impersonate = page
    .getByRole('table')
    .getByRole('button', { name: /^Impersonate the owner of/ })
    .first();
  await expect(impersonate).toBeVisible();
  await keepScreens(page, '43-debug-list-styled');
  await impersonate.click();
  await expect(page).toHaveURL(/\/devices$/);
  await expect(page.getByText(/Staff session: you are acting as/)).toBeVisible();
});
