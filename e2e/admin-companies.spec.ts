import type { Company, CompanyPriceListBody } from '@axle/contract';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { newCustomer, register } from './support/accounts.ts';
import {
  affordablePart,
  allowOnAccount,
  apiSignIn,
  auditRow,
  bearer,
  checkoutOnAccount,
  companyOwner,
  dashboardMenu,
  type Shop,
  signInAsAdmin,
  test,
} from './support/admin.ts';
import { seriousViolations } from './support/axe.ts';
import { apiParts } from './support/catalogue.ts';
import { expectNoSidewaysScroll, rowsOf, toast } from './support/pages.ts';

const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const companyRow = (page: Page, legalName: string) =>
  rowsOf(page, 'Every company, newest first').filter({ hasText: legalName });
const invoiceRow = (page: Page, invoiceNumber: string) =>
  rowsOf(page, 'Overdue invoices, oldest due first').filter({ hasText: invoiceNumber });
const openInvoiceRow = (page: Page, invoiceNumber: string) =>
  rowsOf(page, 'Open invoices, oldest due first').filter({ hasText: invoiceNumber });
/** The rows of a table of a company's prices as they stand, each as its cells' texts. */
const priceRows = (page: Page, name: string) =>
  page
    .getByRole('region', { name: 'Company prices' })
    .getByRole('table', { name })
    .locator('tbody tr');
/** The figures of a company's payment on account, in the order the page gives them. */
const accountFigures = (page: Page) =>
  page.getByRole('region', { name: 'Payment on account' }).getByRole('definition');

