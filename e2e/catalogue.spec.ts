import { expect, test } from '@playwright/test';

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
