import { expect, test, type BrowserContext, type Page, type Worker } from '@playwright/test';
import type { PushMessage } from '@monitor/contract/push';
import {
  startPushService,
  type Browser as PushBrowser,
  type PushService,
} from '../../apps/server/test/helpers/push-service';
import { expectNoSeriousViolations } from '../support/accessibility';
import { registerAlarmUnit, type AlarmUnit } from '../support/alarm-unit';
import { keepScreens } from '../support/screens';
import { signIn } from '../support/sign-in';

// Issue #27 (decisions 083, 084): an owner asks for alarms on this browser from the notification
// schedule; an alarm reaches it through the server's real web push (VAPID-signed, encrypted) to a
// push service, and its Acknowledge button answers it without opening the app.
//
// Chromium here has no push service to subscribe with (no Google API keys, no internet): the
// page's PushManager answers with a subscription at a local push service, as Chrome's answers with
// one at FCM. That service takes the server's message, checks its VAPID signature and decrypts it
// with the browser's keys; the DevTools protocol then delivers it to the service worker, as
// Chrome's push client would. Everything else is the product.

const NAME = 'Push journey unit';
const PHONE = { width: 390, height: 844 };

/** The page's PushManager hands out `browser`, the local push service's subscription. */
function fakePushManager(browser: PushBrowser): string {
  return `(() => {
    const browser = ${JSON.stringify(browser)};
    const subscription = {
      endpoint: browser.Endpoint,
      expirationTime: null,
      options: { userVisibleOnly: true, applicationServerKey: null },
      getKey: () => null,
      unsubscribe: () => Promise.resolve(true),
      toJSON: () => ({
        endpoint: browser.Endpoint,
        expirationTime: null,
        keys: { p256dh: browser.Keys.P256dh, auth: browser.Keys.Auth },
      }),
    };
    const KEY = 'journey-push-subscribed';
    PushManager.prototype.subscribe = () => {
      localStorage.setItem(KEY, 'yes');
      return Promise.resolve(subscription);
    };
    PushManager.prototype.getSubscription = () =>
      Promise.resolve(localStorage.getItem(KEY) ? subscription : null);
  })();`;
}

/** The notifications the service worker shows, as the phone would list them. */
const SHOWN_NOTIFICATIONS = `self.registration.getNotifications().then((shown) =>
  shown.map((n) => ({ title: n.title, body: n.body, actions: n.actions.map((a) => a.title) })))`;

/** The shown alarm's Acknowledge button, fired as the phone's tap fires it. */
const TAP_ACKNOWLEDGE = `self.registration.getNotifications().then(([notification]) =>
  void self.dispatchEvent(
    new NotificationEvent('notificationclick', { notification, action: 'acknowledge' }),
  ))`;

type Shown = { title: string; body: string; actions: string[] };

