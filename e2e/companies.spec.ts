// Issue 18, company accounts: an owner creates a company and invites a buyer with a $100 spending
// limit; the buyer signs up through the e-mailed link, joins, and checks out a cart above the limit,
// so the order awaits approval and cannot be paid; the owner approves it in My Company, and the
// buyer then pays it with 4242. My Company has no serious axe violation in either theme, works with
// a keyboard, and fits a phone. On a shop of its own with a seeded catalogue (support/admin.ts).
import type { Order } from '@axle/contract';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import {
  type Customer,
  newCustomer,
  openVerificationLink,
  submitLogin,
  submitRegister,
} from './support/accounts.ts';
import { apiCustomer, apiOrder, type Shop, test } from './support/admin.ts';
import { seriousViolations } from './support/axe.ts';
import { apiParts } from './support/catalogue.ts';
import { cards, orderCard, payWithCard } from './support/orders.ts';
import { linkTo, waitForMail } from './support/outbox.ts';
import { expectNoSidewaysScroll } from './support/pages.ts';

const toast = (page: Page, text: string | RegExp) =>
  page.getByRole('alert').filter({ hasText: text });

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
  const order = orders.getByRole('article').filter({ hasText: orderId.slice(0, 8) });
  await expect(order).toContainText(buyer.name);
  await expect(order).toContainText('$1,850.00');
  await expect(order.getByText('Awaiting approval')).toBeVisible();
  await order.getByRole('button', { name: /^Approve/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Approve this order?' });
  await dialog.getByLabel(/Note to the buyer/).fill('Fine for the vans');
  await dialog.getByRole('button', { name: 'Approve the order' }).click();
  await expect(toast(page, /The order is approved/)).toBeVisible();
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

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

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
