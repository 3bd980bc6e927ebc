import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { publicPages } from './support/pages.ts';

type Violation = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'][number];

/** One readable paragraph per violation: rule, impact, help link and the offending elements. */
function describe(violations: Violation[]): string {
  return violations
    .map((violation) => {
      const nodes = violation.nodes
        .slice(0, 5)
        .map(
          (node) =>
            `    - ${node.target.join(' ')}\n      ${node.failureSummary?.replaceAll('\n', '\n      ')}`,
        )
        .join('\n');
      const more =
        violation.nodes.length > 5 ? `\n    … and ${violation.nodes.length - 5} more` : '';
      return `[${violation.impact}] ${violation.id}: ${violation.help}\n  ${violation.helpUrl}\n${nodes}${more}`;
    })
    .join('\n\n');
}

for (const theme of ['light', 'dark'] as const) {
  test.describe(`accessibility in the ${theme} theme`, () => {
    test.use({ colorScheme: theme, reducedMotion: 'reduce' });

    for (const target of publicPages) {
      test(`${target.name} (${target.path}) has no serious or critical violation`, async ({
        page,
      }) => {
        await page.goto(target.path);
        await target.ready(page);
        await expect(page.locator('html')).toHaveAttribute('data-theme', theme);

        const results = await new AxeBuilder({ page })
          .withTags(['wcag2a', 'wcag2aa', 'wcag21aa'])
          .analyze();
        const blocking = results.violations.filter(
          (violation) => violation.impact === 'serious' || violation.impact === 'critical',
        );
        expect(
          blocking,
          `axe violations on ${target.path} (${theme}):\n\n${describe(blocking)}\n`,
        ).toEqual([]);
      });
    }
  });
}
