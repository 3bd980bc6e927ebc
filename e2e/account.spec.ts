// Issue 30, the customer's frame and lists: on a 360 px phone the navbar names the account by its
// initials and keeps "{name}'s Account" whole (as the button's name, and the full name in its
// menu); the dashboard's drawer works with a keyboard (the focus goes in, Escape closes it, the
// focus comes back); removing an address or a garage vehicle asks first, naming it, with the
// safe choice focused: it changes nothing, and the action then does what it says.
import { expect, type Page, test } from '@playwright/test';
import { accountName, newCustomer, register } from './support/accounts.ts';
import { expectNoSidewaysScroll, toast } from './support/pages.ts';

const PHONE = { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true };

/** A customer whose name is longer than a phone's navbar. */
const longNamed = (label: string) => ({
  ...newCustomer(label),
  name: 'Bartholomew Featherstonehaugh-Smythe',
});

test.describe('on a 360 px phone', () => {
  test.use(PHONE);

  test('the navbar shows initials and keeps the whole account name, with the full name in its menu', async ({
    page,
  }) => {
    const customer = longNamed('navbar');
    await register(page, customer);
    const nav = page.getByRole('navigation', { name: 'Main' });
    const account = nav.getByRole('button', {
      name: "Bartholomew Featherstonehaugh-Smythe's Account",
      exact: true,
    });
    await expect(account).toBeVisible();
    await expect(account).toHaveText(/^BF/);
    await expect(accountName(page, customer)).toHaveCount(1);
    // SignOut stays in view, and nothing is pushed past the edge.
    await expect(nav.getByRole('button', { name: 'SignOut' })).toBeInViewport();
    await expectNoSidewaysScroll(page);

    // Its menu shows the whole name (not cut: as wide as its words) and leads to the account.
    await account.click();
    await expect(account).toHaveAttribute('aria-expanded', 'true');
    const menu = page.locator('#account-menu');
    const fullName = menu.getByText(customer.name, { exact: true });
    await expect(fullName).toBeVisible();
    expect(
      await fullName.evaluate((element) => element.scrollWidth <= element.clientWidth),
      'the name in the menu is cut',
    ).toBe(true);
    await expect(menu.getByText(customer.email)).toBeVisible();
    await expect(menu).toBeInViewport({ ratio: 1 });
    await page.keyboard.press('Escape');
    await expect(menu).toHaveCount(0);
    await expect(account).toBeFocused();
    await account.click();
    await menu.getByRole('link', { name: 'My Orders' }).click();
    await expect(page).toHaveURL('/dashboard/myorder2');
    await expect(menu).toHaveCount(0);
  });

  test('the dashboard menu is a drawer that works with a keyboard', async ({ page }) => {
    await register(page, newCustomer('drawer'));
    await page.goto('/dashboard');
    const open = page.getByRole('button', { name: 'Open dashboard menu' });
    const drawer = page.getByRole('navigation', { name: 'Dashboard' });
    await expect(drawer).toBeHidden();

    // Opened from the keyboard: the focus moves into the drawer.
    await open.focus();
    await page.keyboard.press('Enter');
    await expect(drawer).toBeVisible();
    const close = drawer.getByRole('button', { name: 'Close dashboard menu' });
    await expect(close).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(drawer.getByRole('link', { name: 'My Profile' })).toBeFocused();
    // The page behind cannot be reached while it is open.
    await expect(page.locator('.drawer-content')).toHaveAttribute('inert', '');

    // Escape closes it, and the focus goes back to the button that opened it.
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(open).toBeFocused();

    // A link chosen by keyboard opens its page and closes the drawer.
    await page.keyboard.press('Enter');
    await expect(close).toBeFocused();
    await drawer.getByRole('link', { name: 'My Garage' }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL('/dashboard/garage');
    await expect(drawer).toBeHidden();
    await expect(page.getByRole('heading', { name: 'My Garage' })).toBeVisible();
  });
});

/** Adds an address on My Addresses as the customer would; it is then the `count`th. */
async function addAddress(page: Page, line1: string, count: number) {
  const form = page.getByRole('region', { name: 'Add an address' });
  await form.getByLabel(/Address line 1/).fill(line1);
  await form.getByLabel('City').fill('Khulna');
  await form.getByLabel('Postal code').fill('9100');
  await form.getByLabel('Country').fill('Bangladesh');
  await form.getByRole('button', { name: 'Save address' }).click();
  await expect(
    page.getByRole('list', { name: 'Your addresses' }).getByRole('listitem'),
  ).toHaveCount(count);
}

test('removing an address or a garage vehicle asks first: the safe choice changes nothing', async ({
  page,
}) => {
  test.slow();
  await register(page, newCustomer('remove'));

  // An empty list says what to do next, and takes the focus there.
  await page.goto('/dashboard/addresses');
  await expect(page.getByText('No saved addresses yet: add one below.')).toBeVisible();
  await page.getByRole('button', { name: 'Add an address' }).click();
  await expect(
    page.getByRole('region', { name: 'Add an address' }).getByLabel(/Address line 1/),
  ).toBeFocused();
  await addAddress(page, '7 Quay Street', 1);
  await addAddress(page, '12 Dock Road', 2);
  const addresses = page.getByRole('list', { name: 'Your addresses' }).getByRole('listitem');
  await expect(addresses).toHaveCount(2);
  const dock = addresses.filter({ hasText: '12 Dock Road' });
  await dock.getByRole('button', { name: 'Delete' }).click();
  const question = page.getByRole('dialog', { name: 'Delete this address?' });
  await expect(question).toContainText('12 Dock Road, Khulna 9100, Bangladesh is deleted');
  await expect(question.getByRole('button', { name: 'Keep it' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(question).toBeHidden();
  await expect(addresses).toHaveCount(2);
  await dock.getByRole('button', { name: 'Delete' }).click();
  await question.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(toast(page, 'The address was deleted.')).toBeVisible();
  await expect(addresses).toHaveCount(1);
  await expect(page.getByRole('heading', { name: 'My Addresses' })).toBeFocused();

  // A vehicle in the garage, then Remove.
  await page.goto('/dashboard/garage');
  await expect(page.getByText('No vehicles in your garage yet: add one below.')).toBeVisible();
  await page.getByLabel('Year').selectOption('2015');
  await page.getByLabel('Make').selectOption('Toyota');
  await page.getByLabel('Model').selectOption('Corolla');
  const engine = page.getByLabel('Engine');
  await expect(engine.locator('option').nth(1)).toBeAttached();
  await engine.selectOption({ index: 1 });
  await page.getByRole('button', { name: 'Add to garage' }).click();
  const vehicles = page.getByRole('list', { name: 'Your vehicles' }).getByRole('listitem');
  await expect(vehicles).toHaveCount(1);
  const name = (await vehicles.locator('span').first().textContent()) ?? '';
  expect(name).toMatch(/^2015 Toyota Corolla/);
  await vehicles.getByRole('button', { name: 'Remove' }).click();
  const removal = page.getByRole('dialog', { name: 'Remove this vehicle?' });
  await expect(removal).toContainText(`The ${name} is removed from your garage`);
  await expect(removal.getByRole('button', { name: 'Keep it' })).toBeFocused();
  await removal.getByRole('button', { name: 'Keep it' }).click();
  await expect(removal).toBeHidden();
  await expect(vehicles).toHaveCount(1);
  await vehicles.getByRole('button', { name: 'Remove' }).click();
  await removal.getByRole('button', { name: 'Remove the vehicle' }).click();
  await expect(toast(page, `${name} was removed from your garage.`)).toBeVisible();
  await expect(vehicles).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'My Garage' })).toBeFocused();
});
