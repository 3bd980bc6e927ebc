// Issue 15, the admin's tools at size (PRODUCT §5): Manage All Orders and All User are searched,
// filtered, sorted and paged by the server, and the page's address keeps all of it (a reload, a
// shared link and Back show the same view); on a phone the same tools with cards. Pages are kept
// small with `?limit=` in the address, so a few rows make several pages. Each test works on rows of
// its own, found by a tag in the customers' names and e-mails.
import { randomUUID } from 'node:crypto';
import type { Order } from '@axle/contract';
import { expect, type Page } from '@playwright/test';
import {
  apiCustomer,
  apiOrder,
  apiPay,
  apiShip,
  apiSignIn,
  type Shop,
  signInAsAdmin,
  test,
} from './support/admin.ts';
import { seriousViolations } from './support/axe.ts';
import { apiParts } from './support/catalogue.ts';
import { expectNoSidewaysScroll } from './support/pages.ts';

const tag = () => `lst${randomUUID().slice(0, 6).replace(/\D/g, 'x')}`;
const pager = (page: Page) => page.getByRole('navigation', { name: 'Pages' });
const showing = (page: Page) => pager(page).getByRole('status');
const stateTab = (page: Page, state: RegExp) =>
  page.getByRole('group', { name: 'Order state' }).getByRole('button', { name: state });
const param = (page: Page, name: string) => new URL(page.url()).searchParams.get(name);
const orderRows = (page: Page) =>
  page.getByRole('table', { name: 'Every order, newest first' }).locator('tbody tr');
const orderCards = (page: Page) => page.getByRole('list', { name: 'Orders' }).getByRole('article');
const userRows = (page: Page) =>
  page.getByRole('table', { name: 'Every account of the shop' }).locator('tbody tr');
const userCards = (page: Page) => page.getByRole('list', { name: 'Users' }).getByRole('article');

/**
 * A customer with six live orders and one cancelled: o0 paid (Pending), o1 shipped, o2 cancelled,
 * o3–o6 unpaid. A customer holds at most five unpaid orders, so some are paid before the rest.
 */
async function customerWithOrders(request: Parameters<typeof apiCustomer>[0], shop: Shop) {
  const customer = await apiCustomer(request, tag(), shop);
  const parts = await apiParts(request);
  const part = (index: number) => {
    const chosen = parts[index % parts.length];
    if (!chosen) throw new Error('no parts');
    return chosen;
  };
  const orders: Order[] = [];
  for (let index = 0; index < 5; index += 1)
    orders.push(await apiOrder(request, customer.token, part(index)));
  const [o0, o1, o2] = orders as [Order, Order, Order];
  await apiPay(request, customer.token, o0._id);
  await apiPay(request, customer.token, o1._id);
  for (let index = 5; index < 7; index += 1)
    orders.push(await apiOrder(request, customer.token, part(index)));
  await apiShip(request, await apiSignIn(request, shop.admin), o1._id);
  const cancelled = await request.delete(`/api/order/${o2._id}`, {
    headers: { authorization: `Bearer ${customer.token}` },
  });
  expect(cancelled.status()).toBe(200);
  return { customer, orders };
}

