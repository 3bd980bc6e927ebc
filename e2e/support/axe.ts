import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** Every WCAG A and AA rule set axe knows (issue 30 #6): 2.0, 2.1 and 2.2. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

type Violation = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'][number];

/** A violation's nodes: the element's selector, the start of its HTML, and the first line of why. */
function describeNodes(violation: Violation, limit: number): string[] {
  const lines = violation.nodes.slice(0, limit).map((node) => {
    const why = node.failureSummary?.split('\n').slice(1, 2).join(' ').trim();
    const html = node.html.replace(/\s+/g, ' ').slice(0, 100);
    return `${node.target.join(' ')} ${html}${why ? ` — ${why}` : ''}`;
  });
  if (violation.nodes.length > limit) lines.push(`… and ${violation.nodes.length - limit} more`);
  return lines;
}

/**
 * Serious or critical axe violations (every WCAG A and AA tag) on the page as it is now, one line
 * each: "rule [impact]: element — why; element — why". A toast fades in and, after its time, out,
 * and axe would measure its contrast half-transparent: toasts are paused as when the window loses
 * focus (react-toastify's pauseOnFocusLoss), so none starts leaving during a slow scan, and the
 * scan waits until every toast shows as a reader sees it.
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  await page.evaluate(() => window.dispatchEvent(new Event('blur')));
  await page.waitForFunction(() =>
    [...document.querySelectorAll('.Toastify__toast')].every(
      (toast) => getComputedStyle(toast).opacity === '1',
    ),
  );
  // No colour still on its way from one theme to the other (a scan during the switch read dark
  // text on the light background): every CSS transition has ended.
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => !(animation instanceof CSSTransition)),
  );
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  await page.evaluate(() => window.dispatchEvent(new Event('focus')));
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} [${violation.impact}]: ${describeNodes(violation, 5).join('; ')}`,
    );
}
