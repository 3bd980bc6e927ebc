import { expect, test } from '@playwright/test';
import { partCards } from './support/catalogue.ts';
import {
  expectFirstScreenLeadsToParts,
  homeSearch,
  openWholeHome,
  seriousViolationsAllTags,
} from './support/home.ts';
import { expectNoSidewaysScroll } from './support/pages.ts';

// The phones the first screen is measured on (issue 30 #7), and the suite's own (375 × 740).
for (const viewport of [
  { width: 360, height: 740 },
  { width: 390, height: 844 },
]) {
  test.describe(`on a ${viewport.width} × ${viewport.height} phone`, () => {
    test.use({ viewport });

    test('the first screen holds the search box and the vehicle picker, and the first part card comes within 1.5 screens', async ({
      page,
    }) => {
      await page.goto('/');
      await expectFirstScreenLeadsToParts(page);
      await expectNoSidewaysScroll(page);
    });
  });
}

test('a VIN typed in the home search on a phone opens the parts that fit its vehicle', async ({
  page,
}) => {
  // The shop's first VIN unpacks the decoder's database (75 MB).
  test.slow();
  await page.goto('/');
  await homeSearch(page).fill('2T1BURHE9FC123456');
  await page.getByRole('button', { name: 'Search', exact: true }).tap();
  await expect(
    page.getByText('Showing parts that fit your 2015 Toyota Corolla 1.8L 4-cyl 2ZR-FE'),
  ).toBeVisible({ timeout: 60_000 });
  await expect(page).toHaveURL(/\/parts$/);
});

for (const theme of ['light', 'dark'] as const) {
  test.describe(`the home page in the ${theme} theme`, () => {
    test.use({ colorScheme: theme, reducedMotion: 'reduce' });
    test('axe finds no serious or critical fault under every WCAG A and AA rule', async ({
      page,
    }) => {
      await openWholeHome(page);
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      expect(await seriousViolationsAllTags(page)).toEqual([]);
    });
  });
}

test('the home page renders on a phone, one card per row', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('region', { name: 'Featured parts' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Next slide' })).toBeVisible();
  const cards = partCards(page);
  await expect(cards).toHaveCount(6);
  const [first, second] = [await cards.nth(0).boundingBox(), await cards.nth(1).boundingBox()];
  expect(first && second && second.y >= first.y + first.height).toBe(true);
  expect(first?.width).toBeLessThanOrEqual(375);
  await expectNoSidewaysScroll(page);
});

for (const path of ['/parts', '/Blogs', '/myportfolio', '/login', '/register', '/no-such-page']) {
  test(`${path} fits the width of a phone`, async ({ page }) => {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    await expectNoSidewaysScroll(page);
  });
}

test('the menu button opens the navigation menu on a phone', async ({ page }) => {
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: 'Main' });
  const visibleLinks = nav.getByRole('listitem').getByRole('link').filter({ visible: true });
  await expect(visibleLinks).toHaveCount(0);

  const menuButton = nav.getByRole('button', { name: 'Open menu' });
  await expect(menuButton).toBeVisible();
  await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
  await menuButton.click();
  await expect(nav.getByRole('button', { name: 'Close menu' })).toHaveAttribute(
    'aria-expanded',
    'true',
  );
  await expect(visibleLinks).toHaveText(['Home', 'Parts', 'Blogs', 'My Portfolio']);
  await expect(nav.getByRole('link', { name: 'Login', exact: true })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Register', exact: true })).toBeVisible();

  await visibleLinks.filter({ hasText: 'Blogs' }).click();
  await expect(page).toHaveURL(/\/Blogs$/);
  await expect(visibleLinks).toHaveCount(0);
  await expect(page.getByRole('article')).toHaveCount(5);
});
