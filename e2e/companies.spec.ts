// Issue 18, company accounts: an owner creates a company and invites a buyer with a $100 spending
// limit; the buyer signs up through the e-mailed link, joins, and checks out a cart above the limit,
// so the order awaits approval and cannot be paid; the owner approves it in My Company, and the
// buyer then pays it with 4242. My Company has no serious axe violation in either theme, works with
// a keyboard, and fits a phone. A company the shop's admin lets pay on account, at its own price
// of a part: its member sees "Your price" where a visitor sees the list price, checks out on
// account above the buyer's limit, the owner's approval invoices it, and the admin's record of the
// payment settles it. On a shop of its own with a seeded catalogue (support/admin.ts).
import type { Order } from '@axle/contract';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import {
  type Customer,
  newCustomer,
  openVerificationLink,
  submitLogin,
  submitRegister,
} from './support/accounts.ts';
import { apiCustomer, apiOrder, apiSignIn, bearer, type Shop, test } from './support/admin.ts';
import { seriousViolations } from './support/axe.ts';
import { apiParts } from './support/catalogue.ts';
import { cards, orderCard, payWithCard } from './support/orders.ts';
import { linkTo, waitForMail } from './support/outbox.ts';
import { expectNoSidewaysScroll, toast } from './support/pages.ts';

const AWAITING_APPROVAL =
  "This order awaits approval by your company's owner: it can be paid once approved";

async function signIn(page: Page, who: Customer) {
  await page.goto('/login');
  await submitLogin(page, who.email, who.password);
  await expect(page.getByRole('button', { name: 'SignOut' })).toBeVisible();
}

