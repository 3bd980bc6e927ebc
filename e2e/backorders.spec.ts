// Issue 32 #3, backorders in the browser: an admin lets a part take backorders on its edit page
// and gives Dhaka a restock date in its stock editor; a customer sees on the part page that orders
// above the stock are taken, puts more than the stock in the cart, sees how many are backordered
// and when more is expected, checks out, and sees the same on the payment page and My Orders; so
// does the admin, whose Ship is refused with the server's words while the units wait. The cart
// with a backordered line and the part form's checkbox have no serious axe violation in either
// theme, on a desktop and on a 360 px phone. On a shop of its own (support/admin.ts); part numbers
// are new on every run.
import type { Part } from '@axle/contract';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { submitLogin } from './support/accounts.ts';
import {
  apiCustomer,
  apiPay,
  apiSignIn,
  bearer,
  dashboardMenu,
  type Shop,
  signInAsAdmin,
  test,
} from './support/admin.ts';
import { seriousViolations } from './support/axe.ts';
import { expectNoSidewaysScroll, toast } from './support/pages.ts';

/** A restock date some weeks ahead ("2027-03-01"), and the day as the pages write it. */
function restockIn(days: number) {
  const date = new Date(Date.now() + days * 86_400_000);
  const iso = date.toISOString().slice(0, 10);
  const day = new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${iso}T00:00:00Z`));
  return { iso, day };
}

/** A part of the admin's, four in Dhaka, minimum order two, under a new number. */
async function newPart(request: APIRequestContext, adminToken: string, label: string) {
  const partNumber = `BO-${label.toUpperCase()}-${Date.now()}`;
  const name = `Starter Motor ${partNumber}`;
  const added = await request.post('/api/items', {
    headers: bearer(adminToken),
    data: {
      name,
      description: 'Starter motor, 1.4 kW, 12 V.',
      img: null,
      availableQuantity: 0,
      minimumQuantity: 2,
      price: 84,
      partNumber,
    },
  });
  expect(added.status(), await added.text()).toBe(201);
  const [part] = (await (
    await request.get('/api/items', { params: { search: partNumber } })
  ).json()) as Part[];
  if (!part) throw new Error(`no part ${partNumber}`);
  const stocked = await request.put(`/api/admin/parts/${part._id}/stock`, {
    headers: bearer(adminToken),
    data: { warehouse: 'DHK', quantity: 4 },
  });
  expect(stocked.status(), await stocked.text()).toBe(200);
  return { id: part._id, name, partNumber };
}

async function signIn(page: Page, who: { email: string; password: string }) {
  await page.goto('/login');
  await submitLogin(page, who.email, who.password);
  await expect(page.getByRole('button', { name: 'SignOut' })).toBeVisible();
}

/** A customer with a saved address, and the part's quantity in their cart. */
async function customerWithCart(
  request: APIRequestContext,
  shop: Shop,
  label: string,
  cart?: { partId: string; quantity: number },
) {
  const customer = await apiCustomer(request, label, shop);
  const address = await request.post('/api/addresses', {
    headers: bearer(customer.token),
    data: { line1: '12 Dock Road', city: 'Dhaka', postalCode: '1205', country: 'Bangladesh' },
  });
  expect(address.status(), await address.text()).toBe(201);
  if (cart) {
    const line = await request.put(`/api/cart/lines/${cart.partId}`, {
      headers: bearer(customer.token),
      data: { quantity: cart.quantity },
    });
    expect(line.status(), await line.text()).toBe(200);
  }
  return customer;
}

const TAKE_BACKORDERS = 'Take backorders when a restock date is known';

test('an admin lets a part take backorders; a customer orders more than the stock and sees what waits', async ({
  browser,
  page,
  request,
  shop,
}) => {
  test.slow();
  const adminToken = await apiSignIn(request, shop.admin);
  const { name, partNumber } = await newPart(request, adminToken, 'journey');
  const restock = restockIn(40);
  const waiting = `5 backordered, expected ${restock.day}`;

  // The admin ticks the choice on the part's edit page, then gives Dhaka a restock date.
  await signInAsAdmin(page, shop.admin);
  await page.goto('/dashboard');
  await dashboardMenu(page).getByRole('link', { name: 'Add a Product' }).click();
  await page.getByLabel('Search parts').fill(partNumber);
  await page.getByRole('button', { name: `Edit ${name}` }).click();
  const choice = page.getByRole('checkbox', { name: TAKE_BACKORDERS });
  await expect(choice).not.toBeChecked();
  await choice.check();
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(toast(page, `${name} was updated`)).toBeVisible();
  await page.getByRole('button', { name: `Edit ${name}` }).click();
  await expect(page.getByRole('checkbox', { name: TAKE_BACKORDERS })).toBeChecked();
  const inDhaka = page
    .getByRole('region', { name: 'Stock by warehouse' })
    .getByRole('form', { name: 'Dhaka (DHK)' });
  await expect(inDhaka.getByLabel('Quantity in Dhaka')).toHaveValue('4');
  await inDhaka.getByLabel('Restock date in Dhaka').fill(restock.iso);
  await inDhaka.getByRole('button', { name: 'Save the stock in Dhaka' }).click();
  await expect(toast(page, 'Dhaka now holds 4 of this part')).toBeVisible();

  // A customer, in a browser of their own, reads that orders above the stock are taken.
  const customer = await customerWithCart(request, shop, 'backorders');
  const context = await browser.newContext({ baseURL: shop.baseURL });
  const buyer = await context.newPage();
  await signIn(buyer, customer);
  await buyer.goto(`/parts/${encodeURIComponent(partNumber)}`);
  await expect(
    buyer
      .getByRole('region', { name: 'Stock by warehouse' })
      .getByText(`Orders above the stock are backordered: more expected ${restock.day}`),
  ).toBeVisible();
  await buyer.getByRole('button', { name: 'Add to cart' }).click();
  await expect(toast(buyer, `Added 2 × ${name} to your cart`)).toBeVisible();

  // Nine in the cart, four in stock: five are backordered, and the cart can still check out.
  await buyer.goto('/cart');
  const line = buyer.getByRole('listitem', { name });
  const quantity = line.getByRole('spinbutton', { name: `Quantity of ${name}` });
  await expect(quantity).toHaveValue('2');
  await quantity.fill('9');
  await quantity.press('Enter');
  await expect(line.getByText(waiting)).toBeVisible();
  await expect(line.getByText('Only 4 in stock')).toHaveCount(0);
  await buyer.getByRole('link', { name: 'Check out' }).click();
  await expect(buyer.getByRole('table', { name: 'What this order holds' })).toContainText(waiting);
  await expect(buyer.getByRole('radio', { name: /12 Dock Road/ })).toBeChecked();
  await buyer.getByLabel('Phone').fill('01712345678');
  await buyer.getByRole('button', { name: 'Place the order' }).click();
  await expect(buyer).toHaveURL(/\/payment\/[0-9a-f-]{36}$/);
  const orderId = buyer.url().split('/').at(-1) ?? '';
  await expect(buyer.getByText(waiting)).toBeVisible();
  await buyer.goto('/dashboard/myorder2');
  await expect(
    buyer.getByRole('article').filter({ hasText: name }).getByText(waiting),
  ).toBeVisible();
  await context.close();

  // Paid, the order still waits: the admin sees why, and Ship is refused in the server's words.
  await apiPay(request, customer.token, orderId);
  await dashboardMenu(page).getByRole('link', { name: 'Manage All Orders' }).click();
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row.getByText(waiting)).toBeVisible();
  await row.getByRole('button', { name: /^Ship order/ }).click();
  await page.getByRole('button', { name: 'Ship the order' }).click();
  await expect(
    toast(page, 'This order waits for backordered parts: it ships complete when they arrive'),
  ).toBeVisible();
  await expect(row.getByText('Pending')).toBeVisible();
});

for (const theme of ['light', 'dark'] as const)
  test.describe(`backorders in the ${theme} theme`, () => {
    test.use({ colorScheme: theme, reducedMotion: 'reduce' });

    test('the cart with a backordered line and the part form’s checkbox have no serious axe violation, on a desktop and a 360 px phone', async ({
      page,
      request,
      shop,
    }) => {
      test.slow();
      const adminToken = await apiSignIn(request, shop.admin);
      const { id, name, partNumber } = await newPart(request, adminToken, theme);
      const restock = restockIn(30);
      const edited = await request.put(`/api/admin/parts/${id}/stock`, {
        headers: bearer(adminToken),
        data: { warehouse: 'DHK', quantity: 4, restockDate: restock.iso },
      });
      expect(edited.status(), await edited.text()).toBe(200);
      const part = (await edited.json()) as Part;
      const allowed = await request.put(`/api/item/${id}`, {
        headers: { ...bearer(adminToken), 'if-match': `"${part.version}"` },
        data: {
          name,
          description: part.description,
          img: null,
          availableQuantity: part.availableQuantity,
          minimumQuantity: part.minimumQuantity,
          price: part.price,
          allowBackorder: true,
        },
      });
      expect(allowed.status(), await allowed.text()).toBe(200);

      const customer = await customerWithCart(request, shop, `backorders-${theme}`, {
        partId: id,
        quantity: 9,
      });
      await signIn(page, customer);
      await page.goto('/cart');
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      const line = page.getByRole('listitem', { name });
      await expect(line.getByText(`5 backordered, expected ${restock.day}`)).toBeVisible();
      await expect(page.getByRole('link', { name: 'Check out' })).toBeVisible();
      expect(await seriousViolations(page), 'the cart with a backordered line').toEqual([]);
      await page.setViewportSize({ width: 360, height: 740 });
      await line.scrollIntoViewIfNeeded();
      await expectNoSidewaysScroll(page);
      expect(await seriousViolations(page), 'the cart on a phone').toEqual([]);

      // The part form's checkbox, ticked for this part; reached and changed by keyboard.
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.getByRole('button', { name: 'SignOut' }).click();
      await signInAsAdmin(page, shop.admin);
      await page.goto('/dashboard/addproduct');
      await page.getByLabel('Search parts').fill(partNumber);
      await page.getByRole('button', { name: `Edit ${name}` }).click();
      const choice = page.getByRole('checkbox', { name: TAKE_BACKORDERS });
      await expect(choice).toBeChecked();
      await choice.focus();
      await page.keyboard.press('Space');
      await expect(choice).not.toBeChecked();
      await page.keyboard.press('Space');
      await expect(choice).toBeChecked();
      expect(await seriousViolations(page), 'the part form with its backorder choice').toEqual([]);
      await page.setViewportSize({ width: 360, height: 740 });
      await choice.scrollIntoViewIfNeeded();
      await expectNoSidewaysScroll(page);
      expect(await seriousViolations(page), 'the part form on a phone').toEqual([]);
    });
  });
