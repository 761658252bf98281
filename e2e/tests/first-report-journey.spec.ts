import { expect, test, type APIRequestContext } from '@playwright/test';
import { provisionDevices } from '../support/inventory';
import { look } from '../support/look';
import { expectNoSidewaysScrollOnPhone } from '../support/screens';
import { signIn, signInByApi } from '../support/sign-in';

// Issue #24 item 4: on a fresh load of /devices a unit that has reported shows its last report at
// once, even while the live channel waits for a fresher one, and a unit that never reported says
// how to start it, with no status colour (device-management §4 "Live readings", "Status levels").
// Both units are PRO test units (type 5) on firmware that uses the live channel; no simulator
// drives them, so the channel waits for as long as the test looks.

const REPORTED = 'Issue 24 reported unit';
const SILENT = 'Issue 24 silent unit';

test.describe.serial('issue #24: a unit shows its last report or how to start it', () => {
  let headers: Record<string, string>;
  let userId: number;
  const userDeviceIds: number[] = [];

  const register = async (request: APIRequestContext, serial: string, name: string) => {
    const answer = await request.post(`/api/users/${userId}/devices`, {
      headers,
      data: { SerialNumber: serial, Name: name },
    });
    expect(answer.ok()).toBe(true);
    userDeviceIds.push(((await answer.json()) as { Id: number }).Id);
  };

  test.beforeAll(async ({ request }) => {
    const [reported, silent] = await provisionDevices({ type: 5, count: 2, firmware: '10.6' });
    ({ userId, headers } = await signInByApi(request));
    await register(request, reported!.SerialNumber, REPORTED);
    await register(request, silent!.SerialNumber, SILENT);
    // One report, now: the owner sees only what the unit reports after registration (decision 017).
    const answer = await request.post('/device-api/v1/reports', {
      headers: {
        authorization: `Basic ${Buffer.from(`${reported!.IMEI}:${reported!.DeviceKey}`).toString('base64')}`,
      },
      data: {
        Reports: [
          {
            ReportTimestamp: new Date().toISOString(),
            Temperature: 70,
            Humidity: 40,
            Power: 1,
            SignalStrength: 20,
          },
        ],
      },
    });
    expect(answer.status()).toBe(200);
  });

  // The units leave the demo account again: later journeys count the demo fleet.
  test.afterAll(async ({ request }) => {
    for (const id of userDeviceIds) {
      const removed = await request.delete(`/api/users/${userId}/devices/${id}`, { headers });
      expect(removed.ok()).toBe(true);
    }
  });

  test('on a fresh load the reported unit shows its last report while the live channel waits, and the silent unit how to start it (device-management §4; issue #24)', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    // The browser's clock runs 5 minutes ahead, past the PRO threshold, so the page seeks a fresher
    // report over the live channel, as it does for any unit last heard from a while ago. It is set
    // ahead from the start rather than fast-forwarded: a fast-forward runs every pending timer of
    // the page at once, which this page has no need of.
    await page.clock.install({ time: Date.now() + 301_000 });
    await signIn(page);
    const waitingText =
      'Waiting for the first report — plug the unit in; it reports within 5 minutes';

    for (const view of ['list', 'dashboard'] as const) {
      await test.step(`${view} view`, async () => {
        if (view === 'dashboard') await page.getByText('Dashboard', { exact: true }).click();
        const role = view === 'list' ? 'listitem' : 'article';
        const reported = page.getByRole(role, { name: REPORTED, exact: true });
        const silent = page.getByRole(role, { name: SILENT, exact: true });
        // The channel is open and waiting; the last report stays beside it, not replaced by it.
        const line = reported.getByText(/Loading latest readings/);
        await expect(line).toBeVisible();
        await expect(line).toContainText(/Last report: .+ · 5 min ago/);
        await expect(
          reported.getByRole('status', { name: `${REPORTED} status: OK` }),
        ).toBeVisible();
        await expect(silent.getByText(waitingText)).toBeVisible();
        await expect(silent.getByText(/Loading latest readings/)).toHaveCount(0);
        await expect(
          silent.getByRole('status', { name: new RegExp(`^${SILENT} status`) }),
        ).toHaveCount(0);
        await look(page, `issue24-first-report-${view}`, `device ${view} with a silent unit`);
      });
    }

    await test.step('the silent unit’s detail page says the same, with no status colour', async () => {
      await page.getByRole('link', { name: SILENT, exact: true }).click();
      await expect(page.getByRole('heading', { level: 1, name: SILENT })).toBeVisible();
      await expect(page.getByText(waitingText)).toBeVisible();
      await expect(
        page.getByRole('status', { name: 'Device status: No report yet' }),
      ).toBeVisible();
      await expectNoSidewaysScrollOnPhone(page);
      await look(page, 'issue24-first-report-detail', 'detail of a silent unit');
    });
  });

  test('a name is limited to 100 characters as it is typed, an empty one gets the app’s message, and a long title wraps at 390 px (issue #24)', async ({
    page,
  }) => {
    await signIn(page);
    await page.getByRole('link', { name: SILENT, exact: true }).first().click();
    await page.getByRole('tab', { name: 'Change Settings' }).click();
    const form = page.getByRole('form', { name: 'Device information' });
    const name = form.getByRole('textbox', { name: 'Device name' });
    await name.fill('');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(form.getByText('Name is required.')).toBeVisible();
    await look(page, 'issue24-empty-name', 'device settings with an empty name');
    await page.keyboard.insertText('W'.repeat(300));
    await expect(name).toHaveValue('W'.repeat(100));
    await expect(form.getByText('100/100 characters')).toBeVisible();
    await form.getByRole('button', { name: 'Save' }).click();
    const title = page.getByRole('heading', { level: 1, name: 'W'.repeat(100) });
    await expect(title).toBeVisible();
    await expectNoSidewaysScrollOnPhone(page);
    await look(page, 'issue24-long-name', 'device settings with a 100-character name');
  });
});
