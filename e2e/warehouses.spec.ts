// Issue 32 #2, stock per warehouse in the browser: an admin adds a warehouse and sets a part's
// stock in it and in Dhaka on the part's edit page; a customer sees each warehouse's stock and
// when the part would ship on its page, orders it, and sees where the order ships from (and so
// does the admin). The part page's stock, the admin's Warehouses page (with its dialog) and a
// part's stock editor have no serious axe violation in either theme, on a desktop and on a 360 px
// phone. On a shop of its own
// with the demo's warehouses (support/admin.ts); codes and numbers are new on every run.
import { randomInt } from 'node:crypto';
import type { Part, Warehouse } from '@axle/contract';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { submitLogin } from './support/accounts.ts';
import {
  apiCustomer,
  apiSignIn,
  bearer,
  dashboardMenu,
  type Shop,
  signInAsAdmin,
  test,
} from './support/admin.ts';
import { seriousViolations } from './support/axe.ts';
import { placeOrder } from './support/orders.ts';
import { expectNoSidewaysScroll, toast } from './support/pages.ts';

/** A warehouse code no run has used: "W" and five more capitals or digits. */
const newCode = () =>
  `W${randomInt(36 ** 5)
    .toString(36)
    .toUpperCase()
    .padStart(5, '0')}`;

/** What a part page promises: today before the cutoff, else the next working day. */
const promiseFrom = (name: string) =>
  new RegExp(
    `^Order (within [0-9 hmin]+ to ship today|now to ship (tomorrow|on [A-Z][a-z]+day)) from ${name}$`,
  );

/** A part of the admin's, with no stock yet, under a new number. */
async function newPart(request: APIRequestContext, adminToken: string, label: string) {
  const partNumber = `WH-${label.toUpperCase()}-${Date.now()}`;
  const name = `Wheel Bearing ${partNumber}`;
  const added = await request.post('/api/items', {
    headers: bearer(adminToken),
    data: {
      name,
      description: 'Front wheel bearing with ABS ring.',
      img: null,
      availableQuantity: 0,
      minimumQuantity: 10,
      price: 12.5,
      partNumber,
    },
  });
  expect(added.status(), await added.text()).toBe(201);
  return { name, partNumber };
}

const stockSection = (page: Page) => page.getByRole('region', { name: 'Stock by warehouse' });

async function signIn(page: Page, who: { email: string; password: string }) {
  await page.goto('/login');
  await submitLogin(page, who.email, who.password);
  await expect(page.getByRole('button', { name: 'SignOut' })).toBeVisible();
}

