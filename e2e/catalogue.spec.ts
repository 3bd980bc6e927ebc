import { expect, test } from '@playwright/test';
import { newCustomer, register } from './support/accounts.ts';
import { seriousViolations } from './support/axe.ts';
import { partCards } from './support/catalogue.ts';
import { placeOrder } from './support/orders.ts';

// The catalogue of issue 16 in the browser: a part found by its OE number typed with dashes,
// its public page with the visitor's vehicle, and what a search engine reads without scripts.

const COROLLA_2015 = '2015 Toyota Corolla';

test('a visitor finds the pads by their OE number, sees they fit the Corolla, and goes to order them', async ({
  page,
  request,
}) => {
  // The visitor's vehicle, as the picker keeps it in the browser: a 2015 Corolla of the list.
  const engines = await (
    await request.get('/api/vehicles/engines?year=2015&make=Toyota&model=Corolla')
  ).json();
  const search = await (await request.get('/api/search?q=04465-02220')).json();
  const [pads] = search.items;
  expect(pads.partNumber).toBe('P 83 140');
  const fitted = (await (await request.get(`/api/item/${pads._id}`)).json()).fitment.groups
    .flatMap((g: { models: { vehicles: { id: string }[] }[] }) => g.models)
    .flatMap((m: { vehicles: { id: string }[] }) => m.vehicles.map((v) => v.id));
  const vehicle = engines.find(
    (engine: { id?: string }) => engine.id && fitted.includes(engine.id),
  );
  await page.addInitScript(
    ([id, name]) =>
      localStorage.setItem('axle-vehicle', JSON.stringify({ vehicleId: id, year: 2015, name })),
    [vehicle.id, COROLLA_2015],
  );

  await page.goto('/parts');
  await page.getByRole('searchbox', { name: 'Search parts' }).fill('04465-02220');
  await expect(page.getByText('1 part matches “04465-02220”')).toBeVisible();
  const card = page.getByRole('article', { name: 'Ceramic Front Brake Pad Set' });
  await expect(card).toBeVisible();
  await expect(card).toContainText('Brembo · Part no. P 83 140');
  await card.getByRole('link', { name: 'Ceramic Front Brake Pad Set' }).click();

  await expect(page).toHaveURL('/parts/P%2083%20140');
  await expect(page).toHaveTitle('P 83 140 Brembo Ceramic Front Brake Pad Set | Axle');
  await expect(page.getByText(`Fits your ${COROLLA_2015}`)).toBeVisible();
  await expect(page.getByText('04465-02220')).toBeVisible();
  await page.getByRole('link', { name: 'place order' }).click();
  // The purchase page asks a visitor to sign in first (SPEC).
  await expect(page).toHaveURL(/\/login$/);
});

test('a customer picks their Corolla, finds the radiator by its OE number in the navbar search, sees it fits, and orders it', async ({
  page,
}) => {
  await register(page, newCustomer('garage'));
  await page.goto('/parts');
  await page.getByRole('button', { name: 'Choose your vehicle' }).click();
  await page.getByLabel('Year').selectOption('2015');
  await page.getByLabel('Make').selectOption('Toyota');
  await page.getByLabel('Model').selectOption('Corolla');
  const engine = page.getByLabel('Engine');
  await expect(engine.locator('option').nth(1)).toBeAttached();
  await engine.selectOption({ index: 1 });
  await page.getByRole('button', { name: 'Use this vehicle' }).click();
  await expect(page.getByText(/^Showing parts that fit your 2015 Toyota Corolla/)).toBeVisible();
  // Every part shown fits it, and says so.
  await expect(partCards(page).first()).toContainText('Fits your 2015 Toyota Corolla');

  // The navbar's search suggests the part by its OE number, typed with its dash.
  const search = page.getByRole('combobox', { name: 'Search the catalogue' });
  await search.fill('16400-0T040');
  await expect(
    page.getByRole('option', { name: /646810 · Nissens Aluminium Radiator/ }),
  ).toBeVisible();
  await search.press('Enter');
  await expect(page).toHaveURL(/\/parts\?search=16400-0T040$/);
  await expect(page.getByText('1 part matches “16400-0T040”')).toBeVisible();
  const card = page.getByRole('article', { name: 'Aluminium Radiator' });
  await expect(card).toContainText('Fits your 2015 Toyota Corolla');
  await expect(card).toContainText('Nissens · Part no. 646810');

  await card.getByRole('link', { name: 'Aluminium Radiator' }).click();
  await expect(page).toHaveURL('/parts/646810');
  await expect(page.getByText(/^Fits your 2015 Toyota Corolla/)).toBeVisible();
  await page.getByRole('link', { name: 'place order' }).click();

  // The purchase page shows the same facts above its form, and the order goes through.
  await expect(page).toHaveURL(/\/purchase\/[0-9a-f-]{36}$/);
  await expect(page.getByText('Nissens · Part no. 646810')).toBeVisible();
  await expect(page.getByText(/^Fits your 2015 Toyota Corolla/)).toBeVisible();
  await expect(page.getByText('16400-0T040')).toBeVisible();
  await placeOrder(page);
});

