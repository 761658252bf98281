import { mkdir } from 'node:fs/promises';
import { expect, type Page } from '@playwright/test';

/** e2e/artifacts, or E2E_SCREENS_DIR to keep a run's screens apart from others'. */
const ARTIFACTS = process.env.E2E_SCREENS_DIR
  ? `${process.env.E2E_SCREENS_DIR.replace(/\/$/, '')}/`
  : new URL('../artifacts/', import.meta.url).pathname;

/**
 * Keeps a screenshot of the current screen at desktop and phone width, as the issue asks; the
 * whole page, or what is on screen (`fullPage: false`: a dialog, which stays put as a page scrolls).
 */
export async function keepScreens(
  page: Page,
  name: string,
  { fullPage = true }: { fullPage?: boolean } = {},
): Promise<void> {
  await mkdir(ARTIFACTS, { recursive: true });
  const original = page.viewportSize();
  for (const [label, size] of [
    ['desktop', { width: 1280, height: 800 }],
    ['phone', { width: 390, height: 844 }],
  ] as const) {
    await page.setViewportSize(size);
    await page.screenshot({ path: `${ARTIFACTS}${name}-${label}.png`, fullPage });
  }
  if (original) await page.setViewportSize(original);
}

/**
 * Fails when the page scrolls sideways at phone width (390 px): something there does not wrap.
 * The page lays itself out again after the resize (the header follows a media query, whose change
 * comes at the browser's next frame), so the width is awaited as a person looks at the page once
 * it has settled; one that never fits fails with its width.
 */
export async function expectNoSidewaysScrollOnPhone(page: Page): Promise<void> {
  const original = page.viewportSize();
  await page.setViewportSize({ width: 390, height: 844 });
  try {
    await expect
      .poll(
        () =>
          page.evaluate<number>(
            'document.documentElement.scrollWidth - document.documentElement.clientWidth',
          ),
        { message: 'px the page is wider than a 390 px screen' },
      )
      .toBeLessThanOrEqual(0);
  } finally {
    if (original) await page.setViewportSize(original);
  }
}
