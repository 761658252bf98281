import type { Page } from '@playwright/test';
import { expectNoSeriousViolations } from './accessibility';
import { keepScreens } from './screens';

/** Keeps the screen at desktop and phone width and checks it with axe. */
export async function look(page: Page, name: string, screen: string): Promise<void> {
  await keepScreens(page, name);
  await expectNoSeriousViolations(page, screen);
}
