// Issue 5, the admin's side of the dashboard: All User (make admin, remove user), Manage All Orders
// (ship a paid order, delete an unpaid one), the audit log of those actions, the admin menu in the
// phone drawer, and axe in both themes. Issue 30: what cannot be undone asks first, naming the
// person or the order, with the safe choice focused; nothing is offered on the admin's own row;
// orders show their number, the day placed and their state in words; a double click does one
// thing. These run on a shop of their own with a CLI-made admin (support/admin.ts); every test
// makes its own customers and orders.
import type { Company } from '@axle/contract';
import { expect, type Locator, type Page } from '@playwright/test';
import { newCustomer, register } from './support/accounts.ts';
import {
  affordablePart,
  allowOnAccount,
  apiCustomer,
  apiOrder,
  apiOrderById,
  apiPay,
  apiShip,
  apiSignIn,
  auditRow,
  bearer,
  checkoutOnAccount,
  companyOwner,
  countRequests,
  dashboardMenu,
  escapeRegExp,
  expectNoScrollingBox,
  signInAsAdmin,
  test,
} from './support/admin.ts';
import { seriousViolations } from './support/axe.ts';
import { apiParts } from './support/catalogue.ts';
import { cards, orderCard, payWithCard, placeOrder, progressStep } from './support/orders.ts';
import { expectNoSidewaysScroll, rowsOf, toast } from './support/pages.ts';

const userRow = (page: Page, email: string) =>
  rowsOf(page, 'Every account of the shop').filter({ hasText: email });
const orderRow = (page: Page, email: string) =>
  rowsOf(page, 'Every order, newest first').filter({ hasText: email });
/** An exact, visible text such as a badge ('Admin', 'Paid', 'Pending', 'Shipped'). */
const badge = (scope: Locator, text: string) => scope.getByText(text, { exact: true });

async function openFromMenu(page: Page, entry: string) {
  await dashboardMenu(page).getByRole('link', { name: entry }).click();
  await expect(page.getByRole('heading', { level: 2, name: entry })).toBeVisible();
}

async function availableOf(page: Page, partId: string): Promise<number> {
  const part = (await apiParts(page.request)).find((entry) => entry._id === partId);
  if (!part) throw new Error(`no part ${partId}`);
  return part.availableQuantity;
}