test('a brand chosen from the suggestions opens its page, and a category facet narrows it', async ({
  page,
}) => {
  await page.goto('/');
  const search = page.getByRole('combobox', { name: 'Search the catalogue' });
  await search.fill('Bosc');
  await page.getByRole('option', { name: 'Bosch', exact: true }).click();
  await expect(page).toHaveURL('/brands/Bosch');
  await expect(page.getByRole('heading', { level: 1, name: 'Bosch' })).toBeVisible();
  await expect(partCards(page).first()).toBeVisible();
  for (const card of await partCards(page).all()) await expect(card).toContainText('Bosch ·');
  const filters = page.getByRole('complementary', { name: 'Filters' });
  const facet = filters.getByRole('button', { name: /^Starter motors/ });
  await facet.click();
  await expect(page).toHaveURL(/\/brands\/Bosch\?category=[0-9a-f-]{36}$/);
  await expect(partCards(page)).toHaveCount(1);
  await expect(partCards(page).first()).toContainText('Starter Motor 1.4 kW');
});

test("a part page's HTML, fetched without running scripts, carries its title and JSON-LD", async ({
  request,
}) => {
  const res = await request.get('/parts/p-83-140');
  expect(res.status()).toBe(200);
  const html = await res.text();
  expect(html).toContain('<title>P 83 140 Brembo Ceramic Front Brake Pad Set | Axle</title>');
  const [, json] = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html) ?? [];
  expect(JSON.parse(json ?? '{}')).toMatchObject({
    '@type': 'Product',
    mpn: 'P 83 140',
    brand: { name: 'Brembo' },
    offers: { priceCurrency: 'USD' },
  });
  const sitemap = await (await request.get('/sitemaps/parts-1.xml')).text();
  expect(sitemap).toContain('/parts/P%2083%20140</loc>');
});

test('a superseded number finds its replacement first, and its page leads there, in both themes (issue 32 #1)', async ({
  page,
}) => {
  await page.goto('/parts');
  await page.getByRole('searchbox', { name: 'Search parts' }).fill('K015603XS');
  const cards = partCards(page);
  await expect(cards.first()).toContainText('Part no. K015623XS');
  await expect(cards.first()).toContainText('Replaces K015603XS');
  const old = cards.filter({ hasText: 'Part no. K015603XS' });
  await expect(old.getByRole('link', { name: 'Replaced by K015623XS' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // The old number's own address: the server redirects, and the page says why.
  await page.goto('/parts/K015603XS');
  await expect(page).toHaveURL('/parts/K015623XS?from=K015603XS');
  await expect(
    page.getByRole('status').filter({ hasText: 'K015603XS has been replaced by this part.' }),
  ).toBeVisible();
  await expect(page.getByText('Replaces: K015603XS')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.evaluate(() => localStorage.clear());
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', /dark/);
  await expect(page.getByText('Replaces: K015603XS')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // Followed from the old card inside the app, the same.
  await page.goto('/parts');
  await page.getByRole('searchbox', { name: 'Search parts' }).fill('K015603XS');
  await old.getByRole('link', { name: 'Timing Belt Kit' }).click();
  await expect(page).toHaveURL('/parts/K015623XS?from=K015603XS');
});
