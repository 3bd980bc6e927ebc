// Nothing happens twice (issue 30 #1): a person double-clicks every button that creates something
// and exactly one thing is made, sent as one request; a retry of a lost reply with the same
// Idempotency-Key answers the first order instead of placing a second one.
import type { Order } from '@axle/contract';
import { expect, type Page, test } from '@playwright/test';
import { apiCustomer, bearer, countRequests } from './support/admin.ts';
import { apiParts } from './support/catalogue.ts';

const dataDir = process.env.AXLE_E2E_DATA_DIR ?? '';

async function signInPage(page: Page, token: string) {
  await page.addInitScript((value) => localStorage.setItem('access-token', value), token);
}

async function ordersOf(page: Page, who: { email: string; token: string }): Promise<Order[]> {
  const response = await page.request.get('/api/userorder', {
    headers: bearer(who.token),
    params: { email: who.email },
  });
  expect(response.status()).toBe(200);
  return (await response.json()) as Order[];
}

test('a double click on Place Order, Add to cart, Place the order and Pay makes one of each', async ({
  page,
}) => {
  const buyer = await apiCustomer(page.request, 'double', { dataDir });
  await signInPage(page, buyer.token);
  const [pads, filter] = await apiParts(page.request);
  if (!pads || !filter) throw new Error('the demo catalogue has no parts');

  // The purchase form.
  const orderPosts = countRequests(page, 'POST', /^\/api\/order$/);
  await page.goto(`/purchase/${pads._id}`);
  await page.getByLabel('Phone').fill('01712345678');
  await page.getByLabel('City').selectOption('Dhaka');
  await page.getByLabel('Street address').fill('House 12, Road 5, Dhanmondi');
  await page.getByRole('button', { name: 'Place Order' }).dblclick();
  await expect(
    page.getByRole('status').filter({ hasText: 'Thank you for your order' }),
  ).toBeVisible();
  expect(orderPosts()).toBe(1);
  expect(await ordersOf(page, buyer)).toHaveLength(1);

  // Add to cart adds the part's minimum once.
  const cartPosts = countRequests(page, 'POST', /^\/api\/cart\/lines$/);
  await page.getByRole('button', { name: 'Add to cart' }).dblclick();
  await expect(
    page.getByText(`Added ${pads.minimumQuantity} × ${pads.name} to your cart`),
  ).toBeVisible();
  expect(cartPosts()).toBe(1);
  const cart = await page.request.get('/api/cart', { headers: bearer(buyer.token) });
  expect(((await cart.json()) as { lines: { quantity: number }[] }).lines).toEqual([
    expect.objectContaining({ quantity: pads.minimumQuantity }),
  ]);

  // Checkout places one order of the cart.
  const checkouts = countRequests(page, 'POST', /^\/api\/checkout$/);
  await page.goto('/checkout');
  await page.getByRole('radio', { name: /new address/i }).check();
  await page.getByLabel(/Address line 1/).fill('12 Dock Road');
  await page.getByLabel(/^City/).fill('Chattogram');
  await page.getByLabel(/Postal code/).fill('4100');
  await page.getByLabel(/Country/).fill('Bangladesh');
  await page.getByLabel('Phone').fill('01712345678');
  await page.getByRole('button', { name: 'Place the order' }).dblclick();
  await expect(page).toHaveURL(/\/payment\/[0-9a-f-]{36}$/);
  expect(checkouts()).toBe(1);
  expect(await ordersOf(page, buyer)).toHaveLength(2);

  // Pay charges once and records one payment.
  const confirms = countRequests(page, 'POST', /^\/api\/payments\/sandbox\/confirm$/);
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  const nextYear = String((new Date().getFullYear() + 2) % 100).padStart(2, '0');
  await page.getByLabel('MM / YY').fill(`12 / ${nextYear}`);
  await page.getByLabel('CVC').fill('123');
  await page.getByLabel('ZIP').fill('12345');
  const pay = page.getByRole('button', { name: /^Pay \$[\d,]+\.\d\d$/ });
  await expect(pay).toBeEnabled();
  await pay.dblclick();
  await expect(page.getByText('Congrats! Your payment is completed')).toBeVisible();
  expect(confirms()).toBe(1);
});

test('a retry after a lost reply answers the first order instead of placing a second', async ({
  page,
}) => {
  const buyer = await apiCustomer(page.request, 'retry', { dataDir });
  const [pads] = await apiParts(page.request);
  if (!pads) throw new Error('the demo catalogue has no parts');
  const body = {
    partsId: pads._id,
    tel: '01712345678',
    country: 'Bangladesh',
    city: 'Dhaka',
    address: 'House 12, Road 5, Dhanmondi',
    quantity: pads.minimumQuantity,
  };
  const headers = { ...bearer(buyer.token), 'idempotency-key': crypto.randomUUID() };
  const first = await page.request.post('/api/order', { headers, data: body });
  expect(first.status()).toBe(201);
  // The same attempt again, as a browser would retry a reply lost with the Wi-Fi.
  const again = await page.request.post('/api/order', { headers, data: body });
  expect(again.status()).toBe(201);
  expect(await again.json()).toEqual(await first.json());
  expect(await ordersOf(page, buyer)).toHaveLength(1);
});