test('an admin makes a customer an admin after a dialog naming them: Cancel changes nothing, a double click promotes once', async ({
  page,
  request,
  shop,
}) => {
  const customer = await apiCustomer(request, 'promoted', shop);
  await signInAsAdmin(page, shop.admin);
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Dashboard' })
    .click();
  await expect(dashboardMenu(page).getByRole('link')).toHaveText([
    'My Profile',
    'Sales overview',
    'All User',
    'Manage All Orders',
    'Companies',
    'Overdue invoices',
    'Add a Product',
    'Catalogue import and export',
    'Warehouses',
    'Low stock',
    'Audit Log',
    'Mail and jobs',
  ]);
  await openFromMenu(page, 'All User');
  await expect(page).toHaveURL('/dashboard/alluser');

  const table = page.getByRole('table', { name: 'Every account of the shop' });
  await expect(table.getByRole('columnheader')).toHaveText(['#', 'Name', 'Email', 'Modify']);
  // The admin's own row: an Admin badge, a You badge and nothing to press.
  const own = userRow(page, shop.admin.email);
  await expect(badge(own, 'Admin')).toBeVisible();
  await expect(badge(own, 'You')).toBeVisible();
  await expect(own.getByRole('button')).toHaveCount(0);

  const row = userRow(page, customer.email);
  await expect(row.getByRole('rowheader')).toHaveText(customer.name);
  await expect(row.getByRole('cell').first()).toHaveText(/^\d+$/);
  await expect(badge(row, 'Admin')).toHaveCount(0);

  // Asked first, naming the person; Cancel has the focus and changes nothing.
  const makeAdmin = row.getByRole('button', { name: `Make Admin ${customer.email}` });
  await makeAdmin.click();
  const dialog = page.getByRole('dialog', {
    name: `Make ${customer.name} (${customer.email}) an admin?`,
  });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(makeAdmin).toBeFocused();
  const customerToken = await apiSignIn(request, customer);
  const isAdmin = async () =>
    (
      await request.get(`/api/admin/${encodeURIComponent(customer.email)}`, {
        headers: { authorization: `Bearer ${customerToken}` },
      })
    ).json();
  expect(await isAdmin()).toEqual({ admin: false });
  await expect(badge(row, 'Admin')).toHaveCount(0);

  // Confirmed with a double click: one promotion, one toast.
  const promotions = countRequests(page, 'PUT', /^\/api\/user\/admin\//);
  await makeAdmin.click();
  await dialog.getByRole('button', { name: 'Make Admin' }).dblclick();
  await expect(toast(page, 'Successfully Made an Admin')).toBeVisible();
  await expect(dialog).toBeHidden();
  expect(promotions()).toBe(1);
  await expect(badge(row, 'Admin')).toBeVisible();
  await expect(row.getByRole('button', { name: /^Make Admin/ })).toHaveCount(0);
  await expect(row.getByRole('button', { name: /^Remove User/ })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'All User' })).toBeFocused();
  expect(await isAdmin()).toEqual({ admin: true });

  await openFromMenu(page, 'Audit Log');
  const entry = auditRow(page, customer.email);
  await expect(entry).toContainText('Made an admin');
  await expect(entry).toContainText(shop.admin.email);
});

test("a refused Make Admin toasts 'Failed to Make Admin' and goes to /", async ({
  page,
  request,
  shop,
}) => {
  const customer = await apiCustomer(request, 'refused', shop);
  await signInAsAdmin(page, shop.admin);
  await page.goto('/dashboard/alluser');
  // As if the admin had lost the role since the page loaded (SPEC §8).
  await page.route('**/api/user/admin/**', (route) =>
    route.fulfill({
      status: 403,
      json: { error: { code: 'forbidden', message: 'Admins only' } },
    }),
  );
  await userRow(page, customer.email)
    .getByRole('button', { name: /^Make Admin/ })
    .click();
  await page.getByRole('dialog').getByRole('button', { name: 'Make Admin' }).click();
  await expect(toast(page, 'Failed to Make Admin')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'All of our products' })).toBeVisible();
});

