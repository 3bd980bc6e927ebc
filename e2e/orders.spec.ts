// Issue 4's journeys through the real server and the sandbox card provider: a customer orders a
// part, pays by card and follows the order on My Orders; a declined card; cancelling returns the
// stock; nobody pays someone else's order; Stripe's card form loads only in Stripe mode. The tests
// that read a part's stock order a part no other test orders, so tests running side by side never
// change the numbers they check.
import { expect, type Locator, type Page, test } from '@playwright/test';
import { newCustomer, register } from './support/accounts.ts';
import { seriousViolations } from './support/axe.ts';
import { apiParts, partCards } from './support/catalogue.ts';
import {
  cards,
  orderCard,
  payWithCard,
  placeOrder,
  progressStep,
  shownAvailable,
  shownMinimum,
} from './support/orders.ts';

const productsSection = (page: Page) =>
  page
    .locator('section')
    .filter({ has: page.getByRole('heading', { name: 'All of our products' }) });

const usd = (dollars: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(dollars);

/** The colour an element's text is drawn in, as [r, g, b] (whatever colour space the CSS uses). */
function textRgb(locator: Locator): Promise<number[]> {
  return locator.evaluate((element) => {
    const context = document.createElement('canvas').getContext('2d');
    if (!context) return [];
    context.fillStyle = getComputedStyle(element).color;
    context.fillRect(0, 0, 1, 1);
    return [...context.getImageData(0, 0, 1, 1).data.slice(0, 3)];
  });
}

/** The part with this index in the API's list and its purchase page. */
async function openPurchasePage(page: Page, index: number) {
  const part = (await apiParts(page.request))[index];
  if (!part) throw new Error(`no part number ${index}`);
  await page.goto(`/purchase/${part._id}`);
  await expect(page.getByRole('heading', { level: 1, name: part.name })).toBeVisible();
  return part;
}

test('a customer orders a part from the home page, pays with 4242 and sees the payment on My Orders', async ({
  page,
}) => {
  await register(page, newCustomer('buyer'));
  await page.goto('/');
  const card = partCards(productsSection(page)).first();
  const partName = (await card.getByRole('heading').textContent())?.trim() ?? '';
  await card.getByRole('link', { name: 'place order' }).click();

  await expect(page).toHaveURL(/\/purchase\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: partName })).toBeVisible();
  const minimum = await shownMinimum(page);
  const available = await shownAvailable(page);
  const quantity = page.getByLabel('Quantity');
  const placeOrderButton = page.getByRole('button', { name: 'Place Order' });
  await expect(quantity).toHaveValue(String(minimum));
  await expect(placeOrderButton).toBeEnabled();

  await quantity.fill(String(minimum - 1));
  await expect(page.getByText(`Minimum order ${minimum}`, { exact: true })).toBeVisible();
  await expect(placeOrderButton).toBeDisabled();
  await quantity.fill(String(available + 1));
  await expect(page.getByText(`maximum order ${available}`, { exact: true })).toBeVisible();
  await expect(placeOrderButton).toBeDisabled();
  await quantity.fill(String(minimum) + '.5');
  await expect(page.getByText('Quantity must be a whole number of units')).toBeVisible();
  await expect(placeOrderButton).toBeDisabled();
  await quantity.fill(String(minimum));
  await expect(page.getByText(/^(Minimum|maximum) order \d+$/)).toHaveCount(0);
  // What the order will cost, before it is placed.
  const unitPrice = (await apiParts(page.request)).find((part) => part.name === partName)?.price;
  expect(unitPrice).toBeDefined();
  await expect(page.locator('output[for="order-quantity"]')).toContainText(
    `Order total${usd((unitPrice ?? 0) * minimum)}`,
  );

  const orderId = await placeOrder(page);
  // The form starts afresh, and the stock shown is what is left.
  await expect(page.getByLabel('Phone')).toHaveValue('');
  await expect(page.getByLabel('Street address')).toHaveValue('');
  await expect(quantity).toHaveValue(String(minimum));
  await expect(page.getByText(`Available quantity: ${available - minimum}`)).toBeVisible();

  await page.getByRole('link', { name: 'Pay for this order' }).click();
  await expect(page).toHaveURL(`/payment/${orderId}`);
  const summary = page.getByRole('region', { name: 'Order summary' });
  await expect(summary).toContainText(partName);
  await expect(summary).toContainText(String(minimum));
  await expect(summary).toContainText(usd((unitPrice ?? 0) * minimum));
  // The page names the order by its short number and where it goes; Pay names the amount.
  await expect(summary).toContainText(/Order \d{5,}/);
  await expect(summary).toContainText('House 12, Road 5, Dhanmondi, Dhaka, Bangladesh');
  await expect(
    page.getByRole('button', { name: `Pay ${usd((unitPrice ?? 0) * minimum)}` }),
  ).toBeVisible();

  await payWithCard(page, cards.succeeds);
  const paid = page.getByRole('status').filter({ hasText: 'Congrats! Your payment is completed' });
  await expect(paid).toBeVisible();
  await expect(paid).toContainText('Your transaction Id:');
  const transaction = (await paid.locator('strong').textContent())?.trim() ?? '';
  expect(transaction).not.toBe('');
  await expect(page.getByLabel('Card number')).toHaveCount(0);

  await paid.getByRole('link', { name: 'Go to My Orders' }).click();
  await expect(page).toHaveURL('/dashboard/myorder2');
  const order = orderCard(page, orderId);
  await expect(order.getByRole('heading', { name: partName })).toBeVisible();
  await expect(order).toContainText(transaction);
  await expect(order.getByRole('button', { name: 'PROCESS SHIPMENT' })).toBeVisible();
  await expect(order.getByRole('link', { name: 'PAY NOW' })).toHaveCount(0);
  await expect(order.getByRole('button', { name: 'CANCEL ORDER' })).toHaveCount(0);
  for (const step of ['Register', 'Place Order', 'Payment']) {
    await expect(progressStep(order, step)).toHaveClass(/step-primary/);
  }
  await expect(progressStep(order, 'Receive Product')).not.toHaveClass(/step-primary/);

  // A paid order shows its transaction and no card form, also on a later visit.
  await page.goto(`/payment/${orderId}`);
  await expect(page.getByRole('status').filter({ hasText: 'This order is paid' })).toContainText(
    transaction,
  );
  await expect(page.getByLabel('Card number')).toHaveCount(0);
});

