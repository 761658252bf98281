import { mkdir } from 'node:fs/promises';
import type { Page } from '@playwright/test';

/** e2e/artifacts, or E2E_SCREENS_DIR to keep a run's screens apart from others'. */
const ARTIFACTS = process.env.E2E_SCREENS_DIR
  ? `${process.env.E2E_SCREENS_DIR.replace(/\/$/, '')}/`
  : new URL('../artifacts/', import.meta.url).pathname;

/** Keeps a screenshot of the current screen at desktop and phone width, as the issue asks. */
export async function keepScreens(page: Page, name: string): Promise<void> {
  await mkdir(ARTIFACTS, { recursive: true });
  const original = page.viewportSize();
  for (const [label, size] of [
    ['desktop', { width: 1280, height: 800 }],
    ['phone', { width: 390, height: 844 }],
  ] as const) {
    await page.setViewportSize(size);
    await page.screenshot({ path: `${ARTIFACTS}${name}-${label}.png`, fullPage: true });
  }
  if (original) await page.setViewportSize(original);
}

/** Fails when the page scrolls sideways at phone width (390 px): something there does not wrap. */
export async function expectNoSidewaysScrollOnPhone(page: Page): Promise<void> {
  const original = page.viewportSize();
  await page.setViewportSize({ width: 390, height: 844 });
  const widths = await page.evaluate<{ scroll: number; client: number }>(
    '({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth })',
  );
  if (original) await page.setViewportSize(original);
  if (widths.scroll > widths.client) {
    throw new Error(`the page is ${widths.scroll} px wide at 390 px`);
  }
}