test('an admin searches, filters by state and dates, and pages Manage All Orders; the address keeps the view', async ({
  page,
  request,
  shop,
}) => {
  test.slow();
  const { customer, orders } = await customerWithOrders(request, shop);
  await signInAsAdmin(page, shop.admin);
  await page.goto('/dashboard/manageallorders?limit=5');

  // The search runs on Enter (and after a pause in typing), and goes in the address.
  const search = page.getByRole('searchbox', { name: 'Search orders' });
  await search.fill(customer.email);
  await search.press('Enter');
  await expect.poll(() => param(page, 'q')).toBe(customer.email);
  await expect(showing(page)).toHaveText('Showing 1–5 of 6');
  await expect(orderRows(page)).toHaveCount(5);
  await expect(orderRows(page).filter({ hasNotText: customer.email })).toHaveCount(0);

  // The tabs count the search's orders in each state; cancelled ones only in their own tab.
  await expect(stateTab(page, /^All/)).toHaveText(/All\s*6/);
  await expect(stateTab(page, /^Unpaid/)).toHaveText(/Unpaid\s*4/);
  await expect(stateTab(page, /^Paid/)).toHaveText(/Paid\s*1/);
  await expect(stateTab(page, /^Shipped/)).toHaveText(/Shipped\s*1/);
  await expect(stateTab(page, /^Cancelled/)).toHaveText(/Cancelled\s*1/);
  await expect(stateTab(page, /^All/)).toHaveAttribute('aria-pressed', 'true');

  // Next page: the last order, newest first, so the first one placed.
  await pager(page).getByRole('button', { name: 'Next' }).click();
  await expect(showing(page)).toHaveText('Showing 6–6 of 6');
  await expect(orderRows(page)).toHaveCount(1);
  await expect(orderRows(page)).toContainText(`Order ${orders[0]?.number}`);
  await expect(pager(page).getByRole('button', { name: 'Next' })).toBeDisabled();
  expect(param(page, 'cursor')).toBeTruthy();

  // A reload shows the same page; Previous and Back move between the pages.
  await page.reload();
  await expect(showing(page)).toHaveText('Showing 6–6 of 6');
  await expect(search).toHaveValue(customer.email);
  await pager(page).getByRole('button', { name: 'Previous' }).click();
  await expect(showing(page)).toHaveText('Showing 1–5 of 6');
  await page.goBack();
  await expect(showing(page)).toHaveText('Showing 6–6 of 6');

  // A state tab starts again at its first page.
  await stateTab(page, /^Unpaid/).click();
  await expect(stateTab(page, /^Unpaid/)).toHaveAttribute('aria-pressed', 'true');
  expect(param(page, 'state')).toBe('unpaid');
  expect(param(page, 'cursor')).toBeNull();
  await expect(showing(page)).toHaveText('Showing 1–4 of 4');
  await expect(orderRows(page).getByRole('button', { name: /^Delete/ })).toHaveCount(4);
  await stateTab(page, /^Cancelled/).click();
  await expect(orderRows(page)).toHaveCount(1);
  await expect(orderRows(page)).toContainText('Cancelled');
  await expect(orderRows(page).getByRole('button')).toHaveCount(0);
  await stateTab(page, /^Paid/).click();
  await expect(orderRows(page)).toHaveCount(1);
  await expect(orderRows(page).getByRole('button', { name: /^Ship/ })).toBeVisible();

  // Back undoes the filters one at a time.
  await page.goBack();
  await expect(stateTab(page, /^Cancelled/)).toHaveAttribute('aria-pressed', 'true');

  // Sorted by total, highest first.
  await stateTab(page, /^All/).click();
  await page
    .getByRole('combobox', { name: 'Sort by' })
    .selectOption({ label: 'Total, highest first' });
  await expect.poll(() => param(page, 'sort')).toBe('total');
  await expect(showing(page)).toHaveText('Showing 1–5 of 6');
  const totals = (await orderRows(page).allTextContents()).map((text) => {
    const order = orders.find((entry) => text.includes(`Order ${entry.number}`));
    if (!order) throw new Error(`an order of someone else: ${text}`);
    return order.totalPrice;
  });
  expect(totals).toEqual([...totals].sort((a, b) => b - a));

  // An order found by the start of its id, and by its number as people write it.
  const target = orders[4] as Order;
  await search.fill(target._id.slice(0, 8));
  await search.press('Enter');
  await expect(orderRows(page)).toHaveCount(1);
  await expect(orderRows(page)).toContainText(`Order ${target.number}`);
  for (const written of [`#${target.number}`, `Order ${target.number}`]) {
    await search.fill(written);
    await search.press('Enter');
    await expect.poll(() => param(page, 'q')).toBe(written);
    await expect(orderRows(page)).toHaveCount(1);
    await expect(orderRows(page).getByRole('rowheader')).toContainText(`Order ${target.number}`);
  }

  // Dates: nothing was placed after today; clearing brings every order back.
  await search.fill(customer.email);
  await search.press('Enter');
  await expect(showing(page)).toHaveText('Showing 1–5 of 6');
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  const today = new Date().toISOString().slice(0, 10);
  await page.getByLabel('From', { exact: true }).fill(tomorrow);
  await expect.poll(() => param(page, 'from')).toBe(tomorrow);
  await expect(page.getByText('Nothing matches this search and these filters.')).toBeVisible();
  await expect(stateTab(page, /^All/)).toHaveText(/All\s*0/);
  await page.getByLabel('From', { exact: true }).fill(today);
  await page.getByLabel('To', { exact: true }).fill(today);
  await expect(showing(page)).toHaveText('Showing 1–5 of 6');

  // The whole view is in the address: another tab opening it sees the same.
  const shared = page.url();
  const other = await page.context().newPage();
  await other.goto(shared);
  await expect(showing(other)).toHaveText('Showing 1–5 of 6');
  await expect(other.getByRole('searchbox', { name: 'Search orders' })).toHaveValue(customer.email);
  await expect(other.getByLabel('From', { exact: true })).toHaveValue(today);
  await other.close();
});

