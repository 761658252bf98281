import { expect, test } from '@playwright/test';
import { waitForMail } from '../support/outbox';
import { keepScreens } from '../support/screens';

// The account journey of issue #2, as a new customer walks it in real Chromium.
test('a new customer registers, signs out and in, sets preferences and recovers a forgotten password', async ({
  page,
  request,
}) => {
  const email = `e2e-${Date.now()}@example.com`;
  const firstPassword = 'first-password-1';
  const secondPassword = 'second-password-2';
  const thirdPassword = 'third-password-3';

  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await keepScreens(page, '01-home');

  // Register, landing on the add-device wizard (store-and-public-site §2 "Registration page").
  await page.goto('/register');
  await page.getByLabel('First name').fill('ellen');
  await page.getByLabel('Last name').fill('ripley');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(firstPassword);
  await page.getByLabel('Confirm password').fill(firstPassword);
  await page.getByLabel('Company name').fill('Nostromo Storage');
  await keepScreens(page, '02-register');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/devices\/add$/);

  // Sign out, then a protected page sends us to the root with a redirect parameter.
  await page.getByRole('button', { name: 'Sign out' }).first().click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('You have been signed out.')).toBeVisible();
  await page.goto('/account');
  await expect(page).toHaveURL(/\/\?redirect=%2Faccount|\/\?redirect=\/account/);
  await keepScreens(page, '03-redirect-sign-in');

  // Signing in follows the redirect (accounts-devices-billing §2 /login).
  const signIn = page.getByRole('main');
  await signIn.getByLabel('Email').fill(email);
  await signIn.getByLabel('Password').fill(firstPassword);
  await signIn.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByLabel('First name')).toHaveValue('Ellen');

  // Temperature preference F → C is saved to the user (accounts-devices-billing §9).
  await page.getByText('°C', { exact: true }).click();
  await expect
    .poll(
      async () =>
        (await page.context().cookies()).find((cookie) => cookie.name === 'tempPref')?.value,
    )
    .toBe('C');
  await keepScreens(page, '04-account');

  // Change the password in the modal.
  await page.getByRole('button', { name: 'Change password' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Current password').fill(firstPassword);
  await dialog.getByLabel('New password', { exact: true }).fill(secondPassword);
  await dialog.getByLabel('Confirm new password').fill(secondPassword);
  await dialog.getByRole('button', { name: 'Save password' }).click();
  await expect(dialog).toBeHidden();

  // The preference survived: reload shows °C chosen.
  await page.reload();
  await expect(page.getByLabel('First name')).toHaveValue('Ellen');

  // Forgot password: the e-mailed link resets it.
  await page.getByRole('button', { name: 'Sign out' }).first().click();
  // Sign-out ends the session once the page has gone home: wait for it before leaving the page.
  await expect(page.getByText('You have been signed out.')).toBeVisible();
  await page.goto('/forgotpassword');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('button', { name: /home/i })).toBeVisible();
  await keepScreens(page, '05-forgot-password-sent');

  const mail = await waitForMail(request, email, 15_000, /reset/i);
  const link = /https?:\/\/\S+\/resetpassword\?id=\d+&expires=\d+&token=[\w-]+/.exec(
    mail.TextBody,
  )?.[0];
  expect(link, 'reset link in the e-mail').toBeTruthy();
  await page.goto(new URL(link!).pathname + new URL(link!).search);
  await page.getByLabel('New password', { exact: true }).fill(thirdPassword);
  await page.getByLabel('Confirm password').fill(thirdPassword);
  await keepScreens(page, '06-reset-password');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByText(/password (has been|was) (reset|changed)/i)).toBeVisible();

  // The old password no longer works; the new one does.
  await page.goto('/login');
  const form = page.getByRole('main');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password').fill(secondPassword);
  await form.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Invalid username or password.')).toBeVisible();
  await form.getByLabel('Password').fill(thirdPassword);
  await form.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/devices$/);
  await keepScreens(page, '07-devices-after-sign-in');
});