test('an admin adds a warehouse and stocks a part in it; a customer sees when it ships, orders it and sees where from', async ({
  browser,
  page,
  request,
  shop,
}) => {
  test.slow();
  const adminToken = await apiSignIn(request, shop.admin);
  const { name, partNumber } = await newPart(request, adminToken, 'journey');
  const code = newCode();
  const warehouseName = `Sylhet ${code}`;

  // The admin adds the warehouse on the Warehouses page, reached from the dashboard's menu.
  await signInAsAdmin(page, shop.admin);
  await page.goto('/dashboard');
  await dashboardMenu(page).getByRole('link', { name: 'Warehouses' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Warehouses' })).toBeVisible();
  const table = page.getByRole('table', { name: /^Warehouses/ });
  await expect(table.getByRole('rowheader', { name: 'DHK' })).toBeVisible();
  const add = page.getByRole('region', { name: 'Add a warehouse' });
  await add.getByLabel('Code').fill(code.toLowerCase());
  await add.getByLabel('Name').fill(warehouseName);
  await add.getByLabel('City').fill('Sylhet');
  await add.getByLabel('Cutoff').fill('23:59');
  await add.getByLabel('Time zone').fill('Asia/Dhaka');
  // Every day of the week: the promise is a day soon, whatever day the test runs.
  await add.getByLabel('Saturday').check();
  await add.getByLabel('Sunday').check();
  await add.getByRole('button', { name: 'Add the warehouse' }).click();
  await expect(toast(page, `${warehouseName} was added.`)).toBeVisible();
  const row = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: code }) });
  await expect(row).toContainText(warehouseName);
  await expect(row).toContainText('Mon, Tue, Wed, Thu, Fri, Sat, Sun');

  // Then the part's stock: 30 in the new warehouse, 4 in Dhaka with more expected.
  await dashboardMenu(page).getByRole('link', { name: 'Add a Product' }).click();
  await page.getByLabel('Search parts').fill(partNumber);
  await page.getByRole('button', { name: `Edit ${name}` }).click();
  const stock = page.getByRole('region', { name: 'Stock by warehouse' });
  const inNew = stock.getByRole('form', { name: `${warehouseName} (${code})` });
  await inNew.getByLabel(`Quantity in ${warehouseName}`).fill('30');
  await inNew.getByRole('button', { name: `Save the stock in ${warehouseName}` }).click();
  await expect(toast(page, `${warehouseName} now holds 30 of this part`)).toBeVisible();
  const inDhaka = stock.getByRole('form', { name: 'Dhaka (DHK)' });
  await inDhaka.getByLabel('Quantity in Dhaka').fill('4');
  await inDhaka.getByLabel('Restock date in Dhaka').fill('2027-01-15');
  await inDhaka.getByRole('button', { name: 'Save the stock in Dhaka' }).click();
  await expect(toast(page, 'Dhaka now holds 4 of this part')).toBeVisible();
  // The part form edits the part as the stock left it: its total, and its new version.
  await expect(page.getByLabel('Available quantity')).toHaveValue('34');
  await page.getByLabel('Price (USD)').fill('12.75');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(toast(page, `${name} was updated`)).toBeVisible();

  // A customer, in a browser of their own, sees the stock in each warehouse and the promise of
  // the first that holds the minimum of 10: the new warehouse, Dhaka holding 4.
  const customer = await apiCustomer(request, 'warehouses', shop);
  const context = await browser.newContext({ baseURL: shop.baseURL });
  const buyer = await context.newPage();
  await signIn(buyer, customer);
  await buyer.goto(`/parts/${encodeURIComponent(partNumber)}`);
  const section = stockSection(buyer);
  await expect(section.getByRole('listitem')).toHaveText([
    'Dhaka4 in stock, more expected 15 Jan 2027',
    `${warehouseName}30 in stock`,
  ]);
  await expect(section.getByText(promiseFrom(warehouseName))).toBeVisible();

  // The order of 10 is taken from the one warehouse that holds it all, and says so.
  await buyer.getByRole('link', { name: 'place order' }).click();
  const orderId = await placeOrder(buyer);
  await buyer.goto(`/payment/${orderId}`);
  await expect(buyer.getByText(`Ships from ${warehouseName}`)).toBeVisible();
  await buyer.goto('/dashboard/myorder2');
  const card = buyer.getByRole('article').filter({ hasText: name });
  await expect(card.getByText(`Ships from ${warehouseName}`)).toBeVisible();
  await context.close();

  // The admin's view of the order says the same.
  await dashboardMenu(page).getByRole('link', { name: 'Manage All Orders' }).click();
  await expect(page.getByText(`Ships from ${warehouseName}`).first()).toBeVisible();
});

/** A warehouse and a part stocked in it and in Dhaka, through the API. */
async function stockedPart(request: APIRequestContext, shop: Shop, label: string) {
  const adminToken = await apiSignIn(request, shop.admin);
  const code = newCode();
  const added = await request.post('/api/admin/warehouses', {
    headers: bearer(adminToken),
    data: {
      code,
      name: `Khulna ${code}`,
      city: 'Khulna',
      cutoff: '15:30',
      timeZone: 'Asia/Dhaka',
      workingDays: [1, 2, 3, 4, 5, 6, 7],
    },
  });
  expect(added.status(), await added.text()).toBe(201);
  const warehouse = (await added.json()) as Warehouse;
  const { partNumber } = await newPart(request, adminToken, label);
  const [part] = (await (
    await request.get('/api/items', { params: { search: partNumber } })
  ).json()) as Part[];
  if (!part) throw new Error(`no part ${partNumber}`);
  for (const stock of [
    { warehouse: 'DHK', quantity: 0, restockDate: '2027-01-15' },
    { warehouse: code, quantity: 120 },
  ]) {
    const set = await request.put(`/api/admin/parts/${part._id}/stock`, {
      headers: bearer(adminToken),
      data: stock,
    });
    expect(set.status(), await set.text()).toBe(200);
  }
  return { partNumber, warehouse };
}