test('an admin searches All User, filters by role and pages it', async ({
  page,
  request,
  shop,
}) => {
  test.slow();
  const label = tag();
  const customers = [];
  for (let index = 0; index < 3; index += 1)
    customers.push(await apiCustomer(request, `${label}${index}`, shop));
  await signInAsAdmin(page, shop.admin);
  await page.goto('/dashboard/alluser?limit=2');

  const search = page.getByRole('searchbox', { name: 'Search users' });
  await search.fill(label);
  // No Enter: the search runs after a pause in typing.
  await expect.poll(() => param(page, 'q')).toBe(label);
  await expect(showing(page)).toHaveText('Showing 1–2 of 3');
  await expect(userRows(page)).toHaveCount(2);
  // Oldest first: the first two made, numbered from 1.
  await expect(userRows(page).nth(0)).toContainText(customers[0]?.email ?? '');
  await expect(userRows(page).nth(1)).toContainText(customers[1]?.email ?? '');
  await expect(userRows(page).nth(1).getByRole('cell').first()).toHaveText('2');
  await pager(page).getByRole('button', { name: 'Next' }).click();
  await expect(showing(page)).toHaveText('Showing 3–3 of 3');
  await expect(userRows(page)).toHaveCount(1);
  await expect(userRows(page).getByRole('cell').first()).toHaveText('3');
  await expect(userRows(page)).toContainText(customers[2]?.email ?? '');

  // Make one an admin from its row, then filter by role: the list starts again at page 1.
  const promoted = customers[2];
  if (!promoted) throw new Error('no customer');
  await userRows(page)
    .getByRole('button', { name: `Make Admin ${promoted.email}` })
    .click();
  await page
    .getByRole('dialog', { name: `Make ${promoted.name} (${promoted.email}) an admin?` })
    .getByRole('button', { name: 'Make Admin' })
    .click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Successfully Made an Admin' }),
  ).toBeVisible();
  await page.getByRole('combobox', { name: 'Role' }).selectOption({ label: 'Admins' });
  await expect.poll(() => param(page, 'role')).toBe('admin');
  expect(param(page, 'cursor')).toBeNull();
  await expect(userRows(page)).toHaveCount(1);
  await expect(userRows(page)).toContainText(promoted.email);
  await page.getByRole('combobox', { name: 'Role' }).selectOption({ label: 'Customers' });
  await expect(showing(page)).toHaveText('Showing 1–2 of 2');

  // Sorted newest first: the last one made comes first.
  await page.getByRole('combobox', { name: 'Role' }).selectOption({ label: 'Every role' });
  await page.getByRole('combobox', { name: 'Sort by' }).selectOption({ label: 'Newest first' });
  await expect.poll(() => param(page, 'sort')).toBe('newest');
  await expect(userRows(page).nth(0)).toContainText(promoted.email);

  // A reload keeps it all.
  await page.reload();
  await expect(search).toHaveValue(label);
  await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveValue('newest');
  await expect(userRows(page).nth(0)).toContainText(promoted.email);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });

  test('the same tools with cards: orders searched, filtered and paged, users searched', async ({
    page,
    request,
    shop,
  }) => {
    test.slow();
    const { customer } = await customerWithOrders(request, shop);
    await signInAsAdmin(page, shop.admin);
    await page.goto('/dashboard/manageallorders?limit=5');
    await expect(page.getByRole('table')).toHaveCount(0);

    const search = page.getByRole('searchbox', { name: 'Search orders' });
    await search.fill(customer.email);
    await search.press('Enter');
    await expect(showing(page)).toHaveText('Showing 1–5 of 6');
    await expect(orderCards(page)).toHaveCount(5);
    await pager(page).getByRole('button', { name: 'Next' }).click();
    await expect(orderCards(page)).toHaveCount(1);
    await stateTab(page, /^Unpaid/).click();
    await expect(showing(page)).toHaveText('Showing 1–4 of 4');
    await expect(orderCards(page).getByRole('button', { name: /^Delete/ })).toHaveCount(4);
    await expectNoSidewaysScroll(page);
    expect(await seriousViolations(page), 'Manage All Orders on a phone').toEqual([]);

    await page.goto(`/dashboard/alluser?q=${encodeURIComponent(customer.email)}`);
    await expect(page.getByRole('table')).toHaveCount(0);
    await expect(userCards(page)).toHaveCount(1);
    const card = userCards(page).first();
    await expect(card).toContainText(customer.name);
    await expect(card.getByRole('button', { name: `Make Admin ${customer.email}` })).toBeVisible();
    await expect(card.getByRole('button', { name: `Remove User ${customer.email}` })).toBeVisible();
    expect(await seriousViolations(page), 'All User on a phone').toEqual([]);
  });
});
