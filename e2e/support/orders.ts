// Ordering helpers for journeys: the purchase form, the card form and My Orders, driven as a
// customer would (visible labels and button names of SPEC §2 and PRODUCT §4).
import { expect, type Locator, type Page } from '@playwright/test';

/** Stripe's test cards, which the sandbox provider follows (issue 4). */
export const cards = {
  succeeds: '4242 4242 4242 4242',
  declined: '4000 0000 0000 0002',
};

/** "Available quantity: 2400" of the part on the purchase page or a part card, as a number. */
export async function shownAvailable(scope: Page | Locator): Promise<number> {
  const line = scope.getByText(/^Available quantity:/);
  await expect(line).toBeVisible();
  return Number(((await line.textContent()) ?? '').replace(/\D/g, ''));
}

/** The purchase page's "Minimum order quantity: 100", as a number. */
export async function shownMinimum(page: Page): Promise<number> {
  const line = page.getByText(/^Minimum order quantity:/);
  await expect(line).toBeVisible();
  return Number(((await line.textContent()) ?? '').replace(/\D/g, ''));
}

/**
 * Fills the order form of the purchase page (the quantity stays at its default, the minimum),
 * places the order and returns the new order's id from the "pay" link.
 */
export async function placeOrder(page: Page, city = 'Dhaka'): Promise<string> {
  await page.getByLabel('Phone').fill('01712345678');
  await page.getByLabel('Country').selectOption('Bangladesh');
  await page.getByLabel('City').selectOption(city);
  await page.getByLabel('Street address').fill('House 12, Road 5, Dhanmondi');
  await page.getByRole('button', { name: 'Place Order' }).click();
  const placed = page.getByRole('status').filter({ hasText: 'Thank you for your order' });
  await expect(placed).toBeVisible();
  const href = await placed.getByRole('link', { name: 'Pay for this order' }).getAttribute('href');
  const id = href?.match(/^\/payment\/([0-9a-f-]{36})$/)?.[1];
  if (!id) throw new Error(`no payment link after ordering: ${href}`);
  return id;
}

/** Fills the payment page's card form and presses Pay. */
export async function payWithCard(page: Page, number: string): Promise<void> {
  await page.getByLabel('Card number').fill(number);
  const nextYear = String((new Date().getFullYear() + 2) % 100).padStart(2, '0');
  await page.getByLabel('MM / YY').fill(`12 / ${nextYear}`);
  await page.getByLabel('CVC').fill('123');
  await page.getByLabel('ZIP').fill('12345');
  const pay = page.getByRole('button', { name: /^Pay \$[\d,]+\.\d\d$/ });
  await expect(pay).toBeEnabled();
  await pay.click();
}

/** The card of one order on My Orders (an article named after its part, holding its id). */
export function orderCard(page: Page, orderId: string): Locator {
  return page.getByRole('article').filter({ hasText: orderId });
}

/** A step of an order card's progress bar (Register, Place Order, Payment, Receive Product). */
export function progressStep(card: Locator, step: string): Locator {
  return card
    .getByRole('list', { name: 'Order progress' })
    .getByRole('listitem')
    .filter({ hasText: step });
}