test('an admin removes a customer after a dialog naming them, and is never offered to remove themself', async ({
  page,
  request,
  shop,
}) => {
  const customer = await apiCustomer(request, 'removed', shop);
  await signInAsAdmin(page, shop.admin);
  await page.goto('/dashboard/alluser');
  const row = userRow(page, customer.email);
  const remove = row.getByRole('button', { name: `Remove User ${customer.email}` });

  // Asked first; the safe choice has the focus and Escape keeps the user.
  await remove.click();
  const dialog = page.getByRole('dialog', { name: `Remove ${customer.name}?` });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(`${customer.name} (${customer.email}) will be removed`);
  await expect(dialog.getByRole('button', { name: 'Keep the user' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(row).toBeVisible();

  // By keyboard this time.
  await remove.focus();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Yes, remove the user' }).click();
  await expect(dialog).toBeHidden();
  await expect(toast(page, `${customer.email} was removed.`)).toBeVisible();
  await expect(row).toHaveCount(0);
  const login = await request.post('/api/auth/login', {
    data: { email: customer.email, password: customer.password },
  });
  expect(login.status()).toBe(401);

  // Remove User is not offered on the admin's own row, which the server would refuse anyway.
  const own = userRow(page, shop.admin.email);
  await expect(own).toBeVisible();
  await expect(own.getByRole('button', { name: /^Remove User/ })).toHaveCount(0);
  const refused = await request.delete(`/api/user/${encodeURIComponent(shop.admin.email)}`, {
    headers: { authorization: `Bearer ${await apiSignIn(request, shop.admin)}` },
  });
  expect(refused.status()).toBe(409);
  expect(await refused.json()).toMatchObject({
    error: { message: 'You cannot remove your own account' },
  });

  await page.goto('/dashboard/auditlog');
  await expect(auditRow(page, customer.email)).toContainText('Removed a user');
});

test('an admin ships a paid order named by its number: Pending becomes Shipped once for a double click, and the customer sees RECEIVED', async ({
  page,
  browser,
  shop,
}) => {
  // Two people's journeys: the customer signs up, orders and pays in the browser.
  test.slow();
  const customerContext = await browser.newContext({ baseURL: shop.baseURL });
  try {
    const customerPage = await customerContext.newPage();
    const customer = newCustomer('shipped');
    await register(customerPage, customer, { dataDir: shop.dataDir });
    const [part] = await apiParts(customerPage.request);
    if (!part) throw new Error('no parts');
    await customerPage.goto(`/purchase/${part._id}`);
    const orderId = await placeOrder(customerPage);
    await customerPage.goto(`/payment/${orderId}`);
    await payWithCard(customerPage, cards.succeeds);
    await expect(
      customerPage.getByRole('status').filter({ hasText: 'Congrats! Your payment is completed' }),
    ).toBeVisible();

    await signInAsAdmin(page, shop.admin);
    await page.goto('/dashboard/manageallorders');
    await expect(
      page.getByRole('table', { name: 'Every order, newest first' }).getByRole('columnheader'),
    ).toHaveText(['Item', 'Payment', 'Ordered by', 'Quantity', 'Price', 'Status', 'Action']);
    const row = orderRow(page, customer.email);
    const placed = await apiOrderById(
      page.request,
      await apiSignIn(page.request, shop.admin),
      orderId,
    );
    // The order by its number and the day it was placed, its item, and its state in words.
    await expect(row.getByRole('rowheader')).toContainText(
      new RegExp(
        `^Order ${placed.number}Placed \\w{3} \\d{1,2}, \\d{4}.*${escapeRegExp(part.name)}`,
      ),
    );
    await expect(row.getByRole('img')).toHaveCount(0); // the picture is decorative
    await expect(row).toContainText(customer.name);
    await expect(row).toContainText(String(part.minimumQuantity));
    await expect(badge(row, 'Paid')).toBeVisible();
    await expect(badge(row, 'Pending')).toBeVisible();
    await expect(badge(row, 'Paid — being prepared')).toBeVisible();
    await expect(row.getByRole('button', { name: /^Delete/ })).toHaveCount(0);

    // Shipping asks for the carrier's tracking number, which may stay empty (issue 17 #7); a
    // double click on the dialog's button ships once.
    const shipments = countRequests(page, 'PUT', /^\/api\/manageorders\//);
    await row
      .getByRole('button', { name: `Ship order ${placed.number} of ${customer.email}` })
      .click();
    const dialog = page.getByRole('dialog', { name: `Ship order ${placed.number}?` });
    await expect(dialog).toContainText(`Order ${placed.number} (`);
    await dialog.getByRole('textbox', { name: 'Tracking number (optional)' }).fill('1Z 999 AA1');
    await dialog.getByRole('button', { name: 'Ship the order' }).dblclick();
    await expect(toast(page, 'Item Shipped')).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: 'already shipped' })).toHaveCount(0);
    expect(shipments()).toBe(1);
    await expect(badge(row, 'Shipped')).toBeVisible();
    await expect(badge(row, 'Shipped — tracking 1Z 999 AA1')).toBeVisible();
    await expect(badge(row, 'Pending')).toHaveCount(0);
    // Nothing left to do but read its invoice and print its packing slip (issue 33 #2).
    await expect(row.getByRole('button')).toHaveCount(2);
    await expect(row.getByRole('button', { name: /^Download invoice/ })).toBeVisible();
    await expect(row.getByRole('button', { name: /^Packing slip/ })).toBeVisible();
    await expect(row.getByRole('checkbox')).toHaveCount(0);
    await page.reload();
    await expect(badge(orderRow(page, customer.email), 'Shipped')).toBeVisible();

    await customerPage.goto('/dashboard/myorder2');
    const order = orderCard(customerPage, orderId);
    await expect(order.getByRole('button', { name: 'RECEIVED' })).toBeVisible();
    await expect(order.getByRole('button', { name: 'PROCESS SHIPMENT' })).toHaveCount(0);
    for (const step of ['Register', 'Place Order', 'Payment', 'Receive Product']) {
      await expect(progressStep(order, step)).toHaveClass(/step-primary/);
    }

    await page.goto('/dashboard/auditlog');
    await expect(auditRow(page, orderId)).toContainText('Shipped an order');
  } finally {
    await customerContext.close();
  }
});

test('an admin deletes an unpaid order after a dialog naming its number and customer: Deleted!, and the stock comes back', async ({
  page,
  request,
  shop,
}) => {
  const customer = await apiCustomer(request, 'unpaid', shop);
  const part = (await apiParts(request))[1];
  if (!part) throw new Error('no parts');
  const order = await apiOrder(request, customer.token, part);
  const stockWithOrder = await availableOf(page, part._id);

  await signInAsAdmin(page, shop.admin);
  await page.goto('/dashboard/manageallorders');
  const row = orderRow(page, customer.email);
  await expect(badge(row, 'Unpaid')).toBeVisible();
  await expect(row.getByRole('button', { name: /^Ship/ })).toHaveCount(0);

  await expect(badge(row, 'Awaiting payment')).toBeVisible();
  await expect(row.getByRole('rowheader')).toContainText(`Order ${order.number}`);

  await row
    .getByRole('button', { name: `Delete order ${order.number} of ${customer.email}` })
    .click();
  const confirm = page.getByRole('dialog', { name: `Delete order ${order.number}?` });
  await expect(confirm).toContainText(
    `Order ${order.number} of ${customer.name} (${customer.email}), ${order.quantity} × ${part.name}`,
  );
  await expect(confirm.getByRole('button', { name: 'Keep the order' })).toBeFocused();
  await confirm.getByRole('button', { name: 'Keep the order' }).click();
  await expect(confirm).toBeHidden();
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: /^Delete/ }).click();
  await confirm.getByRole('button', { name: 'Yes, delete the order' }).click();
  const deleted = page.getByRole('dialog', { name: 'Deleted!' });
  await expect(deleted).toContainText('Your file has been deleted.');
  await deleted.getByRole('button', { name: 'OK' }).click();
  await expect(deleted).toBeHidden();
  await expect(row).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Manage All Orders' })).toBeFocused();
  expect(await availableOf(page, part._id)).toBe(stockWithOrder + order.quantity);

  await page.goto('/dashboard/auditlog');
  await expect(auditRow(page, order._id)).toContainText('Deleted an order');
});