test.describe.serial('issue #27: alarms on this browser, answered from the notification', () => {
  let service: PushService;
  let context: BrowserContext;
  let page: Page;
  let world: AlarmUnit;

  /** The service worker, once the page has registered it and it is running. */
  async function serviceWorker(): Promise<Worker> {
    await page.evaluate('navigator.serviceWorker.ready.then(() => undefined)');
    return context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  }

  test.beforeAll(async ({ browser, request, baseURL }) => {
    service = await startPushService({ port: Number(process.env.E2E_PUSH_SERVICE_PORT) });
    world = await registerAlarmUnit(request, NAME);
    context = await browser.newContext({ serviceWorkers: 'allow', viewport: PHONE });
    await context.grantPermissions(['notifications'], { origin: baseURL! });
    await context.addInitScript({ content: fakePushManager(service.subscribe()) });
    page = await context.newPage();
    await signIn(page);
  });
  test.afterAll(async ({ request }) => {
    await context?.close();
    await service?.close();
    await world?.remove(request);
  });

  test('issue #27 subscribe: "Notify this browser" on the schedule asks for permission then, and lists this browser', async () => {
    await page.goto(`/devices/${world.userDeviceId}`);
    await page.getByRole('tab', { name: 'Change Settings' }).click();
    // Nothing is asked on page load: the permission is asked only on saving the choice.
    await page.getByRole('button', { name: 'Notify this browser' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add notification' });
    await expect(dialog.getByLabel('Browser', { exact: true })).toHaveValue('this');
    await expect(dialog.getByLabel('Name this browser')).toHaveValue('Chrome on Linux');
    await dialog.getByLabel('Name this browser').fill('Journey phone');
    await keepScreens(page, '50-push-notify-this-browser', { fullPage: false });
    await expectNoSeriousViolations(page, 'the notification dialog with Push');
    await dialog.getByRole('button', { name: 'Add notification' }).click();
    await expect(dialog).toBeHidden();
    const schedule = page.getByRole('region', { name: 'Notification schedule' });
    await expect(schedule.getByText('Journey phone', { exact: true })).toBeVisible();
    await expect(
      page.getByRole('region', { name: 'Your browsers for push notifications' }),
    ).toContainText('Journey phone (this browser)');
  });

  test('issue #27 alarm: the notification shows the unit, the reading against its range and the time, and Acknowledge marks the alarm acknowledged on the open dashboard', async ({
    request,
  }) => {
    const sw = await serviceWorker();
    await page.goto('/devices');
    await page.getByText('Dashboard', { exact: true }).click();
    const card = page.getByRole('article', { name: NAME });
    await expect(card).toBeVisible();

    await world.report(request, 95.5);
    await expect.poll(() => service.received.length, { timeout: 15_000 }).toBeGreaterThan(0);
    const message = service.received[0]!.payload as PushMessage;
    expect(message.title).toBe(
      `ALARM: Temperature out of range - ${NAME} (${world.unit.SerialNumber})`,
    );
    expect(message.url).toMatch(new RegExp(`/devices/${world.userDeviceId}$`));

    // Delivered to the service worker as Chrome's push client would.
    const cdp = await context.newCDPSession(page);
    const registration = new Promise<string>((resolve) => {
      cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
        const found = registrations.find((r) => !r.isDeleted);
        if (found) resolve(found.registrationId);
      });
    });
    await cdp.send('ServiceWorker.enable');
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: new URL(page.url()).origin,
      registrationId: await registration,
      data: JSON.stringify(message),
    });
    const shown = () => sw.evaluate<Shown[]>(SHOWN_NOTIFICATIONS);
    await expect.poll(shown).toHaveLength(1);
    const [notification] = await shown();
    expect(notification!.title).toBe(message.title);
    expect(notification!.body).toContain('Temperature 95.5°F (range 40°F to 80°F)');
    expect(notification!.body).toMatch(/at \d{1,2}:\d{2} [AP]M [A-Z]{3}/);
    expect(notification!.actions).toEqual(['Acknowledge', 'Snooze 1 h']);

    await sw.evaluate(TAP_ACKNOWLEDGE);
    await expect(
      card.getByText('Acknowledged by demo@example.com from a push notification'),
    ).toBeVisible({ timeout: 10_000 });
    await expect
      .poll(async () => (await shown()).map((n) => n.title))
      .toEqual(['Alarm acknowledged']);
    await keepScreens(page, '51-push-acknowledged-on-dashboard');
  });

  test('issue #27 offline: the dashboard and a device\'s page show the last readings received under an "Offline — last updated" banner, controls disabled', async () => {
    const card = page.getByRole('article', { name: NAME });
    await expect(card).toBeVisible();
    // What a person last saw is kept on the phone as it arrives.
    await expect
      .poll(() => page.evaluate<string>("localStorage.getItem('monitor.offline-readings') ?? ''"))
      .toContain(NAME);
    const reading = await card.getByText(/°F/).first().textContent();

    await context.setOffline(true);
    // Opened anew with no network, as the installed app is on a phone in a dead zone.
    const offline = await context.newPage();
    try {
      await offline.goto('/devices');
      const banner = offline.getByRole('status').filter({ hasText: 'Offline — last updated' });
      await expect(banner).toContainText(/Offline — last updated \d{1,2}:\d{2} [AP]M [A-Z]{2,5}/);
      const kept = offline.getByRole('article', { name: NAME });
      await expect(kept.getByText(reading!).first()).toBeVisible();
      await expect(offline.getByRole('main').getByRole('button').first()).toBeDisabled();
      await keepScreens(offline, '52-offline-dashboard', { fullPage: false });
      await expectNoSeriousViolations(offline, 'the dashboard offline');
      // The device's page, never opened on this phone: the record the list keeps, same banner.
      await kept.getByRole('link', { name: NAME, exact: true }).click();
      await expect(offline.getByRole('heading', { level: 1, name: NAME })).toBeVisible();
      await expect(offline.getByRole('main').getByText(reading!).first()).toBeVisible();
      await expect(banner).toBeVisible();
      await keepScreens(offline, '53-offline-device', { fullPage: false });
      await context.setOffline(false);
      await expect(banner).toBeHidden();
      await expect(offline.getByRole('main').getByRole('button').first()).toBeEnabled();
    } finally {
      await context.setOffline(false);
      await offline.close();
    }
  });
});