test('a declined card shows the provider message in red and Pay can be used again', async ({
  page,
}) => {
  const fetched: string[] = [];
  page.on('request', (request) => fetched.push(request.url()));
  await register(page, newCustomer('declined'));
  await openPurchasePage(page, 1);
  const orderId = await placeOrder(page, 'Chattogram');
  await page.goto(`/payment/${orderId}`);

  await payWithCard(page, cards.declined);
  const message = page.getByRole('alert').filter({ hasText: 'Your card was declined.' });
  await expect(message).toBeVisible();
  const [red = 0, green = 0, blue = 0] = await textRgb(message);
  expect(red).toBeGreaterThan(green + 60);
  expect(red).toBeGreaterThan(blue + 60);
  const pay = page.getByRole('button', { name: /^Pay \$[\d,]+\.\d\d$/ });
  await expect(pay).toBeEnabled();

  // The same order can still be paid with a good card.
  await page.getByLabel('Card number').fill(cards.succeeds);
  await pay.click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Congrats! Your payment is completed' }),
  ).toBeVisible();
  // The sandbox needs nothing of Stripe's: neither its packages' chunk nor its script.
  expect(fetched.filter((url) => /StripeCardForm|stripe\.com/.test(url))).toEqual([]);
});

test("in Stripe mode the payment page loads Stripe's card form on demand, and says so when Stripe.js cannot load", async ({
  page,
}) => {
  await register(page, newCustomer('stripe'));
  await openPurchasePage(page, 1);
  const orderId = await placeOrder(page, 'Cumilla');
  // This server runs the sandbox; the page is told otherwise, and Stripe's host is unreachable.
  await page.route('**/api/config', (route) =>
    route.fulfill({
      json: {
        payments: { provider: 'stripe', publishableKey: 'pk_test_e2e' },
        taxRateBasisPoints: 0,
      },
    }),
  );
  await page.route('https://js.stripe.com/**', (route) => route.abort());
  const chunk = page.waitForRequest(/\/assets\/StripeCardForm-[\w-]+\.js$/);
  await page.goto(`/payment/${orderId}`);
  await chunk;
  await expect(page.locator('script[src^="https://js.stripe.com/"]')).toHaveCount(1);
  await expect(page.getByRole('alert')).toContainText('The card form could not be loaded.');
  await expect(page.getByLabel('Card number')).toHaveCount(0);
});

