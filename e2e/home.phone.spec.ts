import { expect, test } from '@playwright/test';
import { partCards } from './support/catalogue.ts';
import { expectNoSidewaysScroll } from './support/pages.ts';

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
