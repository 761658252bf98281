import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import {
  expectNotInApiRequests,
  expectNotInDatabase,
  expectNotInPageScript,
  expectNotInServerLog,
  recordApiRequests,
} from '../support/card-traces';
import { provisionDevices, type ProvisionedUnit } from '../support/inventory';
import { look } from '../support/look';
import { waitForMail } from '../support/outbox';

/*
 * Issue #14: a new owner goes from sign-up to a paid, live device in the browser — the add-device
 * wizard's four steps on the server's one-call registration (accounts-devices-billing §2, §4, §5,
 * §8, §9), a declined card first, the receipt, multi-unit registration and a test device.
 */

const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));

const GOOD_CARD = '4111111111111111';
/** The local processor's test card for code 15005 (docs/payments.md). */
const BANK_DECLINED_CARD = '4000001500500004';
const BANK_DECLINED =
  'Card declined by bank. Please check expiration and CVV2 or try another card.';

/** Drives these units with the simulator, as `npm start` drives the demo fleet (README "simulate"). */
function simulate(units: ProvisionedUnit[], baseURL: string): ChildProcess {
  const file = join(mkdtempSync(join(tmpdir(), 'add-device-units-')), 'units.json');
  writeFileSync(file, JSON.stringify(units), { mode: 0o600 });
  return spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      'apps/simulator/src/cli.ts',
      `--url=${baseURL}`,
      `--devices=${file}`,
      '--interval=5',
      '--backfill-days=0',
      // Only what the journey does: no random leak or power cut on the new units.
      '--no-random-events',
    ],
    { cwd: REPO_ROOT, stdio: 'ignore' },
  );
}

async function typeSerial(page: Page, serial: string) {
  await page.getByLabel('Serial number part 1 of 2').click();
  // Focus moves to part 2 after 3 valid characters (§5).
  await page.keyboard.type(serial);
  await expect(page.getByText('Serial number found.')).toBeVisible();
}

/** The processor's own card fields, in their frame. */
async function fillCard(page: Page, cardNumber: string) {
  const frame = page.frameLocator('iframe').first();
  await frame.getByLabel('Card number').fill(cardNumber);
  await frame.getByLabel('Month (MM)').fill('12');
  await frame.getByLabel('Year (YYYY)').fill(String(new Date().getFullYear() + 3));
  await frame.getByLabel('CVV').fill('123');
  await frame.getByLabel('Postal code').fill('14624');
}

async function fillBilling(page: Page) {
  await page.getByLabel('Street address').fill('1 Main Street');
  await page.getByLabel('City').fill('Rochester');
  await page.getByLabel('ZIP / postal code').fill('14624');
  await choosePlanAndVerify(page);
}

async function choosePlanAndVerify(page: Page) {
  await page.getByRole('radio', { name: /^Annual/ }).click();
  await page.getByRole('button', { name: 'Verify address and calculate tax' }).click();
  await expect(page.getByRole('table', { name: 'Billing totals' })).toContainText(/tax/i);
}

const saveAsBillingAddress = (page: Page) =>
  page.getByRole('checkbox', { name: 'Save as my billing address' });

async function agreeToTerms(page: Page, screenName?: string) {
  const dialog = page.getByRole('dialog', { name: 'Legal terms' });
  await expect(dialog).toBeVisible();
  // Neither Escape nor the backdrop dismisses it (§5).
  await page.keyboard.press('Escape');
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('I have read and agree to the legal terms').check();
  if (screenName) await look(page, screenName, 'legal terms');
  await dialog.getByRole('button', { name: 'Agree and register' }).click();
}

/** Moves the focus with Tab until it is on the button or link named `name`. */
async function tabTo(page: Page, name: string) {
  for (let presses = 0; presses < 40; presses += 1) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate<string>(
      "document.activeElement?.textContent?.trim() ?? ''",
    );
    if (focused === name) return;
  }
  throw new Error(`Tab never reached ${name}`);
}

async function sessionOf(page: Page): Promise<{ token: string; userId: number }> {
  const stored = await page.evaluate<string | null>("localStorage.getItem('monitor.session')");
  const session = JSON.parse(stored ?? '{}') as { apiToken: string; user: { Id: number } };
  return { token: session.apiToken, userId: session.user.Id };
}

