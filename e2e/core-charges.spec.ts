// Issue 32 #4, core charges in the browser: a fleet buyer reads a caliper's core charge on its
// page, orders it for a van of the company's fleet (the deposit in the cart, at checkout and in
// the total paid), the admin records the old caliper's return on Manage All Orders, and the buyer
// finds the credit note on My Orders and downloads it. The cart with a deposit and the admin's
// dialog have no serious axe violation, in both themes, on a desktop and a 360 px phone. On a shop
// of its own (support/admin.ts); part numbers are new on every run.
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { signOut, submitLogin } from './support/accounts.ts';
import {
  apiPay,
  apiSignIn,
  bearer,
  companyOwner,
  dashboardMenu,
  escapeRegExp,
  expectNoScrollingBox,
  type Shop,
  signInAsAdmin,
  test,
} from './support/admin.ts';
import { seriousViolations } from './support/axe.ts';
import { cards, payWithCard } from './support/orders.ts';
import { expectNoSidewaysScroll, toast } from './support/pages.ts';

/** A 2015 Toyota Corolla 1.8L. */
const COROLLA_VIN = '2T1BURHE9FC123456';
const NOTICE = 'Core charge $60.00 per unit, refunded when you return the old part within 30 days';
const DEPOSIT = 'Core deposit: 2 × $60.00 = $120.00';

/** A caliper of the admin's with a $60 core charge, twenty in stock, under a new number. */
async function newCaliper(request: APIRequestContext, shop: Shop, label: string) {
  const partNumber = `CAL-${label.toUpperCase()}-${Date.now()}`;
  const name = `Brake Caliper ${partNumber}`;
  const added = await request.post('/api/items', {
    headers: bearer(await apiSignIn(request, shop.admin)),
    data: {
      name,
      description: 'Remanufactured front caliper, exchange unit.',
      img: null,
      availableQuantity: 20,
      minimumQuantity: 1,
      price: 89.5,
      partNumber,
      coreCharge: 60,
      coreReturnDays: 30,
    },
  });
  expect(added.status(), await added.text()).toBe(201);
  return { name, partNumber };
}

/** A company owner with a saved address and a van in the fleet. */
async function fleetBuyer(request: APIRequestContext, shop: Shop, label: string) {
  const { owner } = await companyOwner(request, shop, label);
  const address = await request.post('/api/addresses', {
    headers: bearer(owner.token),
    data: { line1: '12 Dock Road', city: 'Chattogram', postalCode: '4100', country: 'Bangladesh' },
  });
  expect(address.status(), await address.text()).toBe(201);
  const van = await request.post('/api/company/vehicles', {
    headers: bearer(owner.token),
    data: { vin: COROLLA_VIN, plate: 'CTG-77', name: 'Van 3' },
  });
  expect(van.status(), await van.text()).toBe(201);
  return owner;
}

async function signIn(page: Page, who: { email: string; password: string }) {
  await page.goto('/login');
  await submitLogin(page, who.email, who.password);
  await expect(page.getByRole('button', { name: 'SignOut' })).toBeVisible();
}

/** The buyer puts two calipers in the cart from the part's page and names the van. */
async function cartForVan(page: Page, caliper: { name: string; partNumber: string }) {
  await page.goto(`/parts/${encodeURIComponent(caliper.partNumber)}`);
  await expect(page.getByText(NOTICE)).toBeVisible();
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(toast(page, `Added 1 × ${caliper.name} to your cart`)).toBeVisible();
  await page.goto('/cart');
  const line = page.getByRole('listitem', { name: caliper.name });
  const quantity = line.getByRole('spinbutton', { name: `Quantity of ${caliper.name}` });
  await quantity.fill('2');
  await quantity.press('Enter');
  await expect(line.getByText(DEPOSIT)).toBeVisible();
  const vehicle = page.getByLabel(`Fleet vehicle ${caliper.name} is for`);
  await vehicle.selectOption({ label: 'Van 3 (CTG-77)' });
  await expect(vehicle).toBeEnabled();
  await expect(
    page.getByText('Core deposits (refunded when the old parts come back)'),
  ).toBeVisible();
}