test('deleting an order the customer has just cancelled toasts that nothing matched', async ({
  page,
  request,
  shop,
}) => {
  const customer = await apiCustomer(request, 'raced', shop);
  const part = (await apiParts(request))[2];
  if (!part) throw new Error('no parts');
  const order = await apiOrder(request, customer.token, part);

  await signInAsAdmin(page, shop.admin);
  await page.goto('/dashboard/manageallorders');
  const row = orderRow(page, customer.email);
  await expect(badge(row, 'Unpaid')).toBeVisible();
  // The customer cancels while the admin's list still shows the order.
  const cancelled = await request.delete(`/api/order/${order._id}`, {
    headers: { authorization: `Bearer ${customer.token}` },
  });
  expect(cancelled.status()).toBe(200);

  await row.getByRole('button', { name: /^Delete/ }).click();
  await page
    .getByRole('dialog', { name: `Delete order ${order.number}?` })
    .getByRole('button', { name: 'Yes, delete the order' })
    .click();
  await expect(toast(page, 'No documents matched the query. Deleted 0 Item.')).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Deleted!' })).toHaveCount(0);
  await expect(row).toHaveCount(0);
});

test('the audit log lists what admins did, newest first, with who, what, target and when', async ({
  page,
  request,
  shop,
}) => {
  const adminToken = await apiSignIn(request, shop.admin);
  const headers = { authorization: `Bearer ${adminToken}` };
  const promoted = await apiCustomer(request, 'audit-promoted', shop);
  const removed = await apiCustomer(request, 'audit-removed', shop);
  const made = await request.put(`/api/user/admin/${encodeURIComponent(promoted.email)}`, {
    headers,
    data: {},
  });
  expect(made.status()).toBe(200);
  const gone = await request.delete(`/api/user/${encodeURIComponent(removed.email)}`, { headers });
  expect(gone.status()).toBe(200);

  await signInAsAdmin(page, shop.admin);
  await page.goto('/dashboard');
  await openFromMenu(page, 'Audit Log');
  await expect(page).toHaveURL('/dashboard/auditlog');
  const table = page.getByRole('table', { name: 'Admin actions, newest first' });
  await expect(table.getByRole('columnheader')).toHaveText(['When', 'Who', 'What', 'Target']);

  const removal = auditRow(page, removed.email);
  const promotion = auditRow(page, promoted.email);
  await expect(removal.getByRole('cell')).toHaveText([
    /\d/,
    shop.admin.email,
    'Removed a user',
    removed.email,
  ]);
  await expect(promotion.getByRole('cell')).toHaveText([
    /\d/,
    shop.admin.email,
    'Made an admin',
    promoted.email,
  ]);
  const lines = await rowsOf(page, 'Admin actions, newest first').allTextContents();
  const at = (email: string) => lines.findIndex((line) => line.includes(email));
  expect(at(removed.email)).toBeGreaterThan(0);
  expect(at(removed.email)).toBeLessThan(at(promoted.email));

  // The time is the server's instant, written out in the browser's own way.
  const time = removal.locator('time');
  await expect(time).toHaveAttribute('datetime', /^\d{4}-\d\d-\d\dT/);
  const expected = await time.evaluate((element) =>
    new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(
      new Date(element.getAttribute('datetime') ?? ''),
    ),
  );
  await expect(time).toHaveText(expected);
});