test(
  'a new owner registers, adds a paid unit through the four steps, sees it live, gets the receipt and adds more units (issue #14)',
  { tag: '@both-databases' },
  async ({ page, request, baseURL }) => {
    test.setTimeout(300_000);
    const [main, second, third] = await provisionDevices({ type: 1, count: 3 });
    const [testUnit] = await provisionDevices({ type: 2 });
    expect(main && second && third && testUnit).toBeTruthy();
    const email = `owner-${Date.now()}@example.com`;
    let simulator: ChildProcess | null = null;
    const apiRequests = recordApiRequests(page);

    try {
      await test.step('sign-up lands on the add-device wizard', async () => {
        await page.goto('/register');
        await page.getByLabel('First name').fill('Dana');
        await page.getByLabel('Last name').fill('Scully');
        await page.getByLabel('Email').fill(email);
        await page.getByLabel('Password', { exact: true }).fill('owner-password-1');
        await page.getByLabel('Confirm password').fill('owner-password-1');
        await page.getByLabel('Company name').fill('Scully Farms');
        await page.getByRole('button', { name: 'Create account' }).click();
        await expect(page).toHaveURL(/\/devices\/add$/);
      });

      await test.step('step 1: the serial in two parts, name, location, time zone (§5, §9)', async () => {
        await expect(page.getByText('Step 1 of 4: Device Information')).toBeVisible();
        await typeSerial(page, main!.SerialNumber);
        await page.getByLabel('Device name').fill('Barn');
        await page.getByLabel('Location').fill('North field');
        await expect(page.getByLabel('Time zone')).toHaveValue('-5');
        await look(page, 'add-device-01-information', 'wizard step 1');
        await page.getByRole('button', { name: 'Next' }).click();
      });

      await test.step('step 2: ranges 40–80 °F and 10–70 % (§9)', async () => {
        await expect(page.getByText('Step 2 of 4: Device Ranges')).toBeVisible();
        await expect(page.getByLabel('Low (°F)')).toHaveValue('40');
        await expect(page.getByLabel('High (°F)')).toHaveValue('80');
        await look(page, 'add-device-02-ranges', 'wizard step 2');
        await page.getByRole('button', { name: 'Next' }).click();
      });

      await test.step('step 3: e-mail to the owner for TEMP, HUMIDITY, POWER, NOCALL (§4)', async () => {
        await expect(page.getByText('Step 3 of 4: Notification Schedule')).toBeVisible();
        await expect(
          page.getByRole('list', { name: 'Notifications' }).getByRole('listitem'),
        ).toHaveCount(4);
        await look(page, 'add-device-03-notifications', 'wizard step 3');
        await page.getByRole('button', { name: 'Next' }).click();
      });

      await test.step('step 4: plan, verified address and tax, a declined card registers nothing (§5, §8)', async () => {
        await expect(page.getByText('Step 4 of 4: Billing Information')).toBeVisible();
        // No default billing address yet: the box to keep this one, ticked (issue #24 item 7).
        await expect(saveAsBillingAddress(page)).toBeChecked();
        await fillBilling(page);
        await fillCard(page, BANK_DECLINED_CARD);
        await look(page, 'add-device-04-billing', 'wizard step 4');
        await page.getByRole('button', { name: 'Register device' }).click();
        await agreeToTerms(page, 'add-device-05-terms');
        await expect(page.getByText(BANK_DECLINED)).toBeVisible({ timeout: 30_000 });
        await expect(page.getByRole('list', { name: 'Fields to correct' })).toBeVisible();
        await look(page, 'add-device-06-declined', 'declined card');
        const { token, userId } = await sessionOf(page);
        const devices = await request.get(`/api/users/${userId}/devices`, {
          headers: { authorization: `Bearer ${token}` },
        });
        expect(devices.ok()).toBe(true);
        expect(await devices.json()).toEqual([]);
      });

      await test.step('step 4 again with a good card: registered, with progress while the saga runs (§4)', async () => {
        await fillCard(page, GOOD_CARD);
        await page.getByRole('button', { name: 'Register device' }).click();
        await agreeToTerms(page);
        await expect(page.getByText('Device registered')).toBeVisible({ timeout: 30_000 });
        await expect(
          page.getByRole('link', { name: /My Devices\s*, 1 device$/ }).first(),
        ).toBeAttached();
        await look(page, 'add-device-07-registered', 'registration done');
      });

      await test.step('the receipt is in the mailbox', async () => {
        const mail = await waitForMail(request, email, 30_000, /Payment receipt/);
        expect(mail.Subject).toContain('Barn');
      });

      await test.step('the card numbers typed reached no page script, API request, log line or table (issue #14)', async () => {
        for (const card of [GOOD_CARD, BANK_DECLINED_CARD]) {
          await expectNotInPageScript(page, card);
          expectNotInApiRequests(apiRequests, card);
          await expectNotInServerLog(card);
          await expectNotInDatabase(card, email);
        }
      });

      await test.step('multi-unit: two more units of the same type, counted from 2, one payment (§4, §9)', async () => {
        await page.getByRole('button', { name: 'Register more units of this type' }).click();
        await expect(page).toHaveURL(/\/multi-unit-registration$/);
        await expect(page.getByRole('heading', { name: 'Unit 2' })).toBeVisible();
        // Another type is refused, and the entry starts over (§4, §5).
        await page.getByLabel('Serial number part 1 of 2').click();
        await page.keyboard.type(testUnit!.SerialNumber);
        await expect(
          page.getByText(
            'There was a device type mismatch. Please check the Serial number and try again.',
          ),
        ).toBeVisible();
        await look(page, 'add-device-08-multi-unit-mismatch', 'multi-unit mismatch');
        await typeSerial(page, second!.SerialNumber);
        await page.getByLabel('Device name').fill('Barn west');
        await page.getByRole('button', { name: 'Add this unit' }).click();
        await expect(page.getByRole('heading', { name: 'Unit 3' })).toBeVisible();
        await typeSerial(page, third!.SerialNumber);
        await page.getByLabel('Device name').fill('Barn east');
        await page.getByRole('button', { name: 'Add this unit' }).click();
        // The first registration's verified address is now the default: filled in, no box.
        await expect(page.getByLabel('Street address')).toHaveValue(/main/i);
        await expect(page.getByLabel('ZIP / postal code')).toHaveValue('14624');
        await expect(saveAsBillingAddress(page)).toHaveCount(0);
        await choosePlanAndVerify(page);
        await fillCard(page, GOOD_CARD);
        await look(page, 'add-device-09-multi-unit', 'multi-unit registration');
        await page.getByRole('button', { name: 'Register 2 units' }).click();
        await agreeToTerms(page);
        await expect(page.getByText(`Device ${second!.SerialNumber} registered.`)).toBeVisible({
          timeout: 60_000,
        });
        await expect(page.getByText(`Device ${third!.SerialNumber} registered.`)).toBeVisible();
        await look(page, 'add-device-10-multi-unit-done', 'multi-unit done');
      });

      await test.step('the account page shows the remembered default billing address (issue #24 item 7)', async () => {
        await page.goto('/account');
        await page.getByRole('tab', { name: 'Billing' }).click();
        await expect(page.getByLabel('Street address')).toHaveValue(/main/i);
        await expect(page.getByLabel('ZIP / postal code')).toHaveValue('14624');
        await look(
          page,
          'add-device-10b-account-billing-address',
          'account with the default address',
        );
      });

      await test.step('a test device (type 2) registers without payment, by keyboard alone (§4)', async () => {
        await page.goto('/devices/add');
        await page.getByLabel('Serial number part 1 of 2').focus();
        await page.keyboard.type(testUnit!.SerialNumber);
        await expect(page.getByText('Serial number found.')).toBeVisible();
        await page.keyboard.press('Tab');
        await page.keyboard.type('Test bench');
        await page.keyboard.press('Enter');
        await expect(page.getByText('Step 2 of 4: Device Ranges')).toBeVisible();
        await tabTo(page, 'Next');
        await page.keyboard.press('Enter');
        await expect(page.getByText('Step 3 of 4: Notification Schedule')).toBeVisible();
        await tabTo(page, 'Next');
        await page.keyboard.press('Enter');
        await expect(page.getByText('No payment needed')).toBeVisible();
        await look(page, 'add-device-11-test-device', 'test device step 4');
        await tabTo(page, 'Register device');
        await page.keyboard.press('Enter');
        const dialog = page.getByRole('dialog', { name: 'Legal terms' });
        await expect(dialog.getByLabel('I have read and agree to the legal terms')).toBeFocused();
        await page.keyboard.press('Escape');
        await expect(dialog).toBeVisible();
        await page.keyboard.press('Space');
        await tabTo(page, 'Agree and register');
        await page.keyboard.press('Enter');
        await expect(page.getByText('Device registered')).toBeVisible({ timeout: 30_000 });
      });

      await test.step('the dashboard shows the new cards; the unit turns live as the simulator reports', async () => {
        await page.getByRole('button', { name: 'Go to my devices' }).click();
        await expect(page).toHaveURL(/\/devices$/);
        const list = page.getByRole('list', { name: 'Devices' });
        for (const name of ['Barn', 'Barn west', 'Barn east', 'Test bench'])
          await expect(list.getByRole('listitem', { name, exact: true })).toBeVisible();
        await page.getByText('Dashboard', { exact: true }).click();
        const barn = page.getByRole('article', { name: 'Barn', exact: true });
        await expect(barn).toBeVisible();
        // Nothing reported yet: no reading (device-management §4).
        await expect(barn).toContainText('Temperature--');
        await look(page, 'add-device-12-dashboard-before-report', 'dashboard with the new devices');
        simulator = simulate([main!], baseURL!);
        await expect
          .poll(
            async () => {
              await page.reload();
              return (await barn.textContent()) ?? '';
            },
            { timeout: 60_000, intervals: [3000] },
          )
          .toMatch(/Temperature-?\d+(\.\d+)?°F/);
        await look(page, 'add-device-13-dashboard-live', 'dashboard with the live unit');
      });
    } finally {
      (simulator as ChildProcess | null)?.kill();
    }
  },
);