test('cancelling an unpaid order (after confirming) removes it and returns the stock', async ({
  page,
}) => {
  await register(page, newCustomer('cancel'));
  const part = (await apiParts(page.request))[2];
  if (!part) throw new Error('no third part');
  const partCard = () =>
    partCards(page).filter({ has: page.getByRole('heading', { name: part.name, exact: true }) });
  await page.goto(`/parts?search=${encodeURIComponent(part.name)}`);
  const before = await shownAvailable(partCard());

  await openPurchasePage(page, 2);
  const orderId = await placeOrder(page, 'Rangpur');
  await page.goto(`/parts?search=${encodeURIComponent(part.name)}`);
  await expect(
    partCard().getByText(`Available quantity: ${before - part.minimumQuantity}`),
  ).toBeVisible();

  await page.getByRole('link', { name: 'Dashboard' }).click();
  await page.getByRole('link', { name: 'My Orders' }).click();
  const order = orderCard(page, orderId);
  await expect(order).toContainText('not paid yet');
  await expect(order.getByRole('link', { name: 'PAY NOW' })).toHaveAttribute(
    'href',
    `/payment/${orderId}`,
  );
  await expect(progressStep(order, 'Place Order')).toHaveClass(/step-primary/);
  await expect(progressStep(order, 'Payment')).not.toHaveClass(/step-primary/);

  // Escape keeps the order.
  await order.getByRole('button', { name: 'CANCEL ORDER' }).click();
  const dialog = page.getByRole('dialog', { name: /^Cancel order \d+\?$/ });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Keep the order' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(order).toBeVisible();

  await order.getByRole('button', { name: 'CANCEL ORDER' }).click();
  await dialog.getByRole('button', { name: 'Yes, cancel the order' }).click();
  await expect(dialog).toBeHidden();
  await expect(order).toHaveCount(0);
  await expect(page.getByText('You have no orders yet.')).toBeVisible();

  await page.getByRole('link', { name: 'Parts', exact: true }).click();
  await page.getByLabel('Search parts').fill(part.name);
  await expect(
    partCard().getByText(`Available quantity: ${before}`, { exact: true }),
  ).toBeVisible();
});

test("someone else's order at /payment/{id} sends the visitor to /", async ({ page, browser }) => {
  await register(page, newCustomer('owner'));
  await openPurchasePage(page, 3);
  const orderId = await placeOrder(page, 'Sylhet');

  const other = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  try {
    const stranger = await other.newPage();
    await register(stranger, newCustomer('stranger'));
    await stranger.goto(`/payment/${orderId}`);
    await expect(stranger).toHaveURL(/\/$/);
    await expect(stranger.getByRole('heading', { name: 'All of our products' })).toBeVisible();
    await expect(stranger.getByLabel('Card number')).toHaveCount(0);
  } finally {
    await other.close();
  }
});

for (const theme of ['light', 'dark'] as const) {
  test.describe(`in the ${theme} theme`, () => {
    test.use({ colorScheme: theme, reducedMotion: 'reduce' });

    test('the purchase, payment and My Orders pages have no serious or critical axe violation', async ({
      page,
    }) => {
      // Sign-up through the e-mailed link, an order, a declined and a paid card, and five axe
      // scans: about 30 s on this machine, the default limit.
      test.slow();
      await register(page, newCustomer(`axe-${theme}`));
      await openPurchasePage(page, theme === 'light' ? 4 : 5);
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      const minimum = await shownMinimum(page);
      await page.getByLabel('Quantity').fill(String(minimum - 1));
      await expect(page.getByText(`Minimum order ${minimum}`, { exact: true })).toBeVisible();
      expect(await seriousViolations(page), 'purchase page').toEqual([]);
      await page.getByLabel('Quantity').fill(String(minimum));
      const orderId = await placeOrder(page);
      expect(await seriousViolations(page), 'purchase page after ordering').toEqual([]);

      await page.goto('/dashboard/myorder2');
      await orderCard(page, orderId).getByRole('button', { name: 'CANCEL ORDER' }).click();
      const dialog = page.getByRole('dialog', { name: /^Cancel order \d+\?$/ });
      await expect(dialog).toBeVisible();
      expect(await seriousViolations(page), 'My Orders with the dialog').toEqual([]);
      await dialog.getByRole('button', { name: 'Keep the order' }).click();
      await expect(dialog).toBeHidden();

      await page.goto(`/payment/${orderId}`);
      await payWithCard(page, cards.declined);
      await expect(
        page.getByRole('alert').filter({ hasText: 'Your card was declined.' }),
      ).toBeVisible();
      expect(await seriousViolations(page), 'payment page, declined').toEqual([]);
      await page.getByLabel('Card number').fill(cards.succeeds);
      await page.getByRole('button', { name: /^Pay \$[\d,]+\.\d\d$/ }).click();
      await expect(page.getByText('Congrats! Your payment is completed')).toBeVisible();
      expect(await seriousViolations(page), 'payment page, paid').toEqual([]);
    });
  });
}