for (const theme of ['light', 'dark'] as const)
  test.describe(`warehouses in the ${theme} theme`, () => {
    test.use({ colorScheme: theme, reducedMotion: 'reduce' });

    test('the part page’s stock, the Warehouses page and the stock editor have no serious axe violation, on a desktop and a 360 px phone', async ({
      page,
      request,
      shop,
    }) => {
      test.slow();
      const { partNumber, warehouse } = await stockedPart(request, shop, theme);
      await page.goto(`/parts/${encodeURIComponent(partNumber)}`);
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      await expect(stockSection(page).getByText(promiseFrom(warehouse.name))).toBeVisible();
      await expect(stockSection(page).getByRole('listitem')).toHaveText([
        'DhakaOut of stock, more expected 15 Jan 2027',
        `${warehouse.name}120 in stock`,
      ]);
      expect(await seriousViolations(page), 'the part page with its stock').toEqual([]);
      await page.setViewportSize({ width: 360, height: 740 });
      await stockSection(page).scrollIntoViewIfNeeded();
      await expectNoSidewaysScroll(page);
      expect(await seriousViolations(page), 'the part page on a phone').toEqual([]);

      await page.setViewportSize({ width: 1280, height: 800 });
      await signInAsAdmin(page, shop.admin);
      await page.goto('/dashboard/warehouses');
      const table = page.getByRole('table', { name: /^Warehouses/ });
      await expect(table.getByRole('rowheader', { name: warehouse.code })).toBeVisible();
      expect(await seriousViolations(page), 'the Warehouses page').toEqual([]);
      await table.getByRole('button', { name: `Edit ${warehouse.name}` }).click();
      const dialog = page.getByRole('dialog', {
        name: `Edit ${warehouse.name} (${warehouse.code})`,
      });
      await expect(dialog.getByLabel('Cutoff')).toHaveValue('15:30');
      expect(await seriousViolations(page), 'the Warehouses page’s dialog').toEqual([]);
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect(dialog).toBeHidden();

      await page.setViewportSize({ width: 360, height: 740 });
      const cards = page.getByRole('list', { name: 'Warehouses' });
      await expect(
        cards.getByRole('heading', { name: `${warehouse.name} (${warehouse.code})` }),
      ).toBeVisible();
      await expectNoSidewaysScroll(page);
      expect(await seriousViolations(page), 'the Warehouses page on a phone').toEqual([]);
      await cards.getByRole('button', { name: `Edit ${warehouse.name}` }).click();
      await expect(dialog).toBeVisible();
      await expectNoSidewaysScroll(page);
      expect(await seriousViolations(page), 'the dialog on a phone').toEqual([]);
      await dialog.getByRole('button', { name: 'Cancel' }).click();

      // The part's stock on its edit page, every warehouse a row.
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.goto('/dashboard/addproduct');
      await page.getByLabel('Search parts').fill(partNumber);
      await page.getByRole('button', { name: new RegExp(`^Edit .*${partNumber}$`) }).click();
      const editor = page.getByRole('region', { name: 'Stock by warehouse' });
      await expect(
        editor.getByRole('form', { name: `${warehouse.name} (${warehouse.code})` }),
      ).toBeVisible();
      await expect(editor.getByLabel(`Quantity in ${warehouse.name}`)).toHaveValue('120');
      expect(await seriousViolations(page), 'the stock editor').toEqual([]);
      await page.setViewportSize({ width: 360, height: 740 });
      await editor.scrollIntoViewIfNeeded();
      await expectNoSidewaysScroll(page);
      expect(await seriousViolations(page), 'the stock editor on a phone').toEqual([]);
    });
  });
