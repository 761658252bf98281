import { mkdir } from 'node:fs/promises';
import {
  expect,
  test,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
} from '@playwright/test';
import { findSeriousViolations } from '../support/accessibility';
import { NOT_FOUND_PATH, readRoutePaths, readSignedInPaths } from '../support/route-table';

// axe-core on EVERY page of the web app's route table (issue #10), public ones included, at desktop
// and phone width, failing on any serious or critical violation. The paths are read from
// apps/web/src/app/routes.tsx, so a page added later is checked without being listed here. Each
// page is opened as a visitor, then as the demo customer, then as the demo staff member, until it
// stays on its own address (a login-required page sends a visitor away, a staff page a customer);
// a signed-in page (the route table's `memberPage`) is opened as the customer first.

const ARTIFACTS = new URL('../artifacts/every-page/', import.meta.url).pathname;
const WIDTHS = [
  ['desktop', { width: 1280, height: 800 }],
  ['phone', { width: 390, height: 844 }],
] as const;
const SIGN_INS = {
  customer: { username: 'demo@example.com', password: 'demo-password' },
  staff: { username: 'staff@example.com', password: 'staff-password' },
};
type Role = 'visitor' | keyof typeof SIGN_INS;
type DemoUnit = { Id: number; DeviceId: string; Name: string | null };

type StorageState = Exclude<BrowserContextOptions['storageState'], string | undefined>;

// Each page gets fresh contexts from these, so one page (such as /impersonate) cannot change
// the session the next one is opened with.
const storageStates = new Map<Role, StorageState>();
let units: DemoUnit[] = [];
let customerId = 0;

/** A stored session, as the web app keeps it after signing in. */
async function signedInState(baseURL: string, role: keyof typeof SIGN_INS): Promise<StorageState> {
  const answer = await fetch(`${baseURL}/LoginGateway.php`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(SIGN_INS[role]),
  });
  expect(answer.status, `sign-in as ${role}`).toBe(200);
  const { AccessToken, AccessTokenExpires, ...user } = (await answer.json()) as {
    AccessToken: string;
    AccessTokenExpires: string;
    Id: number;
  };
  if (role === 'customer') {
    customerId = user.Id;
    const devices = await fetch(`${baseURL}/api/users/${user.Id}/devices`, {
      headers: { Authorization: `Bearer ${AccessToken}` },
    });
    units = (await devices.json()) as DemoUnit[];
  }
  const session = {
    loggedIn: true,
    impersonating: false,
    apiToken: AccessToken,
    user,
    expiresAt: AccessTokenExpires,
    staffSession: null,
  };
  return {
    cookies: [],
    origins: [
      {
        origin: baseURL,
        localStorage: [{ name: 'monitor.session', value: JSON.stringify(session) }],
      },
    ],
  };
}

/** A route path with the demo fleet's ids: the NIST unit for its page, the PRO unit elsewhere. */
function withDemoIds(path: string): string {
  const byName = (name: string) => units.find((unit) => unit.Name === name) ?? units[0];
  const unit = byName(path.endsWith('/nistdevice') ? 'Pharmacy' : 'Server Room');
  if (!unit && path.includes(':')) throw new Error('the demo customer has no units');
  return path
    .replace(':userDeviceId', String(unit?.Id))
    .replace(':imei', unit?.DeviceId ?? '')
    .replace(/^\/impersonate$/, `/impersonate?userId=${customerId}`);
}

/**
 * Waits until the page has shown its heading (after any redirect) and shows no skeleton: what a
 * person waits for. Not for the network to go quiet: live pages poll, so it never would.
 */
async function settle(page: Page): Promise<void> {
  await page
    .locator('main h1, main h2')
    .first()
    .waitFor({ timeout: 15_000 })
    .catch(() => undefined);
  await expect(page.locator('.mantine-Skeleton-root'))
    .toHaveCount(0, { timeout: 10_000 })
    .catch(() => undefined);
}