test('a customer has no admin menu and is sent to /login from the admin pages', async ({
  page,
  shop,
}) => {
  await register(page, newCustomer('not-admin'), { dataDir: shop.dataDir });
  await page.goto('/dashboard');
  await expect(dashboardMenu(page).getByRole('link')).toHaveText([
    'My Profile',
    'My Orders',
    'My Company',
    'My Addresses',
    'My Garage',
    'Add Review',
    'API keys',
    'Webhooks',
  ]);
  for (const path of ['/dashboard/alluser', '/dashboard/manageallorders', '/dashboard/auditlog']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/login$/);
  }
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });

  test('the dashboard drawer shows the admin menu; orders and users are cards', async ({
    page,
    request,
    shop,
  }) => {
    const customer = await apiCustomer(request, 'phone', shop);
    const part = (await apiParts(request))[3];
    if (!part) throw new Error('no parts');
    const order = await apiOrder(request, customer.token, part);
    await signInAsAdmin(page, shop.admin);
    await page.goto('/dashboard');

    const menu = dashboardMenu(page);
    await expect(menu).toBeHidden();
    await page.getByRole('button', { name: 'Open dashboard menu' }).click();
    await expect(menu).toBeVisible();
    await expect(menu.getByRole('link')).toHaveText([
      'My Profile',
      'Sales overview',
      'All User',
      'Manage All Orders',
      'Companies',
      'Overdue invoices',
      'Add a Product',
      'Catalogue import and export',
      'Warehouses',
      'Low stock',
      'Audit Log',
      'Mail and jobs',
    ]);
    await expect(menu.getByRole('button', { name: 'Close dashboard menu' })).toBeFocused();
    await menu.getByRole('link', { name: 'Manage All Orders' }).click();
    await expect(menu).toBeHidden();
    await expect(page.getByRole('heading', { level: 2, name: 'Manage All Orders' })).toBeVisible();

    // Cards, not the table.
    await expect(page.getByRole('table')).toHaveCount(0);
    const card = page
      .getByRole('list', { name: 'Orders' })
      .getByRole('article')
      .filter({ hasText: customer.email });
    await expect(card.getByRole('heading', { name: `Order ${order.number}` })).toBeVisible();
    await expect(card).toContainText(part.name);
    await expect(badge(card, 'Unpaid')).toBeVisible();
    await expect(badge(card, 'Awaiting payment')).toBeVisible();
    await expect(card.getByRole('button', { name: /^Delete/ })).toBeVisible();
    await expectNoSidewaysScroll(page);

    await page.getByRole('button', { name: 'Open dashboard menu' }).click();
    await menu.getByRole('link', { name: 'All User' }).click();
    await expect(page.getByRole('table')).toHaveCount(0);
    const user = page
      .getByRole('list', { name: 'Users' })
      .getByRole('article')
      .filter({ hasText: customer.email });
    await expect(user.getByRole('button', { name: `Make Admin ${customer.email}` })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await page.getByRole('button', { name: 'Open dashboard menu' }).click();
    await menu.getByRole('link', { name: 'Audit Log' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Audit Log' })).toBeVisible();
    await expectNoSidewaysScroll(page);
  });
});

const THEMES = ['light', 'dark'] as const;

for (const theme of THEMES) {
  test.describe(`in the ${theme} theme`, () => {
    test.use({ colorScheme: theme, reducedMotion: 'reduce' });

    test('All User, Manage All Orders and the Audit Log have no serious or critical axe violation', async ({
      page,
      request,
      shop,
    }) => {
      // Eleven full-page axe scans in one test: on a busy machine they outlast even a slow test.
      test.setTimeout(240_000);
      const problems: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') problems.push(message.text());
      });
      page.on('pageerror', (error) => problems.push(error.message));

      // Orders in every state: unpaid, paid (Pending) and shipped.
      const customer = await apiCustomer(request, `axe-${theme}`, shop);
      const parts = await apiParts(request);
      const [unpaid, pending, shipped] = [parts[4], parts[5], parts[6]];
      if (!unpaid || !pending || !shipped) throw new Error('not enough parts');
      await apiOrder(request, customer.token, unpaid);
      const toPay = await apiOrder(request, customer.token, pending);
      await apiPay(request, customer.token, toPay._id);
      const toShip = await apiOrder(request, customer.token, shipped);
      await apiPay(request, customer.token, toShip._id);
      await apiShip(request, await apiSignIn(request, shop.admin), toShip._id);

      await signInAsAdmin(page, shop.admin);
      await page.goto('/dashboard/alluser');
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      const row = userRow(page, customer.email);
      await expect(row).toBeVisible();
      expect(await seriousViolations(page), 'All User').toEqual([]);
      await row.getByRole('button', { name: /^Remove User/ }).click();
      const removeDialog = page.getByRole('dialog', { name: `Remove ${customer.name}?` });
      await expect(removeDialog).toBeVisible();
      expect(await seriousViolations(page), 'All User with the dialog').toEqual([]);
      await removeDialog.getByRole('button', { name: 'Keep the user' }).click();
      await row.getByRole('button', { name: /^Make Admin/ }).click();
      const promote = page.getByRole('dialog', { name: /^Make .* an admin\?$/ });
      await expect(promote).toBeVisible();
      expect(await seriousViolations(page), 'All User with the Make Admin dialog').toEqual([]);
      await promote.getByRole('button', { name: 'Make Admin' }).click();
      await expect(toast(page, 'Successfully Made an Admin')).toBeVisible();
      expect(await seriousViolations(page), 'All User with the toast').toEqual([]);

      await page.goto('/dashboard/manageallorders');
      const orders = orderRow(page, customer.email);
      await expect(orders).toHaveCount(3);
      for (const status of ['Pending', 'Paid — being prepared', 'Shipped', 'Awaiting payment'])
        await expect(badge(orders, status)).toBeVisible();
      expect(await seriousViolations(page), 'Manage All Orders').toEqual([]);
      await orders.getByRole('button', { name: /^Delete/ }).click();
      const confirm = page.getByRole('dialog', { name: /^Delete order \d+\?$/ });
      await expect(confirm).toBeVisible();
      expect(await seriousViolations(page), 'Manage All Orders with the dialog').toEqual([]);
      await confirm.getByRole('button', { name: 'Yes, delete the order' }).click();
      const deleted = page.getByRole('dialog', { name: 'Deleted!' });
      await expect(deleted).toBeVisible();
      expect(await seriousViolations(page), "Manage All Orders with 'Deleted!'").toEqual([]);
      await deleted.getByRole('button', { name: 'OK' }).click();
      // The shipping bar, with the paid order ticked, and its dialog (issue 33 #2).
      await orders.getByRole('checkbox', { name: /^Select order/ }).check();
      const shipping = page.getByRole('region', { name: 'Shipping' });
      await shipping.getByRole('button', { name: 'Ship 1 order…' }).click();
      const many = page.getByRole('dialog', { name: 'Ship 1 order?' });
      await expect(many).toBeVisible();
      expect(await seriousViolations(page), 'Manage All Orders with the ship-many dialog').toEqual(
        [],
      );
      await many.getByRole('button', { name: 'Not yet' }).click();
      await shipping.getByRole('button', { name: 'Clear the selection' }).click();
      await orders.getByRole('button', { name: /^Ship/ }).click();
      const ship = page.getByRole('dialog', { name: /^Ship order \d+\?$/ });
      await expect(ship).toBeVisible();
      expect(await seriousViolations(page), 'Manage All Orders with the ship dialog').toEqual([]);
      await ship.getByRole('button', { name: 'Ship the order' }).click();
      await expect(toast(page, 'Item Shipped')).toBeVisible();
      expect(await seriousViolations(page), 'Manage All Orders with the toast').toEqual([]);

      await page.setViewportSize({ width: 375, height: 740 });
      await expect(page.getByRole('list', { name: 'Orders' })).toBeVisible();
      expect(await seriousViolations(page), 'Manage All Orders as cards').toEqual([]);
      await page.setViewportSize({ width: 1280, height: 720 });

      await page.goto('/dashboard/auditlog');
      await expect(auditRow(page, customer.email)).toBeVisible();
      expect(await seriousViolations(page), 'Audit Log').toEqual([]);
      expect(problems).toEqual([]);
    });
  });
}

