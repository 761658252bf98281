import { expect, test, type FrameLocator, type Page } from '@playwright/test';
import { look } from '../support/look';
import { waitForMail } from '../support/outbox';
import { signIn } from '../support/sign-in';
import { provisionPuck } from '../support/simulated-world';

/*
 * Issue #14: the demo's customer on an old payment profile (legacy@example.com, unit Boathouse)
 * moves it to the card provider on the account page (accounts-devices-billing §4 "Convert-to-card-
 * provider flow"), then buys a SPuck for Boathouse with an upfront charge on the card now on file
 * (device-management §4 "Add puck flow"). The card is typed only into the processor's frame.
 */

const LEGACY = { email: 'legacy@example.com', password: 'legacy-password' };
const CARD_NUMBER = '4111111111111111';

async function fillCard(frame: FrameLocator) {
  await frame.getByLabel('Card number').fill('4111 1111 1111 1111');
  await frame.getByLabel('Month (MM)').fill('12');
  await frame.getByLabel('Year (YYYY)').fill('2030');
  await frame.getByLabel('CVV').fill('123');
  await frame.getByLabel('Postal code').fill('14624');
}

/** Every request body the page sends to the product's API, to prove the card number is not in one. */
function recordApiBodies(page: Page): string[] {
  const sent: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/')) sent.push(`${request.url()} ${request.postData() ?? ''}`);
  });
  return sent;
}