test('an owner invites a buyer with a limit, approves the order above it, and the buyer then pays it', async ({
  page,
  request,
  shop,
  browser,
}) => {
  test.setTimeout(150_000);
  const owner = await apiCustomer(request, 'owner', shop);
  await signIn(page, owner);

  // The owner creates the company from the dashboard's menu.
  await page.goto('/dashboard');
  await page
    .getByRole('navigation', { name: 'Dashboard' })
    .getByRole('link', { name: 'My Company' })
    .click();
  await expect(page.getByRole('heading', { name: 'My Company' })).toBeVisible();
  const create = page.getByRole('region', { name: 'Create your company' });
  await create.getByLabel('Legal name').fill('Harbour Fleet Ltd');
  await create.getByLabel('Tax/VAT id').fill('BD 1234567');
  const billing = create.getByRole('group', { name: 'Billing address' });
  await billing.getByLabel(/Address line 1/).fill('12 Dock Road');
  await billing.getByLabel('City').fill('Chattogram');
  await billing.getByLabel('Postal code').fill('4100');
  await billing.getByLabel('Country').fill('Bangladesh');
  await create.getByRole('button', { name: 'Create the company' }).click();
  await expect(page.getByRole('heading', { name: /Harbour Fleet Ltd/ })).toBeVisible();
  await expect(toast(page, 'Harbour Fleet Ltd is created: you are its owner.')).toBeVisible();

  // It invites a buyer with a $100 limit per order.
  const buyer = newCustomer('buyer');
  const invite = page.getByRole('region', { name: 'Invite someone' });
  await invite.getByLabel('E-mail').fill(buyer.email);
  await invite.getByLabel('Role').selectOption('buyer');
  await invite.getByLabel(/Spending limit per order/).fill('100');
  await invite.getByRole('button', { name: 'Send the invitation' }).click();
  await expect(toast(page, `The invitation was sent to ${buyer.email}.`)).toBeVisible();
  const waiting = page.getByRole('list', { name: 'Invitations waiting' }).getByRole('listitem');
  await expect(waiting).toContainText(`${buyer.email}as Buyer, spending limit: $100.00`);

  // The buyer opens the e-mailed link, has no account yet, signs up on the way and comes back.
  const invitation = await waitForMail(buyer.email, {
    subject: /invites you to buy for Harbour Fleet Ltd/,
    dataDir: shop.dataDir,
  });
  const joinLink = linkTo(invitation, '/company/join');
  const buyerContext = await browser.newContext({ baseURL: shop.baseURL });
  const buyerPage = await buyerContext.newPage();
  await buyerPage.goto(joinLink);
  await expect(buyerPage).toHaveURL(/\/login$/);
  await buyerPage.getByRole('link', { name: 'Register here' }).click();
  await submitRegister(buyerPage, buyer);
  await openVerificationLink(buyerPage, buyer, { dataDir: shop.dataDir });
  await expect(buyerPage).toHaveURL(joinLink);
  await expect(buyerPage.getByText(`You are signed in as ${buyer.email}`)).toBeVisible();
  await buyerPage.getByRole('button', { name: 'Join the company' }).click();
  await expect(buyerPage).toHaveURL('/dashboard/company');
  await expect(toast(buyerPage, /Welcome to Harbour Fleet Ltd/)).toBeVisible();
  const people = buyerPage.getByRole('table', { name: /The people of your company/ });
  await expect(people.getByRole('row').filter({ hasText: buyer.email })).toContainText('$100.00');

  // A cart above the limit: 100 brake pads at $18.50.
  await buyerPage.goto('/parts?q=P%2083%20140');
  const pads = buyerPage.getByRole('article').filter({ hasText: 'Ceramic Front Brake Pad Set' });
  await pads.getByRole('button', { name: 'Add to cart' }).click();
  await expect(toast(buyerPage, /Added 100 × Ceramic Front Brake Pad Set/)).toBeVisible();
  await buyerPage.goto('/checkout');
  const address = buyerPage.getByRole('group', { name: 'The new address' });
  await address.getByLabel(/Address line 1/).fill('7 Quay Street');
  await address.getByLabel('City').fill('Khulna');
  await address.getByLabel('Postal code').fill('9100');
  await address.getByLabel('Country').fill('Bangladesh');
  await buyerPage.getByLabel('Phone').fill('01712345678');
  await buyerPage.getByRole('button', { name: 'Place the order' }).click();
  await expect(buyerPage).toHaveURL(/\/payment\/[0-9a-f-]{36}$/);
  const orderId = buyerPage.url().split('/').at(-1) ?? '';

  // It awaits approval: no card form on the payment page, no PAY NOW in My Orders.
  await expect(buyerPage.getByText(AWAITING_APPROVAL)).toBeVisible();
  await expect(buyerPage.getByLabel('Card number')).toHaveCount(0);
  await buyerPage.goto('/dashboard/myorder2');
  const card = orderCard(buyerPage, orderId);
  await expect(card.getByText('Awaiting approval')).toBeVisible();
  await expect(card.getByRole('link', { name: 'PAY NOW' })).toHaveCount(0);
  await expect(card.getByRole('button', { name: 'CANCEL ORDER' })).toBeVisible();

  // The owner sees it in My Company, and approves it with a note.
  await page.reload();
  const orders = page.getByRole('list', { name: 'The company’s orders' });
  const placedOrder = (await (
    await request.get(`/api/userorder?email=${encodeURIComponent(buyer.email)}`, {
      headers: bearer(await apiSignIn(request, buyer)),
    })
  ).json()) as Order[];
  const number = placedOrder.find((entry) => entry._id === orderId)?.number;
  const order = orders.getByRole('article').filter({ hasText: `Order ${number}` });
  await expect(order).toContainText(buyer.name);
  await expect(order).toContainText('$1,850.00');
  await expect(order.getByText('Awaiting approval')).toBeVisible();
  await order.getByRole('button', { name: /^Approve/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Approve this order?' });
  await dialog.getByLabel(/Note to the buyer/).fill('Fine for the vans');
  await dialog.getByRole('button', { name: 'Approve the order' }).click();
  await expect(
    toast(page, `Order ${number} is approved: ${buyer.name} can pay it now.`),
  ).toBeVisible();
  await expect(order.getByText('Approved')).toBeVisible();

  // The buyer now pays it.
  await buyerPage.reload();
  await expect(card.getByText('Approved')).toBeVisible();
  await expect(card.getByText('Fine for the vans')).toBeVisible();
  await card.getByRole('link', { name: 'PAY NOW' }).click();
  await expect(buyerPage).toHaveURL(`/payment/${orderId}`);
  await payWithCard(buyerPage, cards.succeeds);
  await expect(buyerPage.getByText('Congrats! Your payment is completed')).toBeVisible();
  await buyerContext.close();
});

/**
 * A company made through the API: its owner, and a buyer with a $100 limit who joined from the
 * e-mailed link and placed an order above it (awaiting approval). The owner is then signed in.
 */
async function companyWithAwaitingOrder(
  page: Page,
  request: APIRequestContext,
  label: string,
  shop: Shop,
): Promise<{ owner: Customer; buyer: Customer; order: Order }> {
  const owner = await apiCustomer(request, `${label}-owner`, shop);
  const created = await request.post('/api/company', {
    headers: bearer(owner.token),
    data: {
      legalName: `${label} Motors Ltd`,
      taxId: 'BD 7654321',
      billingAddress: { line1: '3 Mill Lane', city: 'Dhaka', postalCode: '1207', country: 'BD' },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const buyer = await apiCustomer(request, `${label}-buyer`, shop);
  const invited = await request.post('/api/company/invitations', {
    headers: bearer(owner.token),
    data: { email: buyer.email, role: 'buyer', spendingLimit: 100 },
  });
  expect(invited.status(), await invited.text()).toBe(201);
  const mail = await waitForMail(buyer.email, { subject: /invites you/, dataDir: shop.dataDir });
  const token = new URL(linkTo(mail, '/company/join'), 'http://shop').searchParams.get('token');
  const joined = await request.post('/api/company/invitations/accept', {
    headers: bearer(buyer.token),
    data: { token },
  });
  expect(joined.status(), await joined.text()).toBe(200);
  const [pads] = await apiParts(request, 'P 83 140');
  if (!pads) throw new Error('the demo parts are missing');
  const order = await apiOrder(request, buyer.token, pads);
  expect(order.approval).toBe('awaiting');
  // Another invitation still waiting, so that the page shows one.
  const other = await request.post('/api/company/invitations', {
    headers: bearer(owner.token),
    data: { email: newCustomer(`${label}-later`).email, role: 'owner', spendingLimit: null },
  });
  expect(other.status(), await other.text()).toBe(201);
  await signIn(page, owner);
  return { owner, buyer, order };
}

/** A company with its owner and a buyer with a $100 limit, who joined from the e-mailed link. */
async function companyWithBuyer(request: APIRequestContext, label: string, shop: Shop) {
  const owner = await apiCustomer(request, `${label}-owner`, shop);
  const created = await request.post('/api/company', {
    headers: bearer(owner.token),
    data: {
      legalName: `${label} Haulage Ltd`,
      taxId: 'BD 2468135',
      billingAddress: { line1: '9 Jetty Road', city: 'Khulna', postalCode: '9100', country: 'BD' },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { _id: companyId } = (await created.json()) as { _id: string };
  const buyer = await apiCustomer(request, `${label}-buyer`, shop);
  const invited = await request.post('/api/company/invitations', {
    headers: bearer(owner.token),
    data: { email: buyer.email, role: 'buyer', spendingLimit: 100 },
  });
  expect(invited.status(), await invited.text()).toBe(201);
  const mail = await waitForMail(buyer.email, { subject: /invites you/, dataDir: shop.dataDir });
  const token = new URL(linkTo(mail, '/company/join'), 'http://shop').searchParams.get('token');
  const joined = await request.post('/api/company/invitations/accept', {
    headers: bearer(buyer.token),
    data: { token },
  });
  expect(joined.status(), await joined.text()).toBe(200);
  return { owner, buyer, companyId };
}

test('a company on account: its own price, an order on account approved into an invoice, then settled', async ({
  page,
  request,
  shop,
  browser,
}) => {
  test.setTimeout(150_000);
  const { owner, buyer, companyId } = await companyWithBuyer(request, 'account', shop);

  // The shop's admin lets the company pay on account, and gives it its own price of the pads.
  const admin = await apiSignIn(request, shop.admin);
  const account = await request.put(`/api/admin/companies/${companyId}/account`, {
    headers: bearer(admin),
    data: { onAccount: true, creditLimit: 1000, termsDays: 30 },
  });
  expect(account.status(), await account.text()).toBe(200);
  const prices = await request.put(`/api/admin/companies/${companyId}/prices`, {
    headers: bearer(admin),
    data: { categories: [], parts: [{ partNumber: 'P 83 140', price: 9 }] },
  });
  expect(prices.status(), await prices.text()).toBe(200);

  // A visitor sees the list price on the part's page.
  const visitor = await browser.newContext({ baseURL: shop.baseURL });
  const visitorPage = await visitor.newPage();
  await visitorPage.goto('/parts/P%2083%20140');
  await expect(visitorPage.getByRole('heading', { level: 1 })).toHaveText(
    'Ceramic Front Brake Pad Set',
  );
  await expect(visitorPage.getByText('Price: $18.50')).toBeVisible();
  await expect(visitorPage.getByText('Your price:')).toHaveCount(0);
  await visitor.close();

  // The buyer (in the dark theme) sees the company's price on the part's page and its card.
  const buyerContext = await browser.newContext({ baseURL: shop.baseURL, colorScheme: 'dark' });
  const buyerPage = await buyerContext.newPage();
  await signIn(buyerPage, buyer);
  await buyerPage.goto('/parts/P%2083%20140');
  const yours = buyerPage.getByText(/^Your price:/);
  await expect(yours).toHaveText('Your price: $9.00List price $18.50');
  await expect(yours.locator('s')).toHaveText('$18.50');
  await expect(buyerPage.getByText('Your volume prices: from 500: $9.00')).toBeVisible();
  expect(await seriousViolations(buyerPage), 'the part page with the company price').toEqual([]);
  // The purchase page says the same.
  await buyerPage.getByRole('link', { name: 'place order' }).click();
  await expect(buyerPage.getByText(/^Your price:/)).toHaveText(
    'Your price: $9.00List price $18.50',
  );
  await buyerPage.goto('/parts?q=P%2083%20140');
  const pads = buyerPage.getByRole('article').filter({ hasText: 'Ceramic Front Brake Pad Set' });
  await expect(pads.getByText(/^Your price:/)).toContainText('$9.00');

  // 100 pads at $9.00: above the buyer's $100 limit, within the $1,000 of credit.
  await pads.getByRole('button', { name: 'Add to cart' }).click();
  await expect(toast(buyerPage, /Added 100 × Ceramic Front Brake Pad Set/)).toBeVisible();
  await buyerPage.goto('/checkout');
  await expect(buyerPage.getByText('$900.00').first()).toBeVisible();
  const address = buyerPage.getByRole('group', { name: 'The new address' });
  await address.getByLabel(/Address line 1/).fill('7 Quay Street');
  await address.getByLabel('City').fill('Khulna');
  await address.getByLabel('Postal code').fill('9100');
  await address.getByLabel('Country').fill('Bangladesh');
  await buyerPage.getByLabel('Phone').fill('01712345678');
  const payment = buyerPage.getByRole('group', { name: 'Payment' });
  await expect(payment).toContainText('Credit left: $1,000.00 of $1,000.00.');
  await expect(payment).toContainText('net 30');
  expect(await seriousViolations(buyerPage), 'the checkout with its payment choice').toEqual([]);
  // Chosen with the keyboard: the arrow moves within the radio group.
  await payment.getByRole('radio', { name: 'Pay by card' }).focus();
  await buyerPage.keyboard.press('ArrowDown');
  await expect(payment.getByRole('radio', { name: 'Pay on account' })).toBeChecked();
  await buyerPage.setViewportSize({ width: 375, height: 740 });
  await expectNoSidewaysScroll(buyerPage);
  await buyerPage.setViewportSize({ width: 1280, height: 720 });
  await buyerPage.getByRole('button', { name: 'Place the order' }).click();

  // No payment page: the order awaits the owner, and will be invoiced once approved.
  const placed = buyerPage.getByRole('status').filter({ hasText: 'Your order is placed' });
  await expect(placed).toContainText(
    "Your order is placed: it awaits your company owner's approval before it is paid.",
  );
  await expect(placed).toContainText('Once approved, it is invoiced on your company’s account');
  await expect(placed).toBeFocused();
  expect(await seriousViolations(buyerPage), 'the checkout with the order placed').toEqual([]);
  await expect(buyerPage).toHaveURL('/checkout');
  const mine = await request.get(`/api/userorder?email=${encodeURIComponent(buyer.email)}`, {
    headers: bearer(buyer.token),
  });
  expect(mine.status(), await mine.text()).toBe(200);
  const [order] = (await mine.json()) as Order[];
  if (!order) throw new Error('the order on account is missing');
  expect(order).toMatchObject({ onAccount: true, approval: 'awaiting', paid: false, total: 900 });
  await buyerPage.goto('/dashboard/myorder2');
  const card = orderCard(buyerPage, order._id);
  await expect(card.getByText('On account · invoiced once approved')).toBeVisible();
  await expect(card.getByRole('link', { name: 'PAY NOW' })).toHaveCount(0);

  // The owner approves it in My Company: it is invoiced on the company's account at once.
  await signIn(page, owner);
  await page.goto('/dashboard/company');
  await expect(page.getByText('Pays on account: credit limit $1,000.00, $0.00 used')).toBeVisible();
  const orders = page.getByRole('list', { name: 'The company’s orders' });
  const pending = orders.getByRole('article').filter({ hasText: `Order ${order.number}` });
  await expect(pending.getByText('Awaiting approval')).toBeVisible();
  await pending.getByRole('button', { name: /^Approve/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Approve this order?' });
  await expect(dialog).toContainText('is then invoiced on the company’s account');
  await dialog.getByRole('button', { name: 'Approve the order' }).click();
  await expect(toast(page, /approved and invoiced on the company’s account as INV-/)).toBeVisible();
  await expect(pending.getByText('Invoiced on account')).toBeVisible();
  await expect(
    pending.getByText(/^On account · invoice INV-\d+ · due \w{3} \d{1,2}, \d{4}$/),
  ).toBeVisible();
  await expect(
    page.getByText(
      'Pays on account: credit limit $1,000.00, $900.00 used, $100.00 left, net 30 days',
    ),
  ).toBeVisible();
  expect(await seriousViolations(page), 'My Company with an order invoiced').toEqual([]);

  // The buyer sees it invoiced on account, due after the terms: nothing to pay by card.
  await buyerPage.reload();
  await expect(card.getByText(/^On account · invoice INV-\d+ · due /)).toBeVisible();
  await expect(card.getByRole('link', { name: 'PAY NOW' })).toHaveCount(0);
  expect(await seriousViolations(buyerPage), 'My Orders with an order invoiced').toEqual([]);
  await buyerPage.goto(`/payment/${order._id}`);
  await expect(
    buyerPage.getByText(
      'This order is invoiced on your company’s account: no card payment is needed.',
    ),
  ).toBeVisible();
  await expect(buyerPage.getByLabel('Card number')).toHaveCount(0);
  await buyerPage.goto('/dashboard/myorder2');

  // The shop's admin records the company's payment: the invoice is settled.
  const settled = await request.post(`/api/admin/orders/${order._id}/settle`, {
    headers: bearer(admin),
    data: { reference: 'BANK-TRANSFER-0042' },
  });
  expect(settled.status(), await settled.text()).toBe(200);
  await buyerPage.reload();
  await expect(
    card.getByText(/^On account · invoice INV-\d+ · settled \w{3} \d{1,2}, \d{4}$/),
  ).toBeVisible();
  await page.reload();
  await expect(pending.getByText(/^On account · invoice INV-\d+ · settled /)).toBeVisible();
  await expect(pending.getByText('Paid', { exact: true })).toBeVisible();
  await expect(
    page.getByText('Pays on account: credit limit $1,000.00, $0.00 used, $1,000.00 left'),
  ).toBeVisible();
  await buyerContext.close();
});

test('an owner is asked before withdrawing an invitation, removing a person or rejecting an order', async ({
  page,
  request,
  shop,
}) => {
  test.slow();
  const { buyer, order } = await companyWithAwaitingOrder(page, request, 'confirm', shop);
  await page.goto('/dashboard/company');
  const card = page
    .getByRole('list', { name: 'The company’s orders' })
    .getByRole('article')
    .filter({ hasText: `Order ${order.number}` });
  await expect(card.getByText('Awaiting approval')).toBeVisible();

  // Reject names the order by its number; "Not now" has the focus and changes nothing.
  await card.getByRole('button', { name: `Reject order ${order.number} of ${buyer.name}` }).click();
  const reject = page.getByRole('dialog', { name: 'Reject this order?' });
  await expect(reject).toContainText(`Order ${order.number} of ${buyer.name} for $1,850.00`);
  await expect(reject.getByRole('button', { name: 'Not now' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(reject).toBeHidden();
  await expect(card.getByText('Awaiting approval')).toBeVisible();

  // Withdrawing an invitation names the address; "Keep it" keeps it.
  const waiting = page.getByRole('list', { name: 'Invitations waiting' }).getByRole('listitem');
  await expect(waiting).toHaveCount(1);
  const invited = (await waiting.locator('p').first().textContent()) ?? '';
  const withdraw = waiting.getByRole('button', { name: `Withdraw the invitation to ${invited}` });
  await withdraw.click();
  const question = page.getByRole('dialog', { name: 'Withdraw this invitation?' });
  await expect(question).toContainText(`The invitation to ${invited} is withdrawn`);
  await expect(question.getByRole('button', { name: 'Keep it' })).toBeFocused();
  await question.getByRole('button', { name: 'Keep it' }).click();
  await expect(question).toBeHidden();
  await expect(waiting).toHaveCount(1);
  await withdraw.click();
  await question.getByRole('button', { name: 'Withdraw the invitation' }).click();
  await expect(toast(page, `The invitation to ${invited} was withdrawn.`)).toBeVisible();
  await expect(page.getByText('No invitation is waiting to be accepted.')).toBeVisible();

  // Removing a person names them; "Keep them" keeps them.
  const people = page.getByRole('table', { name: /The people of your company/ });
  const row = people.getByRole('row').filter({ hasText: buyer.email });
  await row.getByRole('button', { name: `Remove ${buyer.name}` }).click();
  const removal = page.getByRole('dialog', { name: 'Remove this person?' });
  await expect(removal).toContainText(`${buyer.name} (${buyer.email}) will no longer order`);
  await expect(removal.getByRole('button', { name: 'Keep them' })).toBeFocused();
  await removal.getByRole('button', { name: 'Keep them' }).click();
  await expect(removal).toBeHidden();
  await expect(row).toBeVisible();

  // Rejected with a note: the order is cancelled, and said so by its number.
  await card.getByRole('button', { name: /^Reject/ }).click();
  await reject.getByLabel('Why is it rejected?').fill('Not this month');
  await reject.getByRole('button', { name: 'Reject the order' }).click();
  await expect(toast(page, `Order ${order.number} is rejected and cancelled.`)).toBeVisible();
  await expect(card).toHaveCount(0);

  // Confirmed, the person is removed.
  await row.getByRole('button', { name: `Remove ${buyer.name}` }).click();
  await removal.getByRole('button', { name: 'Yes, remove them' }).click();
  await expect(toast(page, `${buyer.name} was removed from the company.`)).toBeVisible();
  await expect(row).toHaveCount(0);
});

for (const theme of ['light', 'dark'] as const) {
  test.describe(`in the ${theme} theme`, () => {
    test.use({ colorScheme: theme, reducedMotion: 'reduce' });

    test('My Company has no serious or critical axe violation, and works with a keyboard', async ({
      page,
      request,
      shop,
    }) => {
      test.slow();
      const { buyer } = await companyWithAwaitingOrder(page, request, `axe-${theme}`, shop);
      await page.goto('/dashboard/company');
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      const order = page
        .getByRole('list', { name: 'The company’s orders' })
        .getByRole('article')
        .filter({ hasText: buyer.name });
      await expect(order.getByText('Awaiting approval')).toBeVisible();
      await expect(page.getByRole('list', { name: 'Invitations waiting' })).toBeVisible();
      expect(await seriousViolations(page), 'My Company of an owner').toEqual([]);

      // By keyboard: Reject opens its dialog, the note is required, Escape leaves it.
      await order.getByRole('button', { name: /^Reject/ }).focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: 'Reject this order?' });
      await expect(dialog).toBeVisible();
      await dialog.getByRole('button', { name: 'Reject the order' }).focus();
      await page.keyboard.press('Enter');
      await expect(dialog.getByText(/Say why the order is rejected/)).toBeVisible();
      await expect(dialog.getByLabel('Why is it rejected?')).toBeFocused();
      expect(await seriousViolations(page), 'the reject dialog with its message').toEqual([]);
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect(order.getByText('Awaiting approval')).toBeVisible();

      // A customer without a company sees the form to create one.
      await page.getByRole('button', { name: 'SignOut' }).click();
      await signIn(page, await apiCustomer(request, `axe-alone-${theme}`, shop));
      await page.goto('/dashboard/company');
      await expect(page.getByRole('region', { name: 'Create your company' })).toBeVisible();
      expect(await seriousViolations(page), 'My Company without a company').toEqual([]);
    });
  });
}

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });

  test('My Company fits the screen, people are cards, and the drawer leads to it', async ({
    page,
    request,
    shop,
  }) => {
    test.slow();
    const { buyer } = await companyWithAwaitingOrder(page, request, 'phone', shop);
    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'Open dashboard menu' }).click();
    const menu = page.getByRole('navigation', { name: 'Dashboard' });
    await menu.getByRole('link', { name: 'My Company' }).click();
    await expect(menu).toBeHidden();
    const people = page.getByRole('list', { name: 'People' });
    await expect(people.getByRole('listitem').filter({ hasText: buyer.email })).toContainText(
      '$100.00',
    );
    await expect(page.getByRole('table', { name: /The people of your company/ })).toBeHidden();
    await expect(
      page.getByRole('list', { name: 'The company’s orders' }).getByText('Awaiting approval'),
    ).toBeVisible();
    await expectNoSidewaysScroll(page);

    // The member dialog fits too.
    await people
      .getByRole('listitem')
      .filter({ hasText: buyer.email })
      .getByRole('button', { name: /^Edit/ })
      .click();
    await expect(page.getByRole('dialog', { name: /Role and limit of/ })).toBeVisible();
    await expectNoSidewaysScroll(page);
  });
});
