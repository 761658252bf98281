import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectNoSeriousViolations } from '../support/accessibility';
import { registerAlarmUnit, type AlarmUnit } from '../support/alarm-unit';
import { waitForMail } from '../support/outbox';
import { keepScreens } from '../support/screens';
import { DEMO, signIn } from '../support/sign-in';

// Issue #23 (decision 059): an alarm is judged at once (no 29-minute blindness after a range
// change), acknowledged from its e-mail's link by someone not signed in (the open dashboard hears
// of it), never flaps on a hovering reading, and its log shows the whole story.

const NAME = 'Alarm journey unit';

test.describe
  .serial('issue #23: alarms never blind, acknowledged from the e-mail, never flapping', () => {
  let dashboard: Page;
  let world: AlarmUnit;
  let userDeviceId: number;
  let headers: Record<string, string>;
  const report = (request: APIRequestContext, temperature: number) =>
    world.report(request, temperature);
  const alarmLog = async (request: APIRequestContext) => {
    const answer = await request.get(`/api/alarms?userDeviceId=${userDeviceId}`, { headers });
    expect(answer.ok()).toBe(true);
    return (await answer.json()) as {
      Events: { Id: number; State: string; Deliveries: { Kind: string; Address: string }[] }[];
    };
  };

  test.beforeAll(async ({ browser, request }) => {
    world = await registerAlarmUnit(request, NAME);
    ({ userDeviceId, headers } = world);
    // A context of its own (axe needs one), kept open across the steps: the dashboard stays open.
    dashboard = await (await browser.newContext()).newPage();
    await signIn(dashboard);
    await dashboard.getByText('Dashboard', { exact: true }).click();
  });
  // The unit leaves the demo account again: later journeys count the demo fleet.
  test.afterAll(async ({ request }) => {
    await dashboard?.context().close();
    await world?.remove(request);
  });

  test('issue #23 finding 1: a reading out of range 3 minutes after a range change shows the alarm on the open dashboard within 5 s', async ({
    request,
  }) => {
    const card = dashboard.getByRole('article', { name: NAME });
    await expect(card).toBeVisible();
    // Decision 011 judged nothing from 1 to 29 minutes after a change.
    await report(request, 95.5);
    await expect(card.getByRole('status', { name: `${NAME} status: Alarm` })).toBeVisible({
      timeout: 5_000,
    });
    // The range-change flag still shows; the alarm is shown rather than "Syncing".
    await expect(card.getByText('Range changed')).toBeVisible();
    await expect(card.getByRole('button', { name: 'Acknowledge Temperature alarm' })).toBeVisible();
    await keepScreens(dashboard, '40-alarm-after-range-change');
    await expectNoSeriousViolations(dashboard, 'dashboard with an alarm to acknowledge');
  });

  test('issue #23 acknowledge: acknowledging from the e-mail link without signing in updates the open dashboard live', async ({
    browser,
    request,
  }) => {
    const mail = await waitForMail(
      request,
      DEMO.email,
      15_000,
      new RegExp(`^ALARM: Temperature out of range - ${NAME}`),
    );
    const link = /Acknowledge or snooze: (\S+)/.exec(mail.TextBody)?.[1];
    expect(link).toMatch(/\/alarms\/\d+\/acknowledge\?token=/);
    const stranger = await browser.newContext();
    try {
      const page = await stranger.newPage();
      await page.goto(link!);
      await expect(page.getByText('Active — not acknowledged').first()).toBeVisible();
      await expectNoSeriousViolations(page, 'the acknowledge page');
      await page.getByRole('button', { name: 'Acknowledge alarm' }).click();
      await expect(
        page.getByText('Acknowledged — everyone who was told will hear that you answered.'),
      ).toBeVisible();
      await keepScreens(page, '41-alarm-acknowledged-from-link');
    } finally {
      await stranger.close();
    }
    const card = dashboard.getByRole('article', { name: NAME });
    await expect(card.getByText(`Acknowledged by ${DEMO.email} from an e-mail`)).toBeVisible({
      timeout: 5_000,
    });
    await expect(card.getByRole('button', { name: 'Acknowledge Temperature alarm' })).toBeHidden();
  });

  test('issue #23 finding 3: a reading hovering at its high end sends one alarm e-mail, not one per crossing', async ({
    request,
  }) => {
    await report(request, 70);
    for (const temperature of [80.6, 79.6, 80.5, 79.7, 80.4, 79.8])
      await report(request, temperature);
    const { Events } = await alarmLog(request);
    expect(Events).toHaveLength(2);
    const [hovering, first] = Events;
    expect(hovering!.State).toBe('active-unacknowledged');
    expect(first!.State).toBe('cleared-acknowledged');
    const toOwner = (kind: string) =>
      hovering!.Deliveries.filter((d) => d.Kind === kind && d.Address === DEMO.email);
    expect(toOwner('alarm')).toHaveLength(1);
    expect(toOwner('all-clear')).toEqual([]);
    await waitForMail(request, DEMO.email, 15_000, /^All clear: Temperature back in range/);
  });

  test('issue #23 alarm log: the log shows each alarm’s timeline, from the first reading out of range to the clear', async () => {
    await dashboard.goto(`/devices/${userDeviceId}/alarms`);
    await expect(
      dashboard.getByRole('heading', { level: 1, name: `${NAME} alarms` }),
    ).toBeVisible();
    const log = dashboard.getByRole('list', { name: 'Alarms, newest first' });
    const first = log.getByRole('listitem').filter({ hasText: 'Cleared' }).first();
    const timeline = first.getByRole('list', { name: 'Timeline' });
    await expect(timeline.getByText(/Alarm raised/)).toBeVisible();
    await expect(timeline.getByText(new RegExp(`E-mail alarm to ${DEMO.email}`))).toBeVisible();
    await expect(
      timeline.getByText(new RegExp(`Acknowledged by ${DEMO.email} from an e-mail`)),
    ).toBeVisible();
    await expect(timeline.getByText(/Cleared: the reading came back in range/)).toBeVisible();
    await expect(first.getByRole('link', { name: 'See on the graph' })).toBeVisible();
    await keepScreens(dashboard, '42-alarm-log');
    await expectNoSeriousViolations(dashboard, 'the alarm log');
  });
});
