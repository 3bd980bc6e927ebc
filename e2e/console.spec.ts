import { expect, test } from '@playwright/test';
import { publicPages } from './support/pages.ts';

for (const target of publicPages) {
  test(`${target.name} (${target.path}) loads without console errors`, async ({ page }) => {
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') {
        const where = message.location().url;
        problems.push(`console.${message.type()}: ${message.text()}${where ? ` (${where})` : ''}`);
      }
    });
    page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
    page.on('requestfailed', (request) =>
      problems.push(`request failed: ${request.url()} ${request.failure()?.errorText ?? ''}`),
    );
    page.on('response', (response) => {
      if (response.status() >= 400) problems.push(`HTTP ${response.status()}: ${response.url()}`);
    });

    await page.goto(target.path);
    await target.ready(page);
    // Scroll to the end so lazy parts (images, the reviews carousel) load too.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.waitForLoadState('networkidle');
    expect(problems, problems.join('\n')).toEqual([]);
  });
}