test('the admin allows a company to pay on account and records the payment of its overdue invoice', async ({
  page,
  request,
  shop,
}) => {
  test.slow();
  const { owner, company } = await companyOwner(request, shop, 'account');
  const part = await affordablePart(request);

  // The admin finds the company from the dashboard's menu, by searching its name.
  await signInAsAdmin(page, shop.admin);
  await page.goto('/dashboard');
  await dashboardMenu(page).getByRole('link', { name: 'Companies' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Companies' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search companies' }).fill(company.legalName);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/dashboard\/companies\?q=Harbour/);
  const row = companyRow(page, company.legalName);
  await expect(row).toHaveCount(1);
  await expect(row.getByRole('cell')).toHaveText([
    company.taxId,
    '1 person',
    'No',
    '$0.00 of $0.00',
    '30 days',
  ]);

  // Its page: the billing address, its owner, and payment on account.
  await row.getByRole('link', { name: company.legalName }).click();
  await expect(page.getByRole('heading', { level: 2, name: company.legalName })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Company details' })).toContainText('12 Dock Road');
  const people = page.getByRole('table', {
    name: 'The people of the company, their roles and spending limits',
  });
  await expect(people.getByRole('row').filter({ hasText: owner.email })).toContainText('Owner');
  await expect(accountFigures(page).first()).toHaveText('No');

  // A negative limit is refused before anything is sent; then $1,000, due at once.
  const limit = page.getByRole('textbox', { name: 'Credit limit ($)' });
  await page.getByRole('checkbox', { name: 'Allow this company to pay on account' }).check();
  await limit.fill('-5');
  await page.getByRole('button', { name: 'Save payment on account' }).click();
  await expect(page.getByText('The credit limit is an amount from $0 to')).toBeVisible();
  await expect(limit).toBeFocused();
  await limit.fill('1,000');
  await page.getByRole('textbox', { name: 'Terms (days)' }).fill('0');
  await page.getByRole('button', { name: 'Save payment on account' }).click();
  await expect(toast(page, `Payment on account of ${company.legalName} saved.`)).toBeVisible();
  await expect(accountFigures(page)).toHaveText([
    'Yes',
    '$1,000.00',
    '$0.00',
    '$1,000.00',
    '0 days',
  ]);

  // The owner checks out on the company's account: invoiced at once, due at once.
  const order = await checkoutOnAccount(request, owner, part);
  await page.reload();
  const used = dollars.format(order.total);
  await expect(accountFigures(page).nth(2)).toHaveText(used);

  // The invoice is overdue; the admin records its payment with the bank's reference.
  await dashboardMenu(page).getByRole('link', { name: 'Overdue invoices' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Overdue invoices' })).toBeVisible();
  const invoice = invoiceRow(page, order.invoiceNumber);
  await expect(invoice).toContainText(owner.email);
  await expect(invoice).toContainText(used);
  await expect(invoice).toContainText('Less than a day');
  await invoice
    .getByRole('button', { name: `Record payment of invoice ${order.invoiceNumber}` })
    .click();
  const dialog = page.getByRole('dialog', {
    name: `Record the payment of invoice ${order.invoiceNumber}?`,
  });
  await expect(dialog).toContainText(order.invoiceNumber);
  const reference = dialog.getByRole('textbox', { name: 'Payment reference' });
  await expect(reference).toBeFocused();
  await reference.fill('BACS 2025-0412');
  await page.keyboard.press('Enter');
  await expect(
    toast(page, `The payment of invoice ${order.invoiceNumber} was recorded.`),
  ).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(invoice).toHaveCount(0);

  // The company's credit is free again, and the audit log has both actions.
  await page.goto(`/dashboard/companies/${company._id}`);
  await expect(accountFigures(page)).toHaveText([
    'Yes',
    '$1,000.00',
    '$0.00',
    '$1,000.00',
    '0 days',
  ]);
  await page.goto('/dashboard/auditlog');
  await expect(auditRow(page, company.legalName)).toContainText(
    'Changed a company’s payment on account',
  );
  await expect(auditRow(page, order.invoiceNumber)).toContainText('Recorded an invoice’s payment');
});

/** The admin gives the company its own prices through the API (the whole list at once). */
async function setPrices(
  request: APIRequestContext,
  shop: Shop,
  company: Company,
  body: CompanyPriceListBody,
) {
  const response = await request.put(`/api/admin/companies/${company._id}/prices`, {
    headers: bearer(await apiSignIn(request, shop.admin)),
    data: body,
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** A part that has a category, its category's place in the tree as the picker names it. */
async function partWithCategory(request: APIRequestContext) {
  const part = (await apiParts(request)).find((entry) => entry.category !== null);
  if (!part?.category) throw new Error('no part of the demo catalogue has a category');
  return {
    part,
    category: part.category,
    categoryLabel: part.category.path.map((step) => step.name).join(' › '),
  };
}

test('on a company’s page the admin records a payment of an open invoice and sets the company’s prices', async ({
  page,
  request,
  shop,
}) => {
  test.slow();
  const { owner, company } = await companyOwner(request, shop, 'prices');
  await allowOnAccount(request, shop, company);
  const order = await checkoutOnAccount(request, owner, await affordablePart(request));
  const used = dollars.format(order.total);

  await signInAsAdmin(page, shop.admin);
  await page.goto(`/dashboard/companies/${company._id}`);
  await expect(page.getByRole('heading', { level: 2, name: company.legalName })).toBeVisible();
  await expect(accountFigures(page).nth(2)).toHaveText(used);

  // Its open invoice, due at once: recorded from the company's own page.
  const invoice = openInvoiceRow(page, order.invoiceNumber);
  await expect(invoice).toContainText(owner.email);
  await expect(invoice).toContainText(used);
  await expect(invoice).toContainText('Overdue by less than a day');
  await invoice
    .getByRole('button', { name: `Record payment of invoice ${order.invoiceNumber}` })
    .click();
  const dialog = page.getByRole('dialog', {
    name: `Record the payment of invoice ${order.invoiceNumber}?`,
  });
  await dialog.getByRole('textbox', { name: 'Payment reference' }).fill('BACS 2025-0413');
  await dialog.getByRole('button', { name: 'Record the payment' }).click();
  await expect(
    toast(page, `The payment of invoice ${order.invoiceNumber} was recorded.`),
  ).toBeVisible();
  await expect(invoice).toHaveCount(0);
  await expect(
    page.getByText('No open invoices: the company owes nothing on account.'),
  ).toBeVisible();
  await expect(accountFigures(page).nth(2)).toHaveText('$0.00');
  await expect(page.getByRole('heading', { level: 3, name: 'Open invoices' })).toBeFocused();

  // Its own prices: none yet; 12.5% off a category and a fixed price for a part.
  const { part, category, categoryLabel } = await partWithCategory(request);
  const prices = page.getByRole('region', { name: 'Company prices' });
  await expect(prices).toContainText('No prices of its own');
  await page.getByRole('button', { name: 'Add a category discount' }).click();
  const picker = page.getByRole('combobox', { name: 'Discount 1: category' });
  await expect(picker).toBeFocused();
  await picker.selectOption({ label: categoryLabel });
  await page.getByRole('textbox', { name: 'Discount 1: % off' }).fill('12.5');
  await page.getByRole('button', { name: 'Add a fixed price' }).click();
  // A number the catalogue does not have is the server's 400, shown in the form.
  const partNumber = page.getByRole('textbox', { name: 'Fixed price 1: part number' });
  await partNumber.fill('ZZ-NO-SUCH-9');
  const fixedPrice = Math.max(0.01, Math.floor(part.price * 80) / 100);
  await page.getByRole('textbox', { name: 'Fixed price 1: price ($)' }).fill(String(fixedPrice));
  await page.getByRole('button', { name: 'Save prices' }).click();
  await expect(prices.getByRole('alert')).toHaveText('No part with number ZZ-NO-SUCH-9');
  // The part's number in another spelling: lower case, without its spaces.
  await partNumber.fill(part.partNumber.toLowerCase().replaceAll(' ', ''));
  await page.getByRole('button', { name: 'Save prices' }).click();
  await expect(toast(page, `Prices of ${company.legalName} saved.`)).toBeVisible();

  await page.reload();
  await expect(priceRows(page, 'Percentages off by category')).toHaveCount(1);
  await expect(priceRows(page, 'Percentages off by category').locator('th, td')).toHaveText([
    category.name,
    '12.5%',
  ]);
  await expect(priceRows(page, 'Fixed part prices').locator('th, td')).toHaveText([
    part.partNumber,
    part.name,
    dollars.format(fixedPrice),
  ]);
  await expect(page.getByRole('textbox', { name: 'Fixed price 1: part number' })).toHaveValue(
    part.partNumber,
  );

  // Removing a saved price asks first, naming it; Keep editing saves nothing.
  await page.getByRole('button', { name: 'Remove fixed price 1' }).click();
  await page.getByRole('button', { name: 'Save prices' }).click();
  const removal = page.getByRole('dialog', {
    name: `Remove saved prices of ${company.legalName}?`,
  });
  await expect(removal.getByRole('listitem')).toHaveText([
    `${part.partNumber} ${part.name}: ${dollars.format(fixedPrice)}`,
  ]);
  await expect(removal.getByRole('button', { name: 'Keep editing' })).toBeFocused();
  await removal.getByRole('button', { name: 'Keep editing' }).click();
  await expect(removal).toBeHidden();
  await expect(priceRows(page, 'Fixed part prices')).toHaveCount(1);
  await page.getByRole('button', { name: 'Save prices' }).click();
  await removal.getByRole('button', { name: 'Save and remove' }).click();
  await expect(toast(page, `Prices of ${company.legalName} saved.`)).toBeVisible();
  await expect(prices.getByRole('table', { name: 'Fixed part prices' })).toHaveCount(0);
  await expect(priceRows(page, 'Percentages off by category')).toHaveCount(1);

  await page.goto('/dashboard/auditlog');
  // Two changes of its prices: the refused list changed nothing.
  await expect(
    auditRow(page, company.legalName).filter({ hasText: 'Changed a company’s prices' }),
  ).toHaveCount(2);
});

test('a customer has no Companies nor Overdue invoices and is sent to /login from them', async ({
  page,
  shop,
}) => {
  await register(page, newCustomer('no-companies'), { dataDir: shop.dataDir });
  await page.goto('/dashboard');
  await expect(dashboardMenu(page).getByRole('link', { name: 'Companies' })).toHaveCount(0);
  await expect(dashboardMenu(page).getByRole('link', { name: 'Overdue invoices' })).toHaveCount(0);
  for (const path of ['/dashboard/companies', '/dashboard/overdue']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/login$/);
  }
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });

  test('Companies, a company and the overdue invoices are cards that fit the screen', async ({
    page,
    request,
    shop,
  }) => {
    test.slow();
    const { owner, company } = await companyOwner(request, shop, 'phone');
    await allowOnAccount(request, shop, company);
    const order = await checkoutOnAccount(request, owner, await affordablePart(request));
    const { part, category } = await partWithCategory(request);
    await setPrices(request, shop, company, {
      categories: [{ categoryId: category.id, percentOff: 7.5 }],
      parts: [{ partNumber: part.partNumber, price: 1.25 }],
    });
    await signInAsAdmin(page, shop.admin);
    await page.goto('/dashboard');

    const menu = dashboardMenu(page);
    await page.getByRole('button', { name: 'Open dashboard menu' }).click();
    await menu.getByRole('link', { name: 'Companies' }).click();
    await expect(menu).toBeHidden();
    await expect(page.getByRole('table')).toHaveCount(0);
    const card = page
      .getByRole('list', { name: 'Companies' })
      .getByRole('article')
      .filter({ hasText: company.legalName });
    await expect(card).toContainText('Yes');
    await expectNoSidewaysScroll(page);

    await card.getByRole('link', { name: company.legalName }).click();
    await expect(page.getByRole('heading', { level: 2, name: company.legalName })).toBeVisible();
    await expect(
      page
        .getByRole('list', { name: 'People' })
        .getByRole('article')
        .filter({ hasText: owner.email }),
    ).toBeVisible();
    // Its open invoices are cards too; its prices and their form fit as well.
    await expect(
      page
        .getByRole('list', { name: 'Open invoices' })
        .getByRole('article')
        .filter({ hasText: order.invoiceNumber }),
    ).toBeVisible();
    await expect(priceRows(page, 'Fixed part prices')).toContainText(part.partNumber);
    await expect(page.getByRole('textbox', { name: 'Fixed price 1: part number' })).toHaveValue(
      part.partNumber,
    );
    await expectNoSidewaysScroll(page);

    await page.getByRole('button', { name: 'Open dashboard menu' }).click();
    await menu.getByRole('link', { name: 'Overdue invoices' }).click();
    const invoice = page
      .getByRole('list', { name: 'Overdue invoices' })
      .getByRole('article')
      .filter({ hasText: order.invoiceNumber });
    await expect(
      invoice.getByRole('button', { name: `Record payment of invoice ${order.invoiceNumber}` }),
    ).toBeVisible();
    await expectNoSidewaysScroll(page);
  });
});

for (const theme of ['light', 'dark'] as const) {
  test.describe(`in the ${theme} theme`, () => {
    test.use({ colorScheme: theme, reducedMotion: 'reduce' });

    test('Companies, a company and the overdue invoices have no serious or critical axe violation', async ({
      page,
      request,
      shop,
    }) => {
      test.slow();
      const problems: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') problems.push(message.text());
      });
      page.on('pageerror', (error) => problems.push(error.message));
      const { owner, company } = await companyOwner(request, shop, `axe-${theme}`);
      await allowOnAccount(request, shop, company);
      const order = await checkoutOnAccount(request, owner, await affordablePart(request));
      const { part, category } = await partWithCategory(request);
      await setPrices(request, shop, company, {
        categories: [{ categoryId: category.id, percentOff: 5 }],
        parts: [{ partNumber: part.partNumber, price: 2.5 }],
      });

      await signInAsAdmin(page, shop.admin);
      await page.goto('/dashboard/companies');
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      await expect(companyRow(page, company.legalName)).toBeVisible();
      expect(await seriousViolations(page), 'Companies').toEqual([]);
      await page.setViewportSize({ width: 375, height: 740 });
      await expect(page.getByRole('list', { name: 'Companies' })).toBeVisible();
      expect(await seriousViolations(page), 'Companies as cards').toEqual([]);
      await page.setViewportSize({ width: 1280, height: 720 });

      await companyRow(page, company.legalName)
        .getByRole('link', { name: company.legalName })
        .click();
      await expect(page.getByRole('heading', { level: 2, name: company.legalName })).toBeVisible();
      await expect(openInvoiceRow(page, order.invoiceNumber)).toBeVisible();
      await expect(priceRows(page, 'Fixed part prices')).toHaveCount(1);
      await page.getByRole('textbox', { name: 'Credit limit ($)' }).fill('-1');
      await page.getByRole('button', { name: 'Save payment on account' }).click();
      await expect(page.getByText('The credit limit is an amount from $0 to')).toBeVisible();
      expect(await seriousViolations(page), 'a company with a refused limit').toEqual([]);
      await page.getByRole('textbox', { name: 'Credit limit ($)' }).fill('1000');
      await page.getByRole('button', { name: 'Save payment on account' }).click();
      await expect(toast(page, `Payment on account of ${company.legalName} saved.`)).toBeVisible();
      expect(await seriousViolations(page), 'a company with the toast').toEqual([]);
      await page.getByRole('textbox', { name: 'Discount 1: % off' }).fill('0');
      await page.getByRole('button', { name: 'Save prices' }).click();
      await expect(
        page.getByText('The percentage off is more than 0 and at most 99'),
      ).toBeVisible();
      expect(await seriousViolations(page), 'a company with a refused percentage').toEqual([]);

      await page.goto('/dashboard/overdue');
      const invoice = invoiceRow(page, order.invoiceNumber);
      await expect(invoice).toBeVisible();
      expect(await seriousViolations(page), 'Overdue invoices').toEqual([]);
      await invoice.getByRole('button', { name: /^Record payment/ }).click();
      const dialog = page.getByRole('dialog', {
        name: `Record the payment of invoice ${order.invoiceNumber}?`,
      });
      await expect(dialog.getByRole('textbox', { name: 'Payment reference' })).toBeVisible();
      expect(await seriousViolations(page), 'Overdue invoices with the dialog').toEqual([]);
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      expect(problems).toEqual([]);
    });
  });
}
