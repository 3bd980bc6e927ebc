import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** Every WCAG A and AA rule set axe has, 2.0 to 2.2 (issue 30 #6). */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * Serious or critical axe violations (WCAG 2.2 A and AA) on the page as it is now, one line each
 * (rule: elements). A toast fades in and, after its time, out, and axe would measure its contrast
 * half-transparent: toasts are paused as when the window loses focus (react-toastify's
 * pauseOnFocusLoss), so none starts leaving during a slow scan, and the scan waits until every
 * toast shows as a reader sees it.
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  await page.evaluate(() => window.dispatchEvent(new Event('blur')));
  await page.waitForFunction(() =>
    [...document.querySelectorAll('.Toastify__toast')].every(
      (toast) => getComputedStyle(toast).opacity === '1',
    ),
  );
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  await page.evaluate(() => window.dispatchEvent(new Event('focus')));
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
}
