// Issue 5, Add a Product: an admin adds a part with an uploaded picture (checked by the same rules
// as the server first), finds it first on the home page, then edits its price and sees it on /parts.
// A double click on Add Product adds one part (issue 30 #1).
import type { Page } from '@playwright/test';
import {
  apiCustomer,
  apiOrder,
  apiSignIn,
  countRequests,
  signInAsAdmin,
  test,
} from './support/admin.ts';
import { seriousViolations } from './support/axe.ts';
import { partCards } from './support/catalogue.ts';

const { expect } = test;

/** A real 2×2 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGM4IScnJ3eCQe6E3IkTcgAefAS72s0pYwAAAABJRU5ErkJggg==',
  'base64',
);

const form = (page: Page) => page.getByRole('region', { name: /^(Add a part|Edit )/ });

test('an admin adds a part with an uploaded picture; it is first on the home page, and edits show on /parts', async ({
  page,
  shop,
}) => {
  // Adds, checks the home page, edits and checks /parts: longer than most journeys.
  test.slow();
  const name = `Timing Belt Kit ${Date.now()}`;
  await signInAsAdmin(page, shop.admin);
  await page.goto('/dashboard/addproduct');
  await expect(page.getByRole('heading', { name: 'Add a Product', level: 2 })).toBeVisible();

  // Nothing filled in: each rule says what it wants, and nothing is sent.
  await page.getByRole('button', { name: 'Add Product' }).click();
  await expect(page.getByText('Part name is required (at most 120 characters)')).toBeVisible();
  await expect(page.getByLabel('Part name')).toBeFocused();

  await page.getByLabel('Part name').fill(name);
  await page.getByLabel('Description').fill('Belt, tensioner and idler for 1.6 litre engines.');
  await page.getByLabel('Available quantity').fill('500');
  await page.getByLabel('Minimum order quantity').fill('50.5');
  await page.getByLabel('Price (USD)').fill('42.999');
  await page.getByRole('button', { name: 'Add Product' }).click();
  await expect(
    page.getByText('Minimum quantity must be a whole number from 1 to 1000000'),
  ).toBeVisible();
  await expect(page.getByText(/^Price must be more than 0/)).toBeVisible();

  // A file that is not a picture is refused before it is sent.
  await page.getByLabel('Upload a picture').setInputFiles({
    name: 'notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('hello'),
  });
  await expect(page.getByText('Choose a PNG, JPEG, WebP or GIF picture')).toBeVisible();

  await page.getByLabel('Upload a picture').setInputFiles({
    name: 'belt.png',
    mimeType: 'image/png',
    buffer: PNG,
  });
  await expect(page.getByText('Picture uploaded')).toBeVisible();
  await expect(page.getByLabel('Picture path')).toHaveValue(/^\/api\/images\/[0-9a-f-]+\.png$/);
  await expect(page.getByRole('img', { name: 'Picture preview' })).toBeVisible();

  await page.getByLabel('Minimum order quantity').fill('50');
  await page.getByLabel('Price (USD)').fill('42.90');
  // A double click adds the part once.
  const adds = countRequests(page, 'POST', /^\/api\/items$/);
  await page.getByRole('button', { name: 'Add Product' }).dblclick();
  await expect(page.getByText(`${name} was added to the catalogue`)).toBeVisible();
  expect(adds()).toBe(1);
  const found = await page.request.get('/api/items', { params: { search: name } });
  expect(((await found.json()) as { name: string }[]).map((part) => part.name)).toEqual([name]);
  // The form is empty again and the list below has the part.
  await expect(page.getByLabel('Part name')).toHaveValue('');
  await expect(page.getByRole('rowheader', { name })).toBeVisible();

  // The home page lists new parts first, with the uploaded picture.
  await page.goto('/');
  const card = partCards(page).first();
  await expect(card.getByRole('heading', { name })).toBeVisible();
  await expect(card.getByText('$42.90')).toBeVisible();
  const picture = card.getByRole('img', { name });
  await expect(picture).toHaveAttribute('src', /^\/api\/images\/[0-9a-f-]+\.png$/);
  await expect
    .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBe(2);

  // Edit: a new price and stock, shown on /parts at once.
  await page.goto('/dashboard/addproduct');
  await page.getByRole('button', { name: `Edit ${name}` }).click();
  await expect(page.getByRole('heading', { name: `Edit ${name}` })).toBeFocused();
  await expect(page.getByLabel('Price (USD)')).toHaveValue('42.90');
  await page.getByLabel('Price (USD)').fill('39.99');
  await page.getByLabel('Available quantity').fill('750');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText(`${name} was updated`)).toBeVisible();
  await expect(form(page).getByRole('heading', { name: 'Add a part' })).toBeVisible();

  await page.goto('/parts');
  const edited = partCards(page).filter({ hasText: name });
  await expect(edited.getByText('$39.99')).toBeVisible();
  await expect(edited.getByText('Available quantity: 750')).toBeVisible();
});

test('an edit made from a part as it was before an order is refused, and the sold stock stays sold', async ({
  page,
  request,
  shop,
}) => {
  const name = `Clutch Kit ${Date.now()}`;
  const adminToken = await apiSignIn(request, shop.admin);
  const added = await request.post('/api/items', {
    headers: { authorization: `Bearer ${adminToken}` },
    data: {
      name,
      description: 'Clutch disc, pressure plate and release bearing.',
      img: null,
      availableQuantity: 100,
      minimumQuantity: 10,
      price: 120,
    },
  });
  expect(added.status()).toBe(201);
  const { insertedId } = (await added.json()) as { insertedId: string };

  await signInAsAdmin(page, shop.admin);
  await page.goto('/dashboard/addproduct');
  await page.getByRole('button', { name: `Edit ${name}` }).click();
  await expect(page.getByLabel('Available quantity')).toHaveValue('100');

  // Meanwhile a customer orders 10.
  const customer = await apiCustomer(request, 'clutch', shop);
  const part = await (await request.get(`/api/item/${insertedId}`)).json();
  await apiOrder(request, customer.token, part);

  await page.getByLabel('Price (USD)').fill('110');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(
    form(page).getByText(/This part has changed since the form was opened/),
  ).toBeVisible();
  const now = await (await request.get(`/api/item/${insertedId}`)).json();
  expect([now.availableQuantity, now.price]).toEqual([90, 120]);

  // Opened again, the form shows the stock as it is and saves.
  await page.getByRole('button', { name: 'Cancel editing' }).click();
  await page.getByRole('button', { name: `Edit ${name}` }).click();
  await expect(page.getByLabel('Available quantity')).toHaveValue('90');
  await page.getByLabel('Price (USD)').fill('110');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText(`${name} was updated`)).toBeVisible();
  const saved = await (await request.get(`/api/item/${insertedId}`)).json();
  expect([saved.availableQuantity, saved.price]).toEqual([90, 110]);
});

for (const theme of ['light', 'dark'] as const) {
  test(`Add a Product has no serious or critical axe violation (${theme})`, async ({
    page,
    shop,
  }) => {
    await page.emulateMedia({ colorScheme: theme, reducedMotion: 'reduce' });
    await signInAsAdmin(page, shop.admin);
    await page.goto('/dashboard/addproduct');
    await expect(page.getByRole('rowheader').first()).toBeVisible();
    // With messages showing too.
    await page.getByRole('button', { name: 'Add Product' }).click();
    await expect(page.getByText(/^Part name is required/)).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    expect(await seriousViolations(page)).toEqual([]);
  });
}
