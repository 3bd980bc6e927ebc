// Issue 15, Add a Product at size (PRODUCT §5): the parts table shows 20 parts a page, searched by
// words by the server, and the page's address keeps the search and the page (a reload, a shared
// link and Back show the same parts). A part found on a later page is edited as any other. Each
// test works on parts of its own, found by a tag in their names.
import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { apiSignIn, type Shop, signInAsAdmin, test } from './support/admin.ts';
import { seriousViolations } from './support/axe.ts';
import { expectNoSidewaysScroll } from './support/pages.ts';

const { expect } = test;

/** A word of letters only, found in no other part: the search splits at spaces and punctuation. */
const tag = () =>
  `prt${randomUUID()
    .slice(0, 8)
    .replace(/\d/g, (digit) => 'ghijklmnop'[Number(digit)] ?? 'q')}`;
const pager = (page: Page) => page.getByRole('navigation', { name: 'Pages' });
const showing = (page: Page) => pager(page).getByRole('status');
const param = (page: Page, name: string) => new URL(page.url()).searchParams.get(name);
const partsTable = (page: Page) =>
  page.getByRole('region', { name: 'Parts in the catalogue' }).getByRole('table');
const rowNames = (page: Page) => partsTable(page).getByRole('rowheader');

/** Adds `count` parts through the API, "Brake Pad <tag> 01" first, so "… <count>" is the newest. */
async function addParts(request: APIRequestContext, shop: Shop, label: string, count: number) {
  const token = await apiSignIn(request, shop.admin);
  const names: string[] = [];
  for (let index = 1; index <= count; index += 1) {
    const name = `Ceramic Brake Pad ${label} ${String(index).padStart(2, '0')}`;
    const added = await request.post('/api/items', {
      headers: { authorization: `Bearer ${token}` },
      data: {
        name,
        description: 'Front axle set of four, with wear sensor.',
        img: null,
        availableQuantity: 200,
        minimumQuantity: 4,
        price: 30 + index,
      },
    });
    expect(added.status(), await added.text()).toBe(201);
    names.push(name);
  }
  return names;
}

