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
