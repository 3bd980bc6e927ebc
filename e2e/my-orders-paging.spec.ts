// Issue 15: My Orders is paged, newest first (PRODUCT §5), with the pager every list has; `?limit=`
// in the address keeps the pages small so that three orders make two pages.
import type { Order } from '@axle/contract';
import { expect, test } from '@playwright/test';
import { newCustomer, register } from './support/accounts.ts';
import { apiOrder } from './support/admin.ts';
import { apiParts } from './support/catalogue.ts';
import { orderCard } from './support/orders.ts';

test('My Orders shows a page at a time, newest first, with Previous and Next', async ({ page }) => {
  await register(page, newCustomer('paged'));
  const token = await page.evaluate(() => localStorage.getItem('access-token'));
  if (!token) throw new Error('not signed in');
  const parts = await apiParts(page.request);
  const orders: Order[] = [];
  for (const part of parts.slice(0, 3)) orders.push(await apiOrder(page.request, token, part));
  const [first, second, third] = orders as [Order, Order, Order];

  await page.goto('/dashboard/myorder2?limit=2');
  const list = page.getByRole('list', { name: 'Your orders' });
  const pager = page.getByRole('navigation', { name: 'Pages' });
  await expect(pager.getByRole('status')).toHaveText('Showing 1–2 of 3');
  await expect(list.getByRole('article')).toHaveCount(2);
  await expect(list.getByRole('article').nth(0)).toContainText(third._id);
  await expect(list.getByRole('article').nth(1)).toContainText(second._id);
  await expect(pager.getByRole('button', { name: 'Previous' })).toBeDisabled();

  await pager.getByRole('button', { name: 'Next' }).click();
  await expect(pager.getByRole('status')).toHaveText('Showing 3–3 of 3');
  await expect(list.getByRole('article')).toHaveCount(1);
  await expect(orderCard(page, first._id)).toBeVisible();
  await expect(pager.getByRole('button', { name: 'Next' })).toBeDisabled();

  // The page is in the address: a reload stays on it; Previous goes back to the newest.
  await page.reload();
  await expect(orderCard(page, first._id)).toBeVisible();
  await pager.getByRole('button', { name: 'Previous' }).click();
  await expect(pager.getByRole('status')).toHaveText('Showing 1–2 of 3');
  await expect(orderCard(page, third._id)).toBeVisible();
});