test('an admin pages the parts, finds a part on page 2 by two words in any order, and edits it', async ({
  page,
  request,
  shop,
}) => {
  test.slow();
  const label = tag();
  await addParts(request, shop, label, 25);
  await signInAsAdmin(page, shop.admin);
  await page.goto('/dashboard/addproduct');

  // Every part, newest first, 20 a page: this test's 25 (and the demo's) make more than one page.
  await expect(showing(page)).toHaveText(/^Showing 1–20 of \d+$/);
  await expect(rowNames(page)).toHaveCount(20);
  await expect(rowNames(page).first()).toHaveText(`Ceramic Brake Pad ${label} 25`);
  await pager(page).getByRole('button', { name: 'Next' }).click();
  await expect(showing(page)).toHaveText(/^Showing 21–\d+ of \d+$/);
  expect(param(page, 'page')).toBe('2');
  await expect(rowNames(page).first()).toHaveText(`Ceramic Brake Pad ${label} 05`);
  await expect(showing(page)).toBeFocused();

  // Two words of the name, the other way round: the search starts again at its first page.
  const search = page.getByRole('searchbox', { name: 'Search parts' });
  await search.fill(`${label.toUpperCase()} pad`);
  await search.press('Enter');
  await expect.poll(() => param(page, 'q')).toBe(`${label.toUpperCase()} pad`);
  expect(param(page, 'page')).toBeNull();
  await expect(showing(page)).toHaveText('Showing 1–20 of 25');
  await expect(rowNames(page).filter({ hasNotText: label })).toHaveCount(0);

  await pager(page).getByRole('button', { name: 'Next' }).click();
  await expect(showing(page)).toHaveText('Showing 21–25 of 25');
  await expect(pager(page).getByRole('button', { name: 'Next' })).toBeDisabled();
  await expect(rowNames(page)).toHaveText(
    [5, 4, 3, 2, 1].map((n) => `Ceramic Brake Pad ${label} 0${n}`),
  );
  expect(param(page, 'page')).toBe('2');

  // A reload keeps the search and the page; Back and Forward move between the pages.
  await page.reload();
  await expect(showing(page)).toHaveText('Showing 21–25 of 25');
  await expect(search).toHaveValue(`${label.toUpperCase()} pad`);
  await page.goBack();
  await expect(showing(page)).toHaveText('Showing 1–20 of 25');
  await page.goForward();
  await expect(showing(page)).toHaveText('Showing 21–25 of 25');

  // Editing a part of page 2: the form above opens it, and the table shows the saved price.
  const name = `Ceramic Brake Pad ${label} 03`;
  await page.getByRole('button', { name: `Edit ${name}` }).click();
  await expect(page.getByRole('heading', { name: `Edit ${name}` })).toBeFocused();
  await expect(page.getByLabel('Price (USD)')).toHaveValue('33.00');
  await page.getByLabel('Price (USD)').fill('29.95');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText(`${name} was updated`)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Add a part' })).toBeVisible();
  const row = partsTable(page)
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name }) });
  await expect(row).toContainText('$29.95');
  await expect(showing(page)).toHaveText('Showing 21–25 of 25');
  expect(param(page, 'page')).toBe('2');
  expect(param(page, 'q')).toBe(`${label.toUpperCase()} pad`);
  const saved = await request.get('/api/items', { params: { search: name } });
  expect(((await saved.json()) as { price: number }[]).map((part) => part.price)).toEqual([29.95]);

  // A shared link opens the same view, and Previous reaches page 1 from it.
  await page.goto(`/dashboard/addproduct?q=${encodeURIComponent(`pad ${label}`)}&page=2`);
  await expect(showing(page)).toHaveText('Showing 21–25 of 25');
  await pager(page).getByRole('button', { name: 'Previous' }).click();
  await expect(showing(page)).toHaveText('Showing 1–20 of 25');
  expect(param(page, 'page')).toBeNull();

  // A page past the end (an old link) shows the first page instead.
  await page.goto(`/dashboard/addproduct?q=${label}&page=9`);
  await expect(showing(page)).toHaveText('Showing 1–20 of 25');
  await expect.poll(() => param(page, 'page')).toBeNull();

  // A search that finds nothing says so, and offers to clear it.
  await search.fill(`${label} nothingsuch`);
  await search.press('Enter');
  await expect(page.getByText(`No part matches “${label} nothingsuch”.`)).toBeVisible();
  await page.getByRole('button', { name: 'Clear the search' }).click();
  await expect(search).toHaveValue('');
  await expect(showing(page)).toHaveText(/^Showing 1–20 of \d+$/);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });

  test('the parts are cards, and the search and the pager fit the screen', async ({
    page,
    request,
    shop,
  }) => {
    const label = tag();
    await addParts(request, shop, label, 21);
    await signInAsAdmin(page, shop.admin);
    await page.goto(`/dashboard/addproduct?q=${label}`);
    await expect(showing(page)).toHaveText('Showing 1–20 of 21');
    await pager(page).getByRole('button', { name: 'Next' }).click();
    await expect(showing(page)).toHaveText('Showing 21–21 of 21');
    await expect(page.getByRole('table')).toHaveCount(0);
    const cards = page
      .getByRole('region', { name: 'Parts in the catalogue' })
      .getByRole('list', { name: 'Parts' })
      .getByRole('article');
    await expect(cards.getByRole('heading')).toHaveText([`Ceramic Brake Pad ${label} 01`]);
    await expect(
      cards.getByRole('button', { name: `Edit Ceramic Brake Pad ${label} 01` }),
    ).toBeVisible();
    await expectNoSidewaysScroll(page);
    expect(await seriousViolations(page), 'Add a Product on a phone').toEqual([]);
  });
});