/**
 * Every admin route of the router, and how to tell it has loaded what a test gave it: the phone
 * and the desktop show the same words, in cards or in a table.
 */
function adminRoutes(seen: { email: string; order: number; company: Company; invoice: string }) {
  const shows = (text: string) => (page: Page) =>
    expect(page.getByText(text, { exact: false }).filter({ visible: true }).first()).toBeVisible();
  return [
    { path: '/dashboard/sales', ready: shows('Revenue per day') },
    { path: '/dashboard/alluser', ready: shows(seen.email) },
    { path: '/dashboard/manageallorders', ready: shows(`Order ${seen.order}`) },
    { path: '/dashboard/auditlog', ready: shows('Shipped an order') },
    { path: '/dashboard/companies', ready: shows(seen.company.legalName) },
    {
      path: `/dashboard/companies/${seen.company._id}`,
      ready: async (page: Page) => {
        await shows(seen.invoice)(page);
        await shows('Fixed part prices')(page);
      },
    },
    { path: '/dashboard/overdue', ready: shows(seen.invoice) },
    { path: '/dashboard/catalogue', ready: shows('Export the catalogue') },
    { path: '/dashboard/addproduct', ready: shows('Parts in the catalogue') },
    { path: '/dashboard/jobs', ready: shows('Nothing is stuck') },
    { path: '/dashboard/warehouses', ready: shows('Chattogram') },
    {
      path: '/dashboard/low-stock',
      // Its count of parts, or its empty state on a shop where none is low.
      ready: (page: Page) =>
        expect(
          page
            .getByText(/\bparts? (is|are) low\b/)
            .filter({ visible: true })
            .first(),
        ).toBeVisible(),
    },
  ];
}

