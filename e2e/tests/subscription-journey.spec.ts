import { randomUUID } from 'node:crypto';
import {
  expect,
  test,
  type APIRequestContext,
  type FrameLocator,
  type Page,
} from '@playwright/test';
import {
  expectNotInApiRequests,
  expectNotInDatabase,
  expectNotInPageScript,
  expectNotInServerLog,
  recordApiRequests,
} from '../support/card-traces';
import { expectNoSeriousViolations } from '../support/accessibility';
import { provisionDevices } from '../support/inventory';
import { look } from '../support/look';
import { keepScreens } from '../support/screens';
import { signIn, signInByApi } from '../support/sign-in';

/** An element's font, read in the page (this project is typed without the DOM's names). */
const fontOf = (element: unknown) =>
  (
    globalThis as unknown as { getComputedStyle: (e: unknown) => { fontFamily: string } }
  ).getComputedStyle(element).fontFamily;

/*
 * The subscription journey of issue #14 against the built product (local payment processor): the
 * demo customer's card-paying unit — the demo fleet has only test devices, so one is provisioned
 * and registered with a Monthly plan paid by the test nonce — changes plan, is suspended,
 * reactivated with a card typed into the processor's frame, and its card is changed. Every screen
 * is kept at 1280 and 390 px and checked by axe.
 */

const FIRST_CARD = '4111111111111111';
const SECOND_CARD = '5555555555554444';
/** The local processor's test card for code 15005, a bank decline (docs/payments.md). */
const BANK_DECLINED_CARD = '4000001500500004';

/** Registers the unit to the demo customer in one call with a Monthly plan paid by the test nonce. */
async function registerWithMonthlyPlan(
  request: APIRequestContext,
  serial: string,
  tenantId: number,
) {
  const { userId, headers } = await signInByApi(request);
  const options = await request.get(`/api/subscriptions/options/${tenantId}?serial=${serial}`, {
    headers,
  });
  expect(options.ok()).toBe(true);
  const monthly = ((await options.json()) as { Id: number; PlanType: string }[]).find(
    (option) => option.PlanType === 'Monthly',
  );
  expect(monthly, 'a Monthly plan for the unit').toBeTruthy();
  const registered = await request.post(`/api/users/${userId}/devices/registration`, {
    headers: { ...headers, 'idempotency-key': randomUUID() },
    data: {
      SerialNumber: serial,
      Name: 'Wine Cellar',
      Location: 'Basement',
      TermsAccepted: true,
      Subscription: {
        billingPlan: { Id: monthly!.Id, PlanType: 'Monthly' },
        FirstName: 'Demo',
        LastName: 'Customer',
        Address1: '1 Main Street',
        City: 'Rochester',
        State: 'NY',
        Zip: '14624',
        PaymentNonce: 'fake-valid-visa-nonce',
      },
    },
  });
  expect(registered.status(), await registered.text()).toBe(200);
  const answer = (await registered.json()) as { UserDevice: { Id: number } };
  return answer.UserDevice.Id;
}

/** Types a test card into the processor's frame inside the open dialog. */
async function typeCard(frame: FrameLocator, number: string) {
  await frame.getByLabel('Card number').fill(number);
  await frame.getByLabel('Month (MM)').fill('12');
  await frame.getByLabel('Year (YYYY)').fill('2030');
  await frame.getByLabel('CVV').fill('123');
  await frame.getByLabel('Postal code').fill('14624');
}

const summaryRow = (page: Page, label: string) =>
  page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: label }) });

