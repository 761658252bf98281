import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { benchDevices, benchSession, BENCH_USER } from './web-fixtures';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
};

/** The built app as the API server serves it: files from dist, any other path gets index.html. */
export async function serveBuiltApp(distDir: string): Promise<{ url: string; server: Server }> {
  const server = createServer((request, response) => {
    const path = normalize(decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname));
    let file = join(distDir, path);
    if (!file.startsWith(distDir) || !existsSync(file) || statSync(file).isDirectory()) {
      file = join(distDir, 'index.html');
    }
    response.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
    createReadStream(file).pipe(response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    // As e2e/playwright.config.ts: the closed network refuses Chromium's background calls.
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

/** Answers the app's calls from fixtures; a call the fixtures do not know is named, once. */
async function answerApi(page: Page, deviceCount: number, unknown: Set<string>): Promise<void> {
  const devices = JSON.stringify(benchDevices(deviceCount));
  await page.route(/\/(api\/|[A-Za-z]+Gateway\.php)/, async (route) => {
    const { pathname } = new URL(route.request().url());
    if (pathname === `/api/users/${BENCH_USER.Id}/devices`) {
      return route.fulfill({ contentType: 'application/json', body: devices });
    }
    if (pathname === '/api/users/getDeviceCount') {
      return route.fulfill({ json: { DeviceCount: deviceCount } });
    }
    unknown.add(`${route.request().method()} ${pathname}`);
    return route.fulfill({
      status: 404,
      json: { error: { code: 'NOT_FOUND', message: 'Not in the bench fixtures.' } },
    });
  });
}

export type DeviceView = 'dashboard' | 'list';

/** Milliseconds from navigation start to what a person sees of the device list. */
export type DevicesPageTimes = {
  /** The first screen is drawn: every device, or devices down past the window's bottom edge. */
  firstScreen: number;
  /** Every device has its card or row (the rest are drawn a frame at a time after the first screen). */
  all: number;
};

/**
 * Times the device list (a card per device on the dashboard, a row per device in the list view)
 * in a fresh context: when its first screen is drawn, what the aim of issue #26 is about, and
 * when the last device is.
 */
export async function timeDevicesPage(
  browser: Browser,
  appUrl: string,
  { deviceCount, view, unknown }: { deviceCount: number; view: DeviceView; unknown: Set<string> },
): Promise<DevicesPageTimes> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    await context.addCookies([{ name: 'deviceView', value: view, url: appUrl }]);
    // Strings, not functions: they run in the page, and bench/ is typed for Node, not the DOM.
    await context.addInitScript({
      content: `localStorage.setItem('monitor.session', ${JSON.stringify(benchSession())});`,
    });
    const page = await context.newPage();
    await answerApi(page, deviceCount, unknown);
    await page.goto(`${appUrl}/devices`, { waitUntil: 'commit' });
    const items = `document.querySelectorAll(${JSON.stringify(
      `${view === 'dashboard' ? 'article' : 'li'}[aria-label^="Bench unit "]`,
    )})`;
    const waitUntil = (condition: string) =>
      page.waitForFunction(condition, undefined, { polling: 'raf', timeout: 60_000 });
    await waitUntil(
      `(() => { const drawn = ${items}; return drawn.length >= ${deviceCount} ||
        (drawn.length > 0 && drawn[drawn.length - 1].getBoundingClientRect().top >= innerHeight); })()`,
    );
    const firstScreen = await page.evaluate(() => performance.now());
    await waitUntil(`${items}.length >= ${deviceCount}`);
    const all = await page.evaluate(() => performance.now());
    return { firstScreen, all };
  } finally {
    await context.close();
  }
}
