// The home page's first screen (issue 30 #7), as the desktop and phone journeys check it: the search
// box and the vehicle picker in view without scrolling, and the first part card within 1.5 screens.
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { partCards } from './catalogue.ts';
import { publicPages } from './pages.ts';

/** Every WCAG A and AA rule set axe knows (issue 30 #6). */
export const WCAG_A_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

export const homeSearch = (page: Page) =>
  page.getByRole('combobox', { name: 'Search the catalogue' });
export const homePicker = (page: Page) => page.getByRole('form', { name: 'Choose your vehicle' });

/**
 * On / as it opens: the search box and the whole picker (its four choices and its button) lie in
 * the viewport, and the first card of 'All of our products' starts within 1.5 viewport heights.
 */
export async function expectFirstScreenLeadsToParts(page: Page): Promise<void> {
  const viewport = page.viewportSize();
  if (!viewport) throw new Error('the page has no viewport');
  const picker = homePicker(page);
  // The years are in: the picker has its final shape.
  await expect(picker.getByLabel('Year').locator('option')).not.toHaveCount(1);
  const card = partCards(page.getByRole('region', { name: 'All of our products' })).first();
  await expect(card).toBeVisible();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);

  await expect(homeSearch(page)).toBeInViewport({ ratio: 1 });
  await expect(page.getByRole('button', { name: 'Search', exact: true })).toBeInViewport({
    ratio: 1,
  });
  for (const choice of ['Year', 'Make', 'Model', 'Engine']) {
    await expect(picker.getByLabel(choice)).toBeInViewport({ ratio: 1 });
  }
  await expect(picker.getByRole('button', { name: 'Show parts' })).toBeInViewport({ ratio: 1 });

  const top = await card.evaluate((element) => element.getBoundingClientRect().top);
  expect(
    top / viewport.height,
    `first card at ${top} px of a ${viewport.height} px screen`,
  ).toBeLessThanOrEqual(1.5);
}

/** Serious or critical axe violations on the page as it is, under every WCAG A and AA rule. */
export async function seriousViolationsAllTags(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(WCAG_A_AA).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
}

/** Opens / and waits until all of it has loaded, the reviews too (as the axe sweep does). */
export async function openWholeHome(page: Page): Promise<void> {
  const home = publicPages.find((target) => target.path === '/');
  if (!home) throw new Error('the public pages list no home page');
  await page.goto('/');
  await home.ready(page);
}
