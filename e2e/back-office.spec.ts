// Issue 33 #1 and #4, the admin's day at a glance: the sales overview with a paid order of the
// day in it, its chart switched to a table, on a desktop and a 360 px phone in both themes (axe
// clean, nothing scrolls sideways); the parts running low, with a reorder point changed through
// its dialog. Runs on the admins' shop (support/admin.ts).
import { expect, type Page } from '@playwright/test';
import {
  apiCustomer,
  apiOrder,
  apiPay,
  apiSignIn,
  bearer,
  signInAsAdmin,
  test,
} from './support/admin.ts';
import { seriousViolations } from './support/axe.ts';
import { apiParts } from './support/catalogue.ts';
import { expectNoSidewaysScroll, toast } from './support/pages.ts';

const THEMES = ['light', 'dark'] as const;

async function salesOverview(page: Page) {
  await page.goto('/dashboard/sales');
  await expect(page.getByRole('heading', { level: 2, name: 'Sales overview' })).toBeVisible();
  const revenue = page.getByRole('region', { name: 'Revenue per day', exact: true });
  // The chart, drawn by its own chunk, with its text alternative beside it.
  await expect(revenue.getByRole('application', { name: 'Revenue per day' })).toBeVisible();
  await expect(revenue.locator('figcaption')).toHaveText(/^Bar chart of the revenue per day from /);
  return revenue;
}

for (const theme of THEMES) {
  test.describe(`the back office in the ${theme} theme`, () => {
    test.use({ colorScheme: theme, reducedMotion: 'reduce' });

    test('the sales overview shows the day’s paid order, its chart as a table, on a desktop and a phone, axe clean', async ({
      page,
      request,
      shop,
    }) => {
      test.slow();
      const customer = await apiCustomer(request, `sales-${theme}`, shop);
      const [part] = await apiParts(request);
      if (!part) throw new Error('no parts');
      const order = await apiOrder(request, customer.token, part);
      await apiPay(request, customer.token, order._id);

      await signInAsAdmin(page, shop.admin);
      let revenue = await salesOverview(page);
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      const figures = page.getByRole('region', { name: 'The range at a glance' });
      await expect(figures).toContainText('Paid orders');
      await expect(figures).toContainText('Waiting to ship');
      // The customer is among those who bought the most.
      await expect(
        page.getByRole('table', { name: 'The customers who bought the most in the range' }),
      ).toContainText(customer.name);
      expect(await seriousViolations(page), 'the sales overview').toEqual([]);

      const toggle = revenue.getByRole('button', { name: 'Show as table' });
      await toggle.click();
      await expect(toggle).toHaveAttribute('aria-pressed', 'true');
      const table = revenue.getByRole('table', { name: 'Paid orders and revenue per day' });
      await expect(table.getByRole('row')).toHaveCount(31);
      expect(await seriousViolations(page), 'the sales overview as a table').toEqual([]);

      // By week, in the address.
      await page.getByRole('combobox', { name: 'Per' }).selectOption('Week');
      await expect(page).toHaveURL(/interval=week/);
      await expect(
        page.getByRole('region', { name: 'Revenue per week', exact: true }),
      ).toBeVisible();

      await page.setViewportSize({ width: 360, height: 740 });
      revenue = await salesOverview(page);
      await expectNoSidewaysScroll(page);
      expect(await seriousViolations(page), 'the sales overview on a phone').toEqual([]);
      await revenue.getByRole('button', { name: 'Show as table' }).click();
      await expectNoSidewaysScroll(page);
      await page.getByRole('button', { name: 'Open dashboard menu' }).click();
      await expect(
        page
          .getByRole('navigation', { name: 'Dashboard' })
          .getByRole('link', { name: 'Low stock' }),
      ).toBeVisible();
    });
  });
}

test('an admin sees a part running low and changes its reorder point', async ({
  page,
  request,
  shop,
}) => {
  const admin = await apiSignIn(request, shop.admin);
  const part = (await apiParts(request)).find(
    (entry) => entry.availableQuantity >= 2 * entry.minimumQuantity,
  );
  if (!part) throw new Error('no part in stock');
  // Its point above its stock: it is low.
  const raised = await request.put(`/api/admin/parts/${part._id}/reorder-point`, {
    headers: bearer(admin),
    data: { reorderPoint: part.availableQuantity + 50 },
  });
  expect(raised.status(), await raised.text()).toBe(200);

  await signInAsAdmin(page, shop.admin);
  await page.goto('/dashboard/low-stock');
  await expect(page.getByRole('heading', { level: 2, name: 'Low stock' })).toBeVisible();
  const row = page
    .getByRole('table', { name: 'Parts below their reorder point, the emptiest first' })
    .getByRole('row')
    .filter({ hasText: part.partNumber });
  await expect(row).toContainText((part.availableQuantity + 50).toLocaleString('en-US'));
  expect(await seriousViolations(page), 'Low stock').toEqual([]);

  await row
    .getByRole('button', { name: `Change reorder point of ${part.partNumber} ${part.name}` })
    .click();
  const dialog = page.getByRole('dialog', { name: `Reorder point of ${part.partNumber}` });
  const field = dialog.getByRole('textbox', { name: 'Reorder point' });
  await field.fill('-3');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('The reorder point is a whole number')).toBeVisible();
  expect(await seriousViolations(page), 'the reorder point dialog').toEqual([]);
  // Empty: back to twice its minimum order, below its stock: it is not low any more.
  await field.fill('');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Reorder point saved')).toBeVisible();
  await expect(row).toHaveCount(0);
});
