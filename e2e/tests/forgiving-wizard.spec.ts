import { expect, test, type Page } from '@playwright/test';
import { provisionDevices } from '../support/inventory';
import { look } from '../support/look';
import { signIn } from '../support/sign-in';

/*
 * Issue #24 "Every flow forgiving", as a new customer meets the add-device wizard: the browser's
 * Back, Forward and reload keep the wizard's steps and entries (typed ones too), and a range end
 * the unit can never read is said beside it, in the wizard and in the range settings.
 */

const stepHeading = (page: Page, text: string) => page.getByRole('heading', { name: text });

async function toStep3(page: Page, serial: string) {
  await page.goto('/devices/add');
  await page.getByLabel('Serial number part 1 of 2').click();
  await page.keyboard.type(serial);
  await expect(page.getByText('Serial number found.')).toBeVisible();
  await page.getByLabel('Device name').fill('Barn');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(stepHeading(page, 'Step 2 of 4: Device Ranges')).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(stepHeading(page, 'Step 3 of 4: Notification Schedule')).toBeVisible();
}

test('the add-device wizard moves between its steps with Back and Forward, resumes after a reload and asks before leaving (issue #24; accounts-devices-billing §2 "Add-device wizard")', async ({
  page,
}) => {
  const [unit] = await provisionDevices({ type: 1 });
  await signIn(page);
  await toStep3(page, unit!.SerialNumber);
  await expect(page).toHaveURL(/\/devices\/add\?step=3$/);

  await test.step('Back and Forward move between the steps, keeping what was entered', async () => {
    await page.goBack();
    await expect(stepHeading(page, 'Step 2 of 4: Device Ranges')).toBeVisible();
    await page.goBack();
    await expect(stepHeading(page, 'Step 1 of 4: Device Information')).toBeVisible();
    await expect(page.getByLabel('Device name')).toHaveValue('Barn');
    await expect(page.getByLabel('Serial number part 2 of 2')).toHaveValue(
      unit!.SerialNumber.slice(3),
    );
    await page.goForward();
    await expect(stepHeading(page, 'Step 2 of 4: Device Ranges')).toBeVisible();
    await page.goForward();
    await expect(stepHeading(page, 'Step 3 of 4: Notification Schedule')).toBeVisible();
  });

  await test.step('a reload asks first, then resumes at the same step with the entries', async () => {
    const asked: string[] = [];
    page.on('dialog', (dialog) => {
      asked.push(dialog.type());
      void dialog.accept();
    });
    await page.reload();
    await expect(stepHeading(page, 'Step 3 of 4: Notification Schedule')).toBeVisible();
    expect(asked).toEqual(['beforeunload']);
    await expect(
      page.getByRole('list', { name: 'Notifications' }).getByRole('listitem'),
    ).toHaveCount(4);
    await look(page, 'issue24-wizard-resumed', 'wizard resumed after a reload');
    await page.goBack();
    await page.goBack();
    await expect(stepHeading(page, 'Step 1 of 4: Device Information')).toBeVisible();
    await expect(page.getByLabel('Device name')).toHaveValue('Barn');
  });

  await test.step('leaving for another page asks first', async () => {
    await page.getByRole('link', { name: 'Cancel' }).click();
    const dialog = page.getByRole('dialog', { name: 'Leave without finishing?' });
    await expect(dialog).toBeVisible();
    await look(page, 'issue24-wizard-leave', 'leave prompt');
    await dialog.getByRole('button', { name: 'Stay' }).click();
    await expect(page).toHaveURL(/\/devices\/add$/);
    await expect(page.getByLabel('Device name')).toHaveValue('Barn');
  });

  await test.step('a reload mid-typing resumes what was on screen, the serial checked again', async () => {
    await page.getByLabel('Device name').fill('Barn 2');
    await page.getByLabel('Location').fill('North field');
    await page.reload();
    await expect(stepHeading(page, 'Step 1 of 4: Device Information')).toBeVisible();
    await expect(page.getByLabel('Device name')).toHaveValue('Barn 2');
    await expect(page.getByLabel('Location')).toHaveValue('North field');
    await expect(page.getByText('Serial number found.')).toBeVisible();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page.getByLabel('Device name')).toHaveValue('Barn 2');
  });
});

test('a high end the unit never reads is accepted and said beside it, in the wizard and the range settings (issue #24; device-management §5)', async ({
  page,
}) => {
  const [unit] = await provisionDevices({ type: 1 });
  await signIn(page);

  await test.step('the wizard: 999 °F', async () => {
    await page.goto('/devices/add');
    await page.getByLabel('Serial number part 1 of 2').click();
    await page.keyboard.type(unit!.SerialNumber);
    await expect(page.getByText('Serial number found.')).toBeVisible();
    await page.getByLabel('Device name').fill('Barn');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByLabel('High (°F)').fill('999');
    await expect(page.getByLabel('High (°F)')).toHaveAccessibleDescription(
      'This unit reads up to 100°F; a high end of 999°F will never raise an alarm.',
    );
    await look(page, 'issue24-wizard-unreachable-range', 'wizard range that never alarms');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(stepHeading(page, 'Step 3 of 4: Notification Schedule')).toBeVisible();
  });

  await test.step('the range settings: 150 °F', async () => {
    await page.getByRole('link', { name: 'Cancel' }).click();
    await page
      .getByRole('dialog', { name: 'Leave without finishing?' })
      .getByRole('button', { name: 'Leave' })
      .click();
    await page.getByRole('link', { name: 'Lake House', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Lake House' })).toBeVisible();
    await page.getByRole('tab', { name: 'Change Settings' }).click();
    const range = page.getByRole('region', { name: 'Temperature range' });
    await range.getByRole('textbox', { name: 'High (°F)' }).fill('150');
    await expect(range.getByRole('textbox', { name: 'High (°F)' })).toHaveAccessibleDescription(
      /^This unit reads up to 100°F; a high end of 150°F will never raise an alarm\.$/,
    );
    await look(page, 'issue24-settings-unreachable-range', 'range settings that never alarm');
  });
});
