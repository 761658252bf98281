import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * Runs axe-core on the page as it is now and lists each serious or critical violation with the
 * elements it found, so a failure says what to fix.
 */
export async function findSeriousViolations(page: Page): Promise<string[]> {
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