test('a fleet buyer orders a caliper with a core charge; the admin records the old one; the buyer gets the credit note', async ({
  browser,
  page,
  request,
  shop,
}) => {
  test.slow();
  const caliper = await newCaliper(request, shop, 'journey');
  const owner = await fleetBuyer(request, shop, 'cores');

  // The buyer, in a browser of their own: the charge on the part page, the deposit in the cart.
  const context = await browser.newContext({ baseURL: shop.baseURL });
  const buyer = await context.newPage();
  await signIn(buyer, owner);
  await cartForVan(buyer, caliper);
  // Two calipers at $89.50 and their $120.00 of deposits: $299.00 paid by card.
  await buyer.getByRole('link', { name: 'Check out' }).click();
  await expect(buyer.getByText('For Van 3 (CTG-77)')).toBeVisible();
  await expect(buyer.getByText(DEPOSIT)).toBeVisible();
  await expect(buyer.getByRole('radio', { name: /12 Dock Road/ })).toBeChecked();
  await buyer.getByLabel('Phone').fill('01712345678');
  await buyer.getByRole('button', { name: 'Place the order' }).click();
  await expect(buyer).toHaveURL(/\/payment\/[0-9a-f-]{36}$/);
  await expect(buyer.getByRole('button', { name: 'Pay $299.00' })).toBeVisible();
  await payWithCard(buyer, cards.succeeds);
  await expect(
    buyer.getByRole('status').filter({ hasText: 'Congrats! Your payment is completed' }),
  ).toBeVisible();
  await buyer.goto('/dashboard/myorder2');
  const mine = buyer.getByRole('article').filter({ hasText: caliper.name });
  await expect(mine.getByText(/^2 cores to return by /)).toBeVisible();

  // The admin receives one old caliper and records it: a credit note, refunded to the card.
  await signInAsAdmin(page, shop.admin);
  await page.goto('/dashboard');
  await dashboardMenu(page).getByRole('link', { name: 'Manage All Orders' }).click();
  const row = page.getByRole('row').filter({ hasText: caliper.name });
  await row.getByRole('button', { name: /^Record returned cores/ }).click();
  const dialog = page.getByRole('dialog', { name: /^Record returned cores of order / });
  await dialog.getByLabel('Cores received').fill('1');
  await dialog.getByRole('button', { name: 'Issue the credit note' }).click();
  await expect(toast(page, /^Credit note CN-\d{6} issued$/)).toBeVisible();
  await expect(row.getByText(/^1 core to return by /)).toBeVisible();

  // The buyer sees what came back and downloads the credit note.
  await expect(async () => {
    await buyer.reload();
    await expect(mine.getByText('Refunded to your card')).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await expect(mine.getByText('Core deposits given back: $60.00 of $120.00')).toBeVisible();
  await expect(mine.getByText(/^1 core to return by /)).toBeVisible();
  const download = buyer.waitForEvent('download');
  await mine.getByRole('button', { name: /^Download credit note CN-\d{6}$/ }).click();
  expect((await download).suggestedFilename()).toMatch(/^CN-\d{6}\.pdf$/);
  await context.close();
});

for (const theme of ['light', 'dark'] as const)
  test.describe(`core charges in the ${theme} theme`, () => {
    test.use({ colorScheme: theme, reducedMotion: 'reduce' });

    test('the cart with a deposit and the return dialog have no serious axe violation, on a desktop and a 360 px phone', async ({
      page,
      request,
      shop,
    }) => {
      test.slow();
      const caliper = await newCaliper(request, shop, theme);
      const owner = await fleetBuyer(request, shop, `cores-${theme}`);
      await signIn(page, owner);
      await cartForVan(page, caliper);
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      expect(await seriousViolations(page), 'the cart with a core deposit').toEqual([]);
      await page.setViewportSize({ width: 360, height: 740 });
      await expect(page.getByText(DEPOSIT)).toBeVisible();
      await expectNoSidewaysScroll(page);
      expect(await seriousViolations(page), 'the cart with a core deposit, on a phone').toEqual([]);

      // Checked out and paid: the admin's dialog, on a desktop (a table) and a phone (cards).
      const placed = await request.post('/api/checkout', {
        headers: bearer(owner.token),
        data: {
          address: {
            line1: '12 Dock Road',
            city: 'Chattogram',
            postalCode: '4100',
            country: 'Bangladesh',
          },
          tel: '01712345678',
        },
      });
      expect(placed.status(), await placed.text()).toBe(201);
      await apiPay(
        request,
        owner.token,
        ((await placed.json()) as { insertedId: string }).insertedId,
      );
      await signOut(page);
      await signInAsAdmin(page, shop.admin);
      const record = page.getByRole('button', {
        name: new RegExp(`^Record returned cores order \\d+ of ${escapeRegExp(owner.email)}$`),
      });
      const dialog = page.getByRole('dialog', { name: /^Record returned cores of order / });
      for (const [width, height, where] of [
        [1280, 900, 'desktop'],
        [360, 740, 'phone'],
      ] as const) {
        await page.setViewportSize({ width, height });
        await page.goto('/dashboard/manageallorders');
        await expect(record).toBeVisible();
        // On a phone the orders are cards that must fit. (On a desktop the table's width depends on
        // every order the shared shop holds by then: see the closing note of issue 32.)
        if (where === 'phone')
          await expectNoScrollingBox(page, `Manage All Orders with cores owed, ${where}`);
        await record.click();
        await expect(dialog.getByLabel('Cores received')).toHaveValue('2');
        expect(await seriousViolations(page), `the core return dialog, ${where}`).toEqual([]);
        await dialog.getByRole('button', { name: 'Cancel' }).click();
        await expect(dialog).toBeHidden();
      }
    });
  });
