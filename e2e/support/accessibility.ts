import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * Runs axe-core on the page as it is now and lists each serious or critical violation with the
 * elements it found, so a failure says what to fix.
 */
export async function findSeriousViolations(page: Page): Promise<string[]> {
  await settleTransitions(page);
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help} — ${violation.nodes
          .map((node) => node.target.join(' '))
          .join(', ')}`,
    );
}

/** Fails on any serious or critical violation axe-core finds on the page as it is now. */
export async function expectNoSeriousViolations(page: Page, screen: string): Promise<void> {
  expect(await findSeriousViolations(page), `accessibility of ${screen}`).toEqual([]);
}

/**
 * Waits for every finite CSS animation and transition to end, then for every toast to be fully
 * opaque. A toast fading in is half transparent for a moment, and axe-core would judge its
 * contrast against the page behind it; before its transition starts there is nothing to wait
 * on, hence the opacity check. Endless animations (spinners) are left running.
 */
async function settleTransitions(page: Page): Promise<void> {
  // Strings, as the e2e project compiles without the DOM's types.
  await page.evaluate(`Promise.all(
    document
      .getAnimations()
      .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
      .map((animation) => animation.finished.catch(() => undefined)),
  )`);
  await page.waitForFunction(`[...document.querySelectorAll('.mantine-Notification-root')].every(
    (toast) => {
      for (let element = toast; element; element = element.parentElement) {
        if (getComputedStyle(element).opacity !== '1') return false;
      }
      return true;
    },
  )`);
}
