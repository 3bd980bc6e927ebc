import { expect, test } from '@playwright/test';

test.describe('deep links', () => {
  test('/parts?page=2 loads straight from the address bar and after a reload', async ({ page }) => {
    const response = await page.goto('/parts?page=2');
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: 'All parts' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'place order' }).first()).toBeVisible();
    await page.reload();
    await expect(page).toHaveURL(/\/parts\?page=2$/);
    await expect(page.getByRole('heading', { level: 1, name: 'All parts' })).toBeVisible();
  });

  test('/Blogs loads straight from the address bar and after a reload', async ({ page }) => {
    const response = await page.goto('/Blogs');
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('article')).toHaveCount(5);
    await page.reload();
    await expect(page.getByRole('article')).toHaveCount(5);
  });

  for (const [path, heading] of [
    ['/myportfolio', /./],
    ['/login', 'Sign Into Your Account'],
    ['/register', /./],
  ] as const) {
    test(`${path} is served by the app`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole('heading', { name: heading }).first()).toBeVisible();
    });
  }
});

test('an unknown path shows the full-screen 404 image with a way back home', async ({ page }) => {
  await page.goto('/no/such/page');
  const image = page.getByRole('img', { name: /404|not found/i });
  await expect(image).toBeVisible();
  const box = await image.boundingBox();
  const viewport = page.viewportSize();
  expect(box && viewport).toBeTruthy();
  if (box && viewport) {
    // Full screen: the image covers (nearly) the whole width and most of the height.
    expect(box.width).toBeGreaterThanOrEqual(viewport.width * 0.9);
    expect(box.height).toBeGreaterThanOrEqual(viewport.height * 0.6);
  }
  await page.getByRole('link', { name: 'Back to home' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'All of our products' })).toBeVisible();
});

test.describe('a visitor who is not signed in', () => {
  for (const path of [
    '/dashboard',
    '/dashboard/myorder2',
    '/dashboard/alluser',
    '/purchase/00000000-0000-4000-8000-000000000001',
    '/payment/00000000-0000-4000-8000-000000000001',
  ]) {
    test(`is sent from ${path} to /login`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL(/\/login$/);
      await expect(page.getByText('Sign Into Your Account')).toBeVisible();
    });
  }

  test("is sent from a card's 'place order' link to /login", async ({ page }) => {
    await page.goto('/');
    await page.getByRole('link', { name: 'place order' }).first().click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText('Sign Into Your Account')).toBeVisible();
  });
});

test.describe('moving between pages', () => {
  test('a page whose code cannot be loaded says so in the layout, and other pages still open', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'All of our products' })).toBeVisible();
    // The Blogs page's code does not arrive (a release replaced it, or the connection dropped).
    await page.route(/\/assets\/BlogsPage-[\w-]+\.js$/, (route) => route.abort());
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Blogs' }).click();
    await expect(page.getByRole('heading', { name: 'Something went wrong' })).toBeVisible();
    await expect(
      page.getByText(
        'A part of the shop could not be loaded, perhaps because it was just updated.',
      ),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Reload page' })).toBeVisible();
    // The navbar stays, and the next page opens as usual.
    await nav.getByRole('link', { name: 'Parts' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'All parts' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Something went wrong' })).toHaveCount(0);
  });

  test('a new page starts at the top, and Back returns to where the last one was left', async ({
    page,
  }) => {
    await page.goto('/');
    const promo = page.getByRole('link', { name: 'Discover Now' });
    await promo.scrollIntoViewIfNeeded();
    const left = await page.evaluate(() => window.scrollY);
    expect(left).toBeGreaterThan(300);
    await promo.click();
    await expect(page.getByRole('heading', { level: 1, name: 'All parts' })).toBeVisible();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await page.goBack();
    await expect(page).toHaveURL(/\/$/);
    await expect
      .poll(async () => Math.abs((await page.evaluate(() => window.scrollY)) - left))
      .toBeLessThanOrEqual(2);
  });
});

test.describe("a form's rules, loaded after its page (ADR 008)", () => {
  const rulesChunks = /\/assets\/(form-rules|zod)-[\w-]+\.js$/;

  test('the page shows without them, and a Login pressed before they arrive is checked once they do', async ({
    page,
  }) => {
    let release = () => {};
    const arrived = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(rulesChunks, async (route) => {
      await arrived;
      await route.continue();
    });
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Sign Into Your Account' })).toBeVisible();
    await page.getByLabel('Email', { exact: true }).fill('ada@example');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page.getByText('Invalid Email', { exact: true })).toHaveCount(0);
    release();
    await expect(page.getByText('Invalid Email', { exact: true })).toBeVisible();
    await expect(page.getByLabel('Email', { exact: true })).toBeFocused();
    await page.getByLabel('Email', { exact: true }).fill('ada@example.com');
    await expect(page.getByText('Invalid Email', { exact: true })).toHaveCount(0);
  });

  test('rules that cannot be loaded are reported in the layout, with Reload', async ({ page }) => {
    await page.route(rulesChunks, (route) => route.abort());
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Sign Into Your Account' })).toBeVisible();
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Something went wrong' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Reload page' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  });
});