test(
  'an owner changes a plan, suspends, reactivates with a new card and changes the card (issue #14, accounts-devices-billing §4)',
  { tag: '@both-databases' },
  async ({ page, request }) => {
    test.setTimeout(240_000);
    // A new card-paying unit (type 1).
    const unit = (await provisionDevices({ type: 1 }))[0]!;
    const userDeviceId = await registerWithMonthlyPlan(request, unit.SerialNumber, unit.TenantId);

    // Every request the app page makes to the product's API, to prove no card number is in one.
    const sentToApi = recordApiRequests(page);

    await test.step('the Subscription tab shows the Monthly plan, Active, with its Visa (§3, §4)', async () => {
      await signIn(page);
      await page.goto(`/devices/${userDeviceId}?view=subscription`);
      await expect(page.getByRole('heading', { name: 'Monitoring subscription' })).toBeVisible();
      await expect(summaryRow(page, 'Plan')).toContainText(/Monthly: \$\d+\.\d{2} per month/);
      await expect(summaryRow(page, 'Status')).toContainText('Active');
      await expect(summaryRow(page, 'Next billing date')).toContainText(
        /[A-Z][a-z]+ \d{1,2}, \d{4}/,
      );
      await expect(summaryRow(page, 'Card')).toContainText('Visa ending in 1111');
      await look(page, 'subscription-01-tab-active', 'subscription tab');
    });

    await test.step('change plan: the change screen prices the Annual plan, then saves it once confirmed (§2, §4)', async () => {
      await page.getByRole('link', { name: 'Change plan' }).click();
      await expect(page).toHaveURL(new RegExp(`/devices/${userDeviceId}/subscription$`));
      const plans = page.getByRole('radiogroup', { name: 'Subscription plan' });
      await expect(
        plans.getByRole('radio', { name: /^Monthly, \$\d+\.\d{2} \/ month$/ }),
      ).toBeChecked();
      await plans.getByRole('radio', { name: /^Annual/ }).click();
      await expect(
        plans.getByRole('radio', { name: /^Annual, \$\d+\.\d{2} \/ year$/ }),
      ).toBeChecked();
      await look(page, 'subscription-02-change-plan', 'change subscription screen');
      await page.getByRole('button', { name: 'Save plan' }).click();
      // The server's price of the change, confirmed before it is made (issue #24 item 14).
      const confirm = page.getByRole('dialog', { name: 'Confirm plan change' });
      const figure = (label: string) =>
        confirm.getByRole('row').filter({ has: page.getByRole('rowheader', { name: label }) });
      await expect(figure('Current plan')).toContainText(/Monthly: \$\d+\.\d{2} per month/);
      await expect(figure('New plan')).toContainText(/Annual: \$\d+\.\d{2} per year/);
      await expect(figure('Next billing date')).toContainText(/[A-Z][a-z]+ \d{1,2}, \d{4}|Today/);
      await expect(figure('Credit for unused days of your previous plan')).toContainText(
        /\$\d+\.\d{2}/,
      );
      await look(page, 'subscription-02b-confirm-plan-change', 'plan change confirmation');
      await confirm.getByRole('button', { name: 'Change plan' }).click();
      await expect(page).toHaveURL(new RegExp(`/devices/${userDeviceId}\\?view=subscription$`));
      await expect(summaryRow(page, 'Plan')).toContainText(/Annual: \$\d+\.\d{2} per year/);
      await expect(summaryRow(page, 'Status')).toContainText('Active');
    });

    await test.step('suspend after the confirmation: Suspended, expiring on the next billing date (§4)', async () => {
      const nextBilling = (await summaryRow(page, 'Next billing date')
        .getByRole('cell')
        .textContent())!;
      // By keyboard: the button takes Enter, and the dialog opens on its confirm button.
      await page.getByRole('button', { name: 'Suspend' }).focus();
      await page.keyboard.press('Enter');
      const confirm = page.getByRole('dialog', { name: 'Suspend subscription' });
      await expect(confirm).toContainText(`Monitoring continues until ${nextBilling}`);
      await expect(confirm.getByRole('button', { name: 'Suspend' })).toBeFocused();
      await look(page, 'subscription-03-suspend-confirm', 'suspend confirmation');
      await page.keyboard.press('Enter');
      await expect(summaryRow(page, 'Status')).toContainText('Suspended');
      await expect(summaryRow(page, 'Expiration')).toContainText(nextBilling);
      await look(page, 'subscription-04-suspended', 'suspended subscription');
    });

    await test.step('reactivate: the card on file offered first, another card typed into the processor’s frame (§4 card-vault variant)', async () => {
      await page.getByRole('button', { name: 'Reactivate' }).click();
      const dialog = page.getByRole('dialog', { name: 'Reactivate subscription' });
      // The card on file is offered first (issue #24 item 13); this journey types another.
      await expect(
        dialog.getByRole('radio', { name: /^The card on file: Visa ending in 1111/ }),
      ).toBeChecked();
      await look(page, 'subscription-05a-reactivate-card-on-file', 'reactivation card choice');
      await dialog.getByRole('radio', { name: 'Another card' }).check();
      const frame = dialog.frameLocator('iframe');
      // axe reads every frame and gathers its findings in the page: it runs before a number is typed.
      await expect(frame.getByLabel('Card number')).toBeVisible();
      // The fields take the page's font through the styles option (issue #24 item 18).
      const pageFont = await page.locator('body').evaluate(fontOf);
      await expect.poll(() => frame.getByLabel('Card number').evaluate(fontOf)).toBe(pageFont);
      await expectNoSeriousViolations(page, 'reactivation card form');
      await typeCard(frame, FIRST_CARD);
      await keepScreens(page, 'subscription-05-reactivate-card');
      await dialog.getByRole('button', { name: 'Reactivate' }).click();
      await expect(dialog.getByText('Your subscription is active again.')).toBeVisible();
      await expect(dialog).toBeHidden();
      await expect(summaryRow(page, 'Status')).toContainText('Active');
    });

    await test.step('change card: a MasterCard, the modal closing 2 s after it is saved (§4, §9)', async () => {
      await page.getByRole('button', { name: 'Change card' }).click();
      const dialog = page.getByRole('dialog', { name: 'Change credit card' });
      const frame = dialog.frameLocator('iframe');
      // A card the bank declines: the filter's alert word for word, and its fields flagged (§8).
      await typeCard(frame, BANK_DECLINED_CARD);
      await dialog.getByRole('button', { name: 'Save card' }).click();
      await expect(dialog.getByRole('alert')).toContainText(
        'Card declined by bank. Please check expiration and CVV2 or try another card.',
      );
      const flags = dialog.getByRole('list', { name: 'Fields to correct' });
      await expect(flags).toContainText('Please enter a valid expiration date.');
      await expect(flags).toContainText('Please enter a valid CVV2 security code.');
      await keepScreens(page, 'subscription-06-change-card-declined');
      await frame.getByLabel('Card number').fill('');
      await expectNoSeriousViolations(page, 'change card modal, declined');
      await typeCard(frame, SECOND_CARD);
      await keepScreens(page, 'subscription-06-change-card');
      await dialog.getByRole('button', { name: 'Save card' }).click();
      await expect(dialog.getByText('Your card was saved.')).toBeVisible();
      const savedAt = Date.now();
      await expect(dialog).toBeHidden({ timeout: 5_000 });
      expect(Date.now() - savedAt).toBeGreaterThanOrEqual(1_500);
      await expect(summaryRow(page, 'Card')).toContainText('MasterCard ending in 4444');
      await look(page, 'subscription-07-tab-after', 'subscription tab after the changes');
    });

    await test.step('the account page shows the card on file (§2, §3)', async () => {
      await page.goto('/account?tab=billing');
      const section = page.getByRole('region', { name: 'Card on file' });
      await expect(section.getByText('MasterCard ending in 4444')).toBeVisible();
      await look(page, 'subscription-08-account-card', 'account card on file');
    });

    // The card numbers were typed only into the processor's frame: none reached the product.
    await test.step('no card number typed reached the page, the API, the log or the database (issue #14)', async () => {
      for (const card of [FIRST_CARD, SECOND_CARD, BANK_DECLINED_CARD]) {
        expect(await page.content()).not.toContain(card);
        await expectNotInPageScript(page, card);
        expectNotInApiRequests(sentToApi, card);
        await expectNotInServerLog(card);
        await expectNotInDatabase(card, 'Wine Cellar');
      }
    });
  },
);
