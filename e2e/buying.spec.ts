// Issue 17, buying as a business: a workshop fills a cart from the catalogue and by quick order,
// checks out to a saved address with its PO number, pays with 4242, receives the e-mails and
// downloads the invoice; the admin ships with a tracking number, which the customer then sees;
// the customer orders the same again. On a shop of its own with a CLI-made admin (support/admin.ts).
import { readFile } from 'node:fs/promises';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { type Customer, submitLogin } from './support/accounts.ts';
import { apiCustomer, type Shop, signInAsAdmin, test } from './support/admin.ts';
import { seriousViolations } from './support/axe.ts';
import { apiParts } from './support/catalogue.ts';
import { cards, orderCard, payWithCard } from './support/orders.ts';
import { waitForMail } from './support/outbox.ts';
import { expectNoSidewaysScroll, toast } from './support/pages.ts';

test('a workshop buys many parts in one order, pays it, gets its invoice, sees it shipped and orders it again', async ({
  page,
  request,
  shop,
  browser,
}) => {
  test.setTimeout(120_000);
  const buyer = await apiCustomer(request, 'workshop', shop);
  await page.goto('/login');
  await submitLogin(page, buyer.email, buyer.password);
  await expect(page.getByRole('button', { name: 'SignOut' })).toBeVisible();

  // A ship-to address, saved once.
  await page.goto('/dashboard/addresses');
  await page.getByLabel(/Address line 1/).fill('12 Dock Road');
  await page.getByLabel(/^City/).fill('Chattogram');
  await page.getByLabel(/Postal code/).fill('4100');
  await page.getByLabel(/Country/).fill('Bangladesh');
  await page.getByRole('button', { name: /Save/ }).click();
  await expect(page.getByText('12 Dock Road')).toBeVisible();

  // The brake pads, found by their number in the catalogue, into the cart from their card.
  await page.goto('/parts?q=P%2083%20140');
  const pads = page.getByRole('article').filter({ hasText: 'Ceramic Front Brake Pad Set' });
  await expect(pads.getByText(/Volume prices: from 500: \$17\.25/)).toBeVisible();
  await pads.getByRole('button', { name: 'Add to cart' }).click();
  await expect(toast(page, 'Added 100 × Ceramic Front Brake Pad Set to your cart')).toBeVisible();

  // Two more parts by quick order, one line refused with its reason.
  await page.goto('/quick-order');
  await page
    .getByLabel('Part numbers and quantities')
    .fill('W 68/3, 500\nilkar7b11\t200\nNO-SUCH-PART, 5');
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByRole('heading', { name: 'Added to your cart (2)' })).toBeVisible();
  await expect(page.getByText('No part with number NO-SUCH-PART')).toBeVisible();

  // The cart: three lines, the oil filters at their volume price.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /^Cart/ }).click();
  await expect(page).toHaveURL('/cart');
  const filters = page.getByRole('listitem').filter({ hasText: 'Spin-On Oil Filter' });
  await expect(filters.getByText('volume price', { exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Cart total' })).toContainText('Total$5,580.00');
  await page.getByRole('link', { name: 'Check out' }).click();

  // Checkout to the saved address, with a PO number.
  await expect(page.getByRole('heading', { name: 'Check out' })).toBeVisible();
  await expect(page.getByRole('radio', { name: /12 Dock Road/ })).toBeChecked();
  await page.getByLabel('Phone').fill('01712345678');
  await page.getByLabel('Your PO number').fill('PO-2026-118');
  await page.getByRole('button', { name: 'Place the order' }).click();
  await expect(page).toHaveURL(/\/payment\/[0-9a-f-]{36}$/);
  const orderId = page.url().split('/').at(-1) ?? '';
  await expect(page.getByRole('table')).toContainText('Iridium Spark Plug');
  await payWithCard(page, cards.succeeds);
  await expect(page.getByText('Congrats! Your payment is completed')).toBeVisible();

  // The e-mails: placed, then paid with the invoice attached.
  const placed = await waitForMail(buyer.email, { subject: /is placed/, dataDir: shop.dataDir });
  expect(placed.text).toContain('PO-2026-118');
  expect(placed.text).toContain('Spin-On Oil Filter');
  const paid = await waitForMail(buyer.email, {
    subject: /Payment received/,
    dataDir: shop.dataDir,
  });
  expect(paid.attachments).toEqual([
    { filename: expect.stringMatching(/^INV-\d{6}\.pdf$/), type: 'application/pdf' },
  ]);

  // My Orders: the lines, the PO number, the invoice to download.
  await page.goto('/dashboard/myorder2');
  const card = orderCard(page, orderId);
  await expect(card.getByText('PO-2026-118')).toBeVisible();
  await expect(card.getByRole('table')).toContainText('ILKAR7B11');
  const download = page.waitForEvent('download');
  await card.getByRole('button', { name: 'Download invoice' }).click();
  const invoice = await download;
  expect(invoice.suggestedFilename()).toMatch(/^INV-\d{6}\.pdf$/);
  expect((await readFile(await invoice.path())).subarray(0, 5).toString()).toBe('%PDF-');

  // The admin ships it with a tracking number.
  const adminContext = await browser.newContext({ baseURL: shop.baseURL });
  const admin = await adminContext.newPage();
  await signInAsAdmin(admin, shop.admin);
  await admin.goto('/dashboard/manageallorders');
  const row = admin.getByRole('row').filter({ hasText: buyer.email }).first();
  await row.getByRole('button', { name: /^Ship/ }).click();
  const dialog = admin.getByRole('dialog');
  await dialog.getByLabel(/Tracking number/).fill('DHL 4471-2209');
  await dialog.getByRole('button', { name: 'Ship the order' }).click();
  await expect(toast(admin, 'Item Shipped')).toBeVisible();
  await adminContext.close();
  await waitForMail(buyer.email, { subject: /has shipped/, dataDir: shop.dataDir });

  // The customer sees it shipped with its tracking number, and orders it again.
  await page.reload();
  await expect(card.getByText('DHL 4471-2209', { exact: true })).toBeVisible();
  await expect(card.getByText('Shipped — tracking DHL 4471-2209')).toBeVisible();
  await expect(card.getByRole('button', { name: 'RECEIVED' })).toBeVisible();
  await card.getByRole('button', { name: 'Order these again' }).click();
  await expect(page).toHaveURL('/cart');
  await expect(page.getByRole('listitem').filter({ hasText: 'Iridium Spark Plug' })).toBeVisible();
});

/**
 * A signed-in customer with a saved address and a cart of two parts (one below its minimum, so
 * the cart shows a problem), made through the API, then signed in on the page.
 */
async function buyerWithCart(page: Page, request: APIRequestContext, label: string, shop: Shop) {
  const buyer: Customer & { token: string } = await apiCustomer(request, label, shop);
  const headers = { authorization: `Bearer ${buyer.token}` };
  const address = await request.post('/api/addresses', {
    headers,
    data: { line1: '7 Quay Street', city: 'Khulna', postalCode: '9100', country: 'Bangladesh' },
  });
  expect(address.status(), await address.text()).toBe(201);
  const [pads] = await apiParts(request, 'P 83 140');
  const [filter] = await apiParts(request, 'W 68/3');
  if (!pads || !filter) throw new Error('the demo parts are missing');
  for (const [part, quantity] of [
    [pads, pads.minimumQuantity],
    [filter, filter.minimumQuantity - 1],
  ] as const) {
    const put = await request.put(`/api/cart/lines/${part._id}`, { headers, data: { quantity } });
    expect(put.status(), await put.text()).toBe(200);
  }
  await page.goto('/login');
  await submitLogin(page, buyer.email, buyer.password);
  await expect(page.getByRole('button', { name: 'SignOut' })).toBeVisible();
  return { filter };
}

for (const theme of ['light', 'dark'] as const) {
  test.describe(`in the ${theme} theme`, () => {
    test.use({ colorScheme: theme, reducedMotion: 'reduce' });

    test('the cart, quick order, checkout and My Addresses pages have no serious or critical axe violation', async ({
      page,
      request,
      shop,
    }) => {
      test.slow();
      const { filter } = await buyerWithCart(page, request, `axe-buyer-${theme}`, shop);

      await page.goto('/cart');
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      await expect(
        page.getByText(`The minimum order for this part is ${filter.minimumQuantity}`),
      ).toBeVisible();
      expect(await seriousViolations(page), 'cart with a problem').toEqual([]);

      // By keyboard: the quantity typed and committed with Enter, then on to checkout.
      await page.getByLabel(`Quantity of ${filter.name}`).focus();
      await page.keyboard.press('ControlOrMeta+a');
      await page.keyboard.type(String(filter.minimumQuantity));
      await page.keyboard.press('Enter');
      await expect(page.getByText(/The minimum order for this part/)).toHaveCount(0);
      await page.getByRole('link', { name: 'Check out' }).focus();
      await page.keyboard.press('Enter');
      await expect(page.getByRole('heading', { name: 'Check out' })).toBeVisible();
      await expect(page.getByRole('radio', { name: /7 Quay Street/ })).toBeChecked();
      expect(await seriousViolations(page), 'checkout').toEqual([]);

      await page.goto('/quick-order');
      await page.getByLabel('Part numbers and quantities').fill('NO-SUCH-PART, 5');
      await page.getByRole('button', { name: 'Add to cart' }).click();
      await expect(page.getByText('No part with number NO-SUCH-PART')).toBeVisible();
      expect(await seriousViolations(page), 'quick order with a refused line').toEqual([]);

      await page.goto('/dashboard/addresses');
      await expect(page.getByText('7 Quay Street')).toBeVisible();
      expect(await seriousViolations(page), 'My Addresses').toEqual([]);
    });
  });
}

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });

  test('the cart, checkout and My Addresses fit the screen, and the drawer leads to My Addresses', async ({
    page,
    request,
    shop,
  }) => {
    const { filter } = await buyerWithCart(page, request, 'phone-buyer', shop);
    await page.goto('/cart');
    await expect(page.getByText(/The minimum order for this part/)).toBeVisible();
    await expectNoSidewaysScroll(page);
    await page.getByLabel(`Quantity of ${filter.name}`).fill(String(filter.minimumQuantity));
    await page.getByLabel(`Quantity of ${filter.name}`).press('Enter');
    await page.getByRole('link', { name: 'Check out' }).click();
    await expect(page.getByRole('radio', { name: /7 Quay Street/ })).toBeChecked();
    await expectNoSidewaysScroll(page);

    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'Open dashboard menu' }).click();
    const menu = page.getByRole('navigation', { name: 'Dashboard' });
    await menu.getByRole('link', { name: 'My Addresses' }).click();
    await expect(menu).toBeHidden();
    await expect(page.getByText('7 Quay Street')).toBeVisible();
    await expectNoSidewaysScroll(page);
  });
});