test('every admin route, on a phone, a laptop and a desktop in both themes: nothing scrolls sideways, no serious axe fault', async ({
  page,
  request,
  shop,
}) => {
  // Each page is loaded once a size and checked in the light theme, then in the dark one as the
  // system's preference (the page follows it without a reload): 40 full-page axe scans.
  test.setTimeout(480_000);
  await page.emulateMedia({ colorScheme: 'light', reducedMotion: 'reduce' });
  // Orders in every state, a company with an overdue invoice on account and a price of its own.
  const customer = await apiCustomer(request, 'sweep', shop);
  const parts = await apiParts(request);
  const [unpaid, paid, shipped] = [parts[7], parts[8], parts[9]];
  if (!unpaid || !paid || !shipped) throw new Error('not enough parts');
  const order = await apiOrder(request, customer.token, unpaid);
  const toPay = await apiOrder(request, customer.token, paid);
  await apiPay(request, customer.token, toPay._id);
  const toShip = await apiOrder(request, customer.token, shipped);
  await apiPay(request, customer.token, toShip._id);
  const adminToken = await apiSignIn(request, shop.admin);
  await apiShip(request, adminToken, toShip._id);
  const { owner, company } = await companyOwner(request, shop, 'sweep');
  await allowOnAccount(request, shop, company);
  const onAccount = await checkoutOnAccount(request, owner, await affordablePart(request));
  const priced = await request.put(`/api/admin/companies/${company._id}/prices`, {
    headers: bearer(adminToken),
    data: { categories: [], parts: [{ partNumber: unpaid.partNumber, price: 1 }] },
  });
  expect(priced.status(), await priced.text()).toBe(200);

  await signInAsAdmin(page, shop.admin);
  const routes = adminRoutes({
    email: customer.email,
    order: order.number,
    company,
    invoice: onAccount.invoiceNumber,
  });
  // A phone and a desktop, each scanned by axe; between them a small laptop, where the menu
  // beside the page leaves the least room for a table.
  for (const size of [
    { width: 375, height: 740, axe: true },
    { width: 1024, height: 720, axe: false },
    { width: 1280, height: 720, axe: true },
  ]) {
    await page.setViewportSize(size);
    for (const route of routes) {
      await page.goto(route.path);
      await route.ready(page);
      // The theme the last page ended in first, so that each page switches once.
      const shown = await page.locator('html').getAttribute('data-theme');
      for (const theme of shown === 'dark' ? (['dark', 'light'] as const) : THEMES) {
        await page.emulateMedia({ colorScheme: theme });
        await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
        const where = `${route.path} at ${size.width} px in the ${theme} theme`;
        await expectNoSidewaysScroll(page);
        await expectNoScrollingBox(page, where);
        if (size.axe) expect(await seriousViolations(page), where).toEqual([]);
      }
    }
  }
});
