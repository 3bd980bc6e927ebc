import { expect, type Page } from '@playwright/test';

/** A public page (SPEC §6: what an anonymous visitor may see) and how to tell it has settled. */
export type PublicPage = { name: string; path: string; ready: (page: Page) => Promise<void> };

/** Nothing on the page is wider than the phone's screen (no sideways scrolling). */
export async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth, `page width on a ${clientWidth} px screen`).toBeLessThanOrEqual(clientWidth);
}

async function noSpinner(page: Page) {
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await expect(page.locator('.loading:visible')).toHaveCount(0);
}

export const publicPages: PublicPage[] = [
  {
    name: 'home',
    path: '/',
    ready: async (page) => {
      await expect(page.getByRole('link', { name: 'place order' })).toHaveCount(6);
      // The reviews load when their section comes near the viewport; until then it spins.
      await page.getByRole('heading', { name: 'What others Say' }).scrollIntoViewIfNeeded();
      await noSpinner(page);
    },
  },
  {
    name: 'parts',
    path: '/parts',
    ready: async (page) => {
      await expect(page.getByRole('link', { name: 'place order' }).first()).toBeVisible();
      await noSpinner(page);
    },
  },
  {
    name: 'part',
    path: '/parts/P%2083%20140',
    ready: async (page) => {
      await expect(page.getByRole('heading', { name: 'Fits these vehicles' })).toBeVisible();
      await noSpinner(page);
    },
  },
  {
    name: 'category',
    path: '/categories/brakes',
    ready: async (page) => {
      await expect(page.getByRole('heading', { level: 1, name: 'Brakes' })).toBeVisible();
      await expect(page.getByRole('link', { name: 'place order' }).first()).toBeVisible();
      await noSpinner(page);
    },
  },
  {
    name: 'brand',
    path: '/brands/Bosch',
    ready: async (page) => {
      await expect(page.getByRole('link', { name: 'place order' }).first()).toBeVisible();
      await noSpinner(page);
    },
  },
  {
    name: 'blogs',
    path: '/Blogs',
    ready: async (page) => {
      await expect(page.getByRole('article')).toHaveCount(5);
    },
  },
  {
    name: 'portfolio',
    path: '/myportfolio',
    ready: async (page) => {
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    },
  },
  {
    name: 'login',
    path: '/login',
    ready: async (page) => {
      await expect(page.getByText('Sign Into Your Account')).toBeVisible();
    },
  },
  {
    name: 'register',
    path: '/register',
    ready: async (page) => {
      await expect(page.getByRole('button', { name: 'Register', exact: true })).toBeVisible();
    },
  },
  {
    name: 'not found',
    path: '/no-such-page',
    ready: async (page) => {
      await expect(page.getByRole('link', { name: 'Back to home' })).toBeVisible();
    },
  },
];

/** A toast that says `text` (they are alerts). */
export const toast = (page: Page, text: string | RegExp) =>
  page.getByRole('alert').filter({ hasText: text });

/** The rows of the table named `table`. */
export const rowsOf = (page: Page, table: string) =>
  page.getByRole('table', { name: table }).getByRole('row');
