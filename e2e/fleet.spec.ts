// Issue 32 #5, a company's fleet in the browser: the owner adds a van by its VIN on My Company,
// finds what fits the fleet on /parts, names the van on the cart line, checks out, and sees the
// part in the van's history. My Company's fleet has no serious axe violation in either theme, and
// fits a 360 px phone. On a shop of its own with the demo catalogue (support/admin.ts).
import { expect, type Page } from '@playwright/test';
import { submitLogin } from './support/accounts.ts';
import { bearer, companyOwner, test } from './support/admin.ts';
import { seriousViolations } from './support/axe.ts';
import { partCards } from './support/catalogue.ts';
import { expectNoSidewaysScroll, toast } from './support/pages.ts';

/** A 2015 Toyota Corolla 1.8L: the demo's brake pads fit it. */
const COROLLA_VIN = '2T1BURHE9FC123456';

async function signIn(page: Page, who: { email: string; password: string }) {
  await page.goto('/login');
  await submitLogin(page, who.email, who.password);
  await expect(page.getByRole('button', { name: 'SignOut' })).toBeVisible();
}

const fleetSection = (page: Page) => page.getByRole('region', { name: 'Fleet', exact: true });

async function addVan(page: Page) {
  await page.goto('/dashboard/company');
  const fleet = fleetSection(page);
  await fleet.getByLabel('VIN').fill(COROLLA_VIN);
  await fleet.getByLabel('Plate').fill('DHA-1234');
  await fleet.getByLabel('Name').fill('Van 7');
  await fleet.getByRole('button', { name: 'Add the vehicle' }).click();
  await expect(fleet.getByRole('heading', { name: 'Van 7 (DHA-1234)' })).toBeVisible();
}

test('a fleet owner orders pads for a van and finds them in its history', async ({
  page,
  request,
  shop,
}) => {
  test.slow();
  const { owner } = await companyOwner(request, shop, 'fleet');
  const address = await request.post('/api/addresses', {
    headers: bearer(owner.token),
    data: { line1: '12 Dock Road', city: 'Chattogram', postalCode: '4100', country: 'Bangladesh' },
  });
  expect(address.status(), await address.text()).toBe(201);
  await signIn(page, owner);
  await addVan(page);
  await expect(fleetSection(page)).toContainText('2015 Toyota Corolla');

  // Only what fits the fleet: the Corolla's pads among them, the Focus's disc not.
  await page.goto('/parts');
  await page.getByLabel('Fits my fleet').check();
  await expect(page).toHaveURL(/fleet=true/);
  const pads = partCards(page).filter({ hasText: 'Ceramic Front Brake Pad Set' });
  await expect(pads).toBeVisible();
  await expect(partCards(page).filter({ hasText: 'Vented Brake Disc 280 mm' })).toHaveCount(0);
  await pads.getByRole('button', { name: 'Add to cart' }).click();
  await expect(toast(page, 'Added 100 × Ceramic Front Brake Pad Set to your cart')).toBeVisible();

  // The cart line names the van; checkout keeps it on the order's line.
  await page.goto('/cart');
  const vehicle = page.getByLabel('Fleet vehicle Ceramic Front Brake Pad Set is for');
  await vehicle.selectOption({ label: 'Van 7 (DHA-1234)' });
  await expect(vehicle).toBeEnabled();
  await page.reload();
  await expect(vehicle).toHaveValue(/[0-9a-f-]{36}/);
  await page.getByRole('link', { name: 'Check out' }).click();
  await expect(page.getByText('For Van 7 (DHA-1234)')).toBeVisible();
  await expect(page.getByRole('radio', { name: /12 Dock Road/ })).toBeChecked();
  await page.getByLabel('Phone').fill('01712345678');
  await page.getByRole('button', { name: 'Place the order' }).click();
  await expect(page).toHaveURL(/\/payment\/[0-9a-f-]{36}$/);

  // The van's history on My Company lists the pads.
  await page.goto('/dashboard/company');
  const van = fleetSection(page).getByRole('article').filter({ hasText: 'Van 7 (DHA-1234)' });
  await van.getByRole('button', { name: /history/i }).click();
  await expect(van.getByRole('table')).toContainText('Ceramic Front Brake Pad Set');
});

for (const theme of ['light', 'dark'] as const)
  test.describe(`the fleet in the ${theme} theme`, () => {
    test.use({ colorScheme: theme, reducedMotion: 'reduce' });

    test('has no serious or critical axe violation, on a desktop and a 360 px phone', async ({
      page,
      request,
      shop,
    }) => {
      const { owner } = await companyOwner(request, shop, `fleet-${theme}`);
      await signIn(page, owner);
      await addVan(page);
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      expect(await seriousViolations(page), 'My Company with a fleet').toEqual([]);
      await page.setViewportSize({ width: 360, height: 740 });
      await expect(
        fleetSection(page).getByRole('heading', { name: 'Van 7 (DHA-1234)' }),
      ).toBeVisible();
      await expectNoSidewaysScroll(page);
      expect(await seriousViolations(page), 'My Company with a fleet, on a phone').toEqual([]);
    });
  });
