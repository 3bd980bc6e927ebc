import { expect, type Page, test } from '@playwright/test';
import { apiParts, partCards } from './support/catalogue.ts';

const searchBox = (page: Page) => page.getByRole('searchbox', { name: 'Search parts' });
const pager = (page: Page) => page.getByRole('navigation', { name: 'Pages of parts' });
/** The names on the part cards shown (retried by the matchers until the list settles). */
const shownNames = (page: Page) => partCards(page).getByRole('heading');

test('/parts lists every part across its pages, and the page is kept in the URL', async ({
  page,
  request,
}) => {
  const all = (await apiParts(request)).map((part) => part.name);
  await page.goto('/parts');
  await expect(page.getByRole('heading', { level: 1, name: 'All parts' })).toBeVisible();
  await expect(partCards(page).first()).toBeVisible();

  const perPage = await partCards(page).count();
  expect(perPage).toBeLessThan(all.length);
  const first = all.slice(0, perPage);
  const second = all.slice(perPage, perPage * 2);
  await expect(shownNames(page)).toHaveText(first);
  await expect(pager(page).getByRole('button', { name: 'Page 1' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expect(pager(page).getByRole('button', { name: 'Previous page' })).toBeDisabled();

  await pager(page).getByRole('button', { name: 'Next page' }).click();
  await expect(page).toHaveURL(/\/parts\?page=2$/);
  await expect(shownNames(page)).toHaveText(second);
  await expect(pager(page).getByRole('button', { name: 'Page 2' })).toHaveAttribute(
    'aria-current',
    'page',
  );

  await page.reload();
  await expect(page).toHaveURL(/\/parts\?page=2$/);
  await expect(shownNames(page)).toHaveText(second);

  await pager(page).getByRole('button', { name: 'Page 1' }).click();
  await expect(page).not.toHaveURL(/page=/);
  await expect(shownNames(page)).toHaveText(first);

  await page.goBack();
  await expect(page).toHaveURL(/\/parts\?page=2$/);
  await expect(shownNames(page)).toHaveText(second);
});

test('searching narrows the parts by name or description, and the URL keeps the search', async ({
  page,
  request,
}) => {
  const all = await apiParts(request);
  const matching = (await apiParts(request, 'filter')).map((part) => part.name);
  expect(matching.length).toBeGreaterThan(0);
  expect(matching.length).toBeLessThan(all.length);
  for (const part of all) {
    const matches = `${part.name} ${part.description}`.toLowerCase().includes('filter');
    expect(matching.includes(part.name), `${part.name} is found by 'filter'`).toBe(matches);
  }

  await page.goto('/parts');
  await expect(partCards(page).first()).toBeVisible();
  await searchBox(page).fill('filter');
  await expect(page).toHaveURL(/[?&]search=filter\b/);
  await expect(shownNames(page)).toHaveText(matching);

  await page.reload();
  await expect(searchBox(page)).toHaveValue('filter');
  await expect(shownNames(page)).toHaveText(matching);

  await searchBox(page).fill('FILTER');
  await expect(page).toHaveURL(/[?&]search=FILTER\b/);
  await expect(shownNames(page)).toHaveText(matching);

  await searchBox(page).fill('no-such-part-xyz');
  await expect(page.getByText('No parts match “no-such-part-xyz”.')).toBeVisible();
  await expect(partCards(page)).toHaveCount(0);

  await page.getByRole('button', { name: 'Clear search' }).click();
  await expect(page).not.toHaveURL(/search=/);
  await expect(searchBox(page)).toHaveValue('');
  await expect(shownNames(page).first()).toHaveText(all[0]?.name ?? '');
});

test('a search that fits on one page shows no pager; a search from the URL is applied', async ({
  page,
  request,
}) => {
  const matching = (await apiParts(request, 'brake')).map((part) => part.name);
  expect(matching.length).toBeGreaterThan(0);
  await page.goto('/parts?search=brake');
  await expect(searchBox(page)).toHaveValue('brake');
  await expect(shownNames(page)).toHaveText(matching);
  await expect(pager(page)).toHaveCount(0);
});