test(
  'an old payment-profile customer moves to card payments, then buys a SPuck with an upfront charge (issue #14)',
  { tag: '@both-databases' },
  async ({ page, request }) => {
    const sent = recordApiBodies(page);
    await signIn(page, LEGACY);

    await test.step('the account page offers the convert flow (accounts-devices-billing §4)', async () => {
      await page.goto('/account');
      const notice = page.getByRole('region', { name: 'Move your subscription to card payments' });
      await expect(notice).toContainText('Boathouse');
      await look(page, 'spuck-01-convert-notice', 'account page with the convert notice');
      await notice.getByRole('button', { name: 'Move to card payments' }).click();

      await notice.getByRole('radio', { name: /^Annual/ }).click();
      await expect(notice.getByText(/Your card subscription starts on /)).toBeVisible();
      await notice.getByLabel('Street address').fill('1 main st');
      await notice.getByLabel('City').fill('gates');
      await notice.getByLabel('ZIP / postal code').fill('14624');
      await notice.getByRole('button', { name: 'Verify address' }).click();
      // The local verifier corrects the city from the ZIP (decision 035): the cleansed one replaces it.
      await expect(notice.getByLabel('City')).toHaveValue('Rochester');
      await expect(notice.getByRole('button', { name: 'Address verified' })).toBeDisabled();
      const totals = notice.getByRole('table', { name: 'Billing totals' });
      await expect(totals).toContainText('$99.00');
      await expect(totals.getByText('Calculated from your ZIP code')).toHaveCount(0);

      const frame = notice.frameLocator('iframe');
      await fillCard(frame);
      await look(page, 'spuck-02-convert-form', 'the convert form, filled');
      await notice.getByRole('button', { name: 'Move to card payments' }).click();
      const done = page.getByRole('status').filter({ hasText: 'now uses card payments' });
      await expect(done).toBeVisible({ timeout: 30_000 });
      await look(page, 'spuck-03-converted', 'account page after the convert flow');
      const mail = await waitForMail(request, LEGACY.email, 15_000, /subscription has moved/);
      expect(mail.TextBody).toContain('has moved to our new card payments.');
    });

    await test.step('a SPuck bought for Boathouse with an upfront charge on the card on file (device-management §4)', async () => {
      const serial = await provisionPuck(32774);
      await page.goto('/devices');
      const boathouse = page.getByRole('article', { name: 'Boathouse' });
      await boathouse.getByRole('button', { name: 'Add a SPuck to Boathouse' }).click();
      await expect(page).toHaveURL(/\/peripherals\/add$/);
      await page.getByLabel('Serial number part 1 of 4').fill(serial.slice(0, 2));
      for (const part of [2, 3, 4]) {
        await page
          .getByLabel(`Serial number part ${part} of 4`)
          .fill(serial.slice(part * 2 - 2, part * 2));
      }
      await expect(page.getByText('SPuck id found.')).toBeVisible();
      await page.getByLabel('SPuck name').fill('Bait fridge');
      await page.getByLabel('SPuck location').fill('Shed');
      await page.getByRole('button', { name: 'Next' }).click();

      const dialog = page.getByRole('dialog', { name: 'Add the SPuck to your subscription' });
      await expect(dialog.getByRole('table', { name: 'SPuck charges' })).toBeVisible();
      await expect(
        dialog.getByText(/We will charge \$\d+\.\d{2} to Visa ending in 1111\./),
      ).toBeVisible();
      await look(page, 'spuck-04-payment-details', 'SPuck payment: details with the card on file');
      await dialog.getByRole('button', { name: /^Pay \$/ }).click();
      await expect(page.getByRole('heading', { name: 'Step 2 of 3: Notifications' })).toBeVisible({
        timeout: 30_000,
      });
      await look(page, 'spuck-05-after-payment', 'add SPuck: notifications after the payment');
      // The rest of the flow, so the paid SPuck is kept (an unfinished one goes on the next visit).
      await page.getByRole('button', { name: 'Next' }).click();
      await expect(page.getByRole('heading', { name: 'Step 3 of 3: Ranges' })).toBeVisible();
      await page.getByRole('button', { name: 'Save ranges' }).click();
      await page
        .getByRole('dialog', { name: 'Register another SPuck?' })
        .getByRole('button', { name: 'No' })
        .click();
      await page
        .getByRole('dialog', { name: 'Is your device ready?' })
        .getByRole('button', { name: 'No' })
        .click();
      await page
        .getByRole('dialog', { name: 'SPuck registered' })
        .getByRole('button', { name: 'OK' })
        .click();
      await expect(page).toHaveURL(/\/devices$/);
    });

    await test.step('a second SPuck paid with another card typed into the dialog (device-management §4)', async () => {
      const serial = await provisionPuck(32774);
      await page.goto('/devices');
      const boathouse = page.getByRole('article', { name: 'Boathouse' });
      await boathouse.getByRole('button', { name: 'Add a SPuck to Boathouse' }).click();
      await expect(page).toHaveURL(/\/peripherals\/add$/);
      await page.getByLabel('Serial number part 1 of 4').fill(serial.slice(0, 2));
      for (const part of [2, 3, 4]) {
        await page
          .getByLabel(`Serial number part ${part} of 4`)
          .fill(serial.slice(part * 2 - 2, part * 2));
      }
      await expect(page.getByText('SPuck id found.')).toBeVisible();
      await page.getByLabel('SPuck name').fill('Live well');
      await page.getByLabel('SPuck location').fill('Dock');
      await page.getByRole('button', { name: 'Next' }).click();

      const dialog = page.getByRole('dialog', { name: 'Add the SPuck to your subscription' });
      // Two SPucks now: the plan's $8.25 and $3.00 a month for each (decision 036's amounts).
      await expect(
        dialog.getByRole('table', { name: 'SPuck charges' }).getByText('$14.25 / month'),
      ).toBeVisible();
      await dialog.getByRole('button', { name: 'Use another card' }).click();
      await fillCard(dialog.frameLocator('iframe'));
      await look(page, 'spuck-06-payment-new-card', 'SPuck payment: another card');
      await dialog.getByRole('button', { name: /^Pay \$/ }).click();
      await expect(page.getByRole('heading', { name: 'Step 2 of 3: Notifications' })).toBeVisible({
        timeout: 30_000,
      });
    });

    // The card number reached the product's API in no request (only the nonce did).
    expect(sent.filter((line) => line.includes(CARD_NUMBER) || line.includes('4111 1111'))).toEqual(
      [],
    );
  },
);
