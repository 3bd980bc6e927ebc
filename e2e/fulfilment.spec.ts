// Issue 33 #2, the warehouse's day in Manage All Orders: the admin ticks three paid orders, prints
// their picking list, ships them at once with a tracking number for one, and each customer is
// mailed once; an order's packing slip is a PDF without prices. axe on the shipping bar and the
// dialog; on a phone the same ticks are on the cards. Runs on the admins' shop (support/admin.ts).
import { readFile } from 'node:fs/promises';
import type { Order } from '@axle/contract';
import { expect, type Page } from '@playwright/test';
import {
  apiCustomer,
  apiOrder,
  apiPay,
  countRequests,
  signInAsAdmin,
  test,
} from './support/admin.ts';
import { seriousViolations } from './support/axe.ts';
import { apiParts } from './support/catalogue.ts';
import { waitForMail } from './support/outbox.ts';
import { rowsOf, toast } from './support/pages.ts';

const bar = (page: Page) => page.getByRole('region', { name: 'Shipping' });

/** Saves what the page downloads and answers the file's name and first bytes. */
async function downloaded(page: Page, click: () => Promise<void>) {
  const download = page.waitForEvent('download');
  await click();
  const file = await download;
  return {
    name: file.suggestedFilename(),
    head: (await readFile(await file.path())).subarray(0, 5).toString(),
  };
}

test('an admin selects three paid orders, prints their picking list and ships them at once; each customer is mailed once', async ({
  page,
  request,
  shop,
}) => {
  test.slow();
  const alice = await apiCustomer(request, 'bulk-a', shop);
  const bob = await apiCustomer(request, 'bulk-b', shop);
  const parts = await apiParts(request);
  const paid: Order[] = [];
  for (const [who, index] of [
    [alice, 1],
    [alice, 2],
    [bob, 3],
  ] as const) {
    const part = parts[index];
    if (!part) throw new Error('not enough parts');
    const order = await apiOrder(request, who.token, part);
    await apiPay(request, who.token, order._id);
    paid.push(order);
  }
  const [a1, a2, b1] = paid as [Order, Order, Order];

  await signInAsAdmin(page, shop.admin);
  // The two customers' orders only: their names share the word 'bulk'.
  await page.goto('/dashboard/manageallorders?q=bulk&limit=50');
  const rows = rowsOf(page, 'Every order, newest first');
  await expect(rows.filter({ hasText: alice.email })).toHaveCount(2);
  await expect(bar(page).getByText('No order selected')).toBeVisible();
  for (const [order, who] of [
    [a1, alice],
    [a2, alice],
    [b1, bob],
  ] as const)
    await page
      .getByRole('checkbox', { name: `Select order ${order.number} of ${who.email}` })
      .check();
  await expect(bar(page).getByText('3 orders selected')).toBeVisible();
  expect(await seriousViolations(page), 'Manage All Orders with three ticked').toEqual([]);

  const picking = await downloaded(page, () =>
    bar(page).getByRole('button', { name: 'Picking list of the selection' }).click(),
  );
  expect(picking).toEqual({
    name: expect.stringMatching(/^picking-list-\d{4}-\d{2}-\d{2}\.pdf$/),
    head: '%PDF-',
  });

  const shipments = countRequests(page, 'POST', /^\/api\/admin\/orders\/ship$/);
  await bar(page).getByRole('button', { name: 'Ship 3 orders…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Ship 3 orders?' });
  await dialog
    .getByRole('textbox', { name: `Tracking number of order ${b1.number} (optional)` })
    .fill('JD 0042');
  expect(await seriousViolations(page), 'the ship-many dialog').toEqual([]);
  await dialog.getByRole('button', { name: 'Ship them' }).dblclick();
  await expect(toast(page, '3 orders shipped.')).toBeVisible();
  expect(shipments()).toBe(1);
  await expect(bar(page).getByText('No order selected')).toBeVisible();
  for (const order of paid)
    await expect(rows.filter({ hasText: `Order ${order.number}` })).toContainText(
      order._id === b1._id ? 'Shipped — tracking JD 0042' : 'Shipped',
    );
  await expect(page.getByRole('checkbox', { name: /^Select order/ })).toHaveCount(0);

  // One mail for Alice's two orders.
  const [first, second] = [a1.number, a2.number].sort((x, y) => x - y);
  await waitForMail(alice.email, {
    subject: new RegExp(`^Your orders ${first}, ${second} have shipped$`),
    dataDir: shop.dataDir,
  });

  // A packing slip, without prices.
  const slip = await downloaded(page, () =>
    rows
      .filter({ hasText: `Order ${b1.number}` })
      .getByRole('button', { name: `Packing slip order ${b1.number} of ${bob.email}` })
      .click(),
  );
  expect(slip).toEqual({ name: `packing-slip-order-${b1.number}.pdf`, head: '%PDF-' });
});