test.beforeAll(async ({ baseURL }) => {
  storageStates.set('visitor', { cookies: [], origins: [] });
  storageStates.set('customer', await signedInState(baseURL!, 'customer'));
  storageStates.set('staff', await signedInState(baseURL!, 'staff'));
  await mkdir(ARTIFACTS, { recursive: true });
});

test('the route table is read whole', () => {
  const paths = readRoutePaths();
  // The home page, public, login-required and staff pages are all there.
  expect(paths).toEqual(
    expect.arrayContaining([
      '/',
      '/faqs',
      '/login',
      '/devices/:userDeviceId',
      '/devicelist',
      NOT_FOUND_PATH,
    ]),
  );
  expect(paths.length).toBeGreaterThan(40);
  // The signed-in pages are among them, and no public page is taken for one.
  const signedIn = [...readSignedInPaths()];
  expect(signedIn).toEqual(expect.arrayContaining(['/devices/:userDeviceId', '/devicelist']));
  expect(paths).toEqual(expect.arrayContaining(signedIn));
  expect(signedIn).not.toContain('/login');
  expect(signedIn).not.toContain('/');
});

const signedInPaths = readSignedInPaths();
const ROLES: readonly Role[] = ['visitor', 'customer', 'staff'];

for (const path of readRoutePaths()) {
  test(`${path} has no serious accessibility violation at 1280 and 390 px`, async ({ browser }) => {
    const address = withDemoIds(path);
    const wanted = new URL(address, 'http://x').pathname;
    let context: BrowserContext | undefined;
    let page: Page | undefined;
    let role: Role = 'visitor';
    for (role of signedInPaths.has(path) ? ROLES.slice(1) : ROLES) {
      await context?.close();
      context = await browser.newContext({ storageState: storageStates.get(role) });
      page = await context.newPage();
      await page.setViewportSize(WIDTHS[0][1]);
      await page.goto(address);
      await settle(page);
      if (new URL(page.url()).pathname === wanted) break;
    }
    const landed = new URL(page!.url()).pathname;
    if (landed !== wanted)
      test.info().annotations.push({ type: 'lands on', description: `${landed} as ${role}` });

    const slug = path.replace(/^\//, '').replace(/[/:]+/g, '-') || 'home';
    const found: string[] = [];
    for (const [label, size] of WIDTHS) {
      await page!.setViewportSize(size);
      await settle(page!);
      found.push(...(await findSeriousViolations(page!)).map((line) => `${label}: ${line}`));
      await page!.screenshot({ path: `${ARTIFACTS}${slug}-${label}.png`, fullPage: true });
    }
    await context!.close();
    expect(found, `serious accessibility violations on ${path} (as ${role})`).toEqual([]);
  });
}

// Pages in an error state, which opening a page never shows (issue #24).
test('the add-device wizard with a refused serial has one message and no serious accessibility violation at 1280 and 390 px', async ({
  browser,
}) => {
  const context = await browser.newContext({ storageState: storageStates.get('customer') });
  const page = await context.newPage();
  await page.goto('/devices/add');
  await page.getByLabel('Serial number part 1 of 2').click();
  // No unit has this serial: the server's 404 message (accounts-devices-billing §5).
  await page.keyboard.type('ZZZ999');
  await page.getByLabel('Device name').fill('Barn');
  await page.getByRole('button', { name: 'Next' }).click();
  const form = page.getByRole('form', { name: 'Device information' });
  await expect(form.getByRole('alert')).toHaveCount(1);
  await expect(page.getByLabel('Serial number part 1 of 2')).toHaveAttribute(
    'aria-invalid',
    'true',
  );
  const found: string[] = [];
  for (const [label, size] of WIDTHS) {
    await page.setViewportSize(size);
    found.push(...(await findSeriousViolations(page)).map((line) => `${label}: ${line}`));
    await page.screenshot({
      path: `${ARTIFACTS}devices-add-serial-refused-${label}.png`,
      fullPage: true,
    });
  }
  await context.close();
  expect(found, 'serious accessibility violations on the refused serial').toEqual([]);
});
