// Issue 16 #7 in the browser: an admin imports a CSV file of parts, first as a dry run, and sees
// the report (added, updated, refused lines with their reasons); the imported part is then found
// by its number, with its brand, category, OE number and the vehicle it fits. On a shop of its own.
import { expect } from '@playwright/test';
import { signInAsAdmin, test } from './support/admin.ts';

const CSV = [
  'partNumber,name,description,brand,category,price,availableQuantity,minimumQuantity,img,oeNumbers,fitment',
  'BP-E2E-1,E2E Ceramic Pads,Pads made by the import test.,Brembo,brake-pads,21.50,300,10,,Toyota:04465-E2E01,Toyota|Corolla|2015',
  'BP-E2E-2,,A line without a name.,Brembo,brake-pads,9.99,10,1,,,',
  'BP-E2E-1,E2E Ceramic Pads again,The same number twice.,Brembo,brake-pads,21.50,300,10,,,',
].join('\r\n');

test('an admin imports a CSV file, dry run first, and sees what was added and what was refused', async ({
  page,
  shop,
}) => {
  await signInAsAdmin(page, shop.admin);
  await page.goto('/dashboard/catalogue');
  await expect(
    page.getByRole('heading', { level: 2, name: 'Catalogue import and export' }),
  ).toBeVisible();
  const file = { name: 'parts.csv', mimeType: 'text/csv', buffer: Buffer.from(CSV, 'utf8') };
  await page.getByLabel('CSV file', { exact: true }).setInputFiles(file);

  await page
    .getByRole('checkbox', { name: 'Dry run: check the file and report, change nothing' })
    .check();
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Dry run: nothing was changed' })).toBeVisible();
  await expect(page.getByText('1 added')).toBeVisible();
  await expect(page.getByText('2 refused')).toBeVisible();
  expect(await (await page.request.get('/api/parts/BP-E2E-1')).status()).toBe(404);

  await page
    .getByRole('checkbox', { name: 'Dry run: check the file and report, change nothing' })
    .uncheck();
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Import done' })).toBeVisible();
  await expect(page.getByText('1 added')).toBeVisible();
  const refused = page.getByRole('table', { name: 'Refused lines' });
  await expect(refused.getByRole('row')).toHaveCount(3);
  await expect(refused.getByRole('row').nth(1)).toContainText('3');
  await expect(refused.getByRole('row').nth(2)).toContainText('4');
  await expect(refused.getByRole('row').nth(2)).toContainText('line 2');

  const part = await (await page.request.get('/api/parts/bp-e2e-1')).json();
  expect(part).toMatchObject({
    name: 'E2E Ceramic Pads',
    brand: 'Brembo',
    category: { slug: 'brake-pads' },
    oeNumbers: [{ brand: 'Toyota', number: '04465-E2E01' }],
  });
  expect(part.fitment.groups.map((group: { make: string }) => group.make)).toEqual(['Toyota']);
});
