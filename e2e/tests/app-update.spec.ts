import { readFile, writeFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { keepScreens } from '../support/screens';
import { signIn } from '../support/sign-in';

// Issue #27 (decision 084): a new build deployed while the installed app is in use. To a browser a
// deploy is a service worker script that differs by a byte; the journey makes one by adding a line
// to the built sw.js the server serves, and puts it back afterwards.
const SERVICE_WORKER = new URL('../../apps/web/dist/sw.js', import.meta.url);

test('issue #27 update: a build deployed while the app is open offers "A new version is ready — reload", and reload runs it', async ({
  browser,
}) => {
  const context = await browser.newContext({
    serviceWorkers: 'allow',
    viewport: { width: 390, height: 844 },
  });
  const page = await context.newPage();
  const deployed = await readFile(SERVICE_WORKER, 'utf8');
  try {
    await signIn(page);
    // The app registers its worker a few seconds after the page is drawn; it then runs the page.
    await expect
      .poll(() => page.evaluate('navigator.serviceWorker.controller?.state ?? null'), {
        timeout: 30_000,
      })
      .toBe('activated');

    await writeFile(SERVICE_WORKER, `${deployed}\n// the next build\n`);
    // Opening the app again is when the browser asks for a new worker; the old one still runs it.
    await page.reload();
    const prompt = page.getByRole('status').filter({ hasText: 'A new version is ready —' });
    await expect(prompt).toBeVisible({ timeout: 30_000 });
    await keepScreens(page, '54-new-version', { fullPage: false });

    // The page loads again, on the new build's worker, with nothing left waiting.
    const reloaded = page.waitForEvent('load');
    await prompt.getByRole('button', { name: 'reload' }).click();
    await reloaded;
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(prompt).toBeHidden();
    expect(
      await page.evaluate(
        'navigator.serviceWorker.getRegistration().then((r) => [r.active?.state, r.waiting, r.installing])',
      ),
    ).toEqual(['activated', null, null]);
  } finally {
    await writeFile(SERVICE_WORKER, deployed);
    await context.close();
  }
});
