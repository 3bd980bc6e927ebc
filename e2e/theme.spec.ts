import { expect, type Page, test } from '@playwright/test';

const html = (page: Page) => page.locator('html');
const themeToggle = (page: Page) =>
  page
    .getByRole('button', { name: /^Switch to (dark|light) theme$/ })
    .filter({ visible: true })
    .first();

declare global {
  interface Window {
    /** data-theme on <html> when <body> was parsed and at DOMContentLoaded (see recordTheme). */
    themeSeen?: Record<string, string | null>;
  }
}

/** Records data-theme when the body is parsed (before the app's deferred bundle can run) and at DOMContentLoaded. */
async function recordTheme(page: Page) {
  await page.addInitScript(() => {
    window.themeSeen = {};
    const seen = window.themeSeen;
    const read = () => document.documentElement?.getAttribute('data-theme') ?? null;
    const observer = new MutationObserver(() => {
      if (document.body && !('body' in seen)) {
        seen.body = read();
        observer.disconnect();
      }
    });
    observer.observe(document, { childList: true, subtree: true });
    document.addEventListener('DOMContentLoaded', () => {
      seen.DOMContentLoaded = read();
    });
  });
}

test.describe('the theme follows the system preference on a first visit', () => {
  test.use({ colorScheme: 'dark' });

  test('dark system, nothing stored: dark before the app runs', async ({ page }) => {
    await recordTheme(page);
    await page.goto('/');
    const seen = await page.evaluate(() => window.themeSeen);
    expect(seen).toEqual({ body: 'dark', DOMContentLoaded: 'dark' });
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBeNull();
    await expect(html(page)).toHaveAttribute('data-theme', 'dark');
  });

  test('the theme is applied even when the app bundle never loads (no flash)', async ({ page }) => {
    await page.route('**/*', (route) => {
      const request = route.request();
      const isAppScript =
        request.resourceType() === 'script' && !request.url().endsWith('/theme-init.js');
      return isAppScript ? route.abort() : route.continue();
    });
    await page.goto('/parts');
    await expect(html(page)).toHaveAttribute('data-theme', 'dark');
  });

  test('a theme chosen before wins over the system preference', async ({ page }) => {
    await page.addInitScript(() => {
      if (!sessionStorage.getItem('seeded')) {
        localStorage.setItem('theme', 'light');
        sessionStorage.setItem('seeded', '1');
      }
    });
    await recordTheme(page);
    await page.goto('/');
    expect(await page.evaluate(() => window.themeSeen)).toEqual({
      body: 'light',
      DOMContentLoaded: 'light',
    });
  });
});

test.describe('the theme toggle', () => {
  test.use({ colorScheme: 'light' });

  test('switches light and dark, and the choice survives a reload', async ({ page }) => {
    await page.goto('/');
    await expect(html(page)).toHaveAttribute('data-theme', 'light');

    await themeToggle(page).click();
    await expect(html(page)).toHaveAttribute('data-theme', 'dark');
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');

    await recordTheme(page);
    await page.reload();
    expect(await page.evaluate(() => window.themeSeen?.body)).toBe('dark');
    await expect(html(page)).toHaveAttribute('data-theme', 'dark');

    await themeToggle(page).click();
    await expect(html(page)).toHaveAttribute('data-theme', 'light');
    await page.reload();
    await expect(html(page)).toHaveAttribute('data-theme', 'light');
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('light');
  });

  test('has an accessible name that says what it does', async ({ page }) => {
    await page.goto('/');
    await expect(themeToggle(page)).toBeVisible();
    await expect(themeToggle(page)).toHaveAccessibleName('Switch to dark theme');
    await themeToggle(page).click();
    await expect(themeToggle(page)).toHaveAccessibleName('Switch to light theme');
  });
});
