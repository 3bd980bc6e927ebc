// Issue 5, the customer's side of the dashboard: My Profile's update form (SPEC §5's rules and
// messages, the 'Profile Updated' dialog) and Add Review, whose review the home page shows first.
import { expect, type Page, test } from '@playwright/test';
import { newCustomer, register } from './support/accounts.ts';
import { seriousViolations } from './support/axe.ts';

const valid = {
  location: 'Mirpur, Dhaka',
  phone: '+91 9876543210',
  education: 'BSc Mechanical Engineering',
  linkedin: 'https://www.linkedin.com/in/ada',
};
const REVIEW_ADDED = 'Review added Successfuly, You can check on Home page Review section ';

async function fillProfile(page: Page, values: Partial<typeof valid>) {
  for (const [label, value] of [
    ['Location', values.location],
    ['Phone', values.phone],
    ['Education', values.education],
    ['LinkedIn', values.linkedin],
  ] as const) {
    if (value !== undefined) await page.getByLabel(label, { exact: false }).fill(value);
  }
}

const updateButton = (page: Page) => page.getByRole('button', { name: 'Update Profile' });

test('a customer updates the profile: each rule speaks up, then the saved values show', async ({
  page,
}) => {
  await register(page, newCustomer('profile'));
  const puts: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'PUT' && request.url().includes('/api/profile/'))
      puts.push(request.url());
  });
  await page.goto('/dashboard');
  const profile = page.getByRole('region', { name: 'My Profile' });
  await expect(profile.getByRole('img', { name: /'s photo$/ })).toHaveAttribute(
    'src',
    '/images/avatar-default.svg',
  );
  // Sign-up finished from the e-mailed link, which verified the address.
  await expect(profile.getByText('Verified', { exact: true })).toBeVisible();

  // Empty: nothing is sent and the three required rules show their messages.
  await updateButton(page).click();
  await expect(page.getByText('Provide Valid Location', { exact: true })).toBeVisible();
  await expect(page.getByText('Provide Valid phone Number', { exact: true })).toBeVisible();
  await expect(page.getByText('Provide Valid information', { exact: true })).toBeVisible();
  await expect(page.getByLabel('Location')).toBeFocused();

  // Each rule on its own.
  await fillProfile(page, { ...valid, location: 'Dhaka' });
  await expect(page.getByText('Provide Valid Location', { exact: true })).toBeVisible();
  await expect(page.getByText('Provide Valid phone Number', { exact: true })).toBeHidden();
  await fillProfile(page, { ...valid, phone: '12345' });
  await expect(page.getByText('Provide Valid Location', { exact: true })).toBeHidden();
  await expect(page.getByText('Provide Valid phone Number', { exact: true })).toBeVisible();
  await fillProfile(page, { ...valid, education: 'BSc' });
  await expect(page.getByText('Provide Valid phone Number', { exact: true })).toBeHidden();
  await expect(page.getByText('Provide Valid information', { exact: true })).toBeVisible();
  await updateButton(page).click();
  await expect(page.getByText('Provide Valid information', { exact: true })).toBeVisible();
  expect(puts).toEqual([]);

  // Valid (linkedin is not checked): sent once, the dialog, then the saved values on the card.
  await fillProfile(page, { ...valid, linkedin: 'anything goes' });
  await updateButton(page).click();
  const dialog = page.getByRole('dialog', { name: 'Profile Updated' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(dialog).toBeHidden();
  expect(puts).toHaveLength(1);
  for (const value of [valid.location, valid.phone, valid.education, 'anything goes'])
    await expect(profile.getByRole('definition').filter({ hasText: value })).toBeVisible();

  // After a reload the form starts with what was saved.
  await page.reload();
  await expect(page.getByLabel('Location')).toHaveValue(valid.location);
  await expect(profile.getByRole('definition').filter({ hasText: valid.phone })).toBeVisible();
});

test('a customer posts a review and finds it first on the home page', async ({ page }) => {
  const customer = newCustomer('review');
  await register(page, customer);
  await page.goto('/dashboard/addreview');
  await expect(page.getByRole('heading', { name: 'Add Review' })).toBeVisible();
  await expect(page.getByText(customer.name, { exact: true }).first()).toBeVisible();
  await expect(page.getByText(/posted publicly/)).toBeVisible();

  // The rules first: no rating, no comment.
  await page.getByRole('button', { name: 'Post' }).click();
  await expect(page.getByText('Rating must be a whole number from 1 to 5')).toBeVisible();
  await expect(page.getByText('Comment is required')).toBeVisible();

  const comment = `Brake pads fit perfectly <b>${Date.now()}</b>`;
  await page.getByLabel('Rating').selectOption('4');
  await page.getByLabel('Comment').fill(comment);
  await expect(page.getByText(`${comment.length} / 1000 characters`)).toBeVisible();
  await page.getByRole('button', { name: 'Post' }).click();
  const added = page.getByRole('status').filter({ hasText: REVIEW_ADDED.trim() });
  await expect(added).toBeVisible();
  expect(await added.textContent()).toBe(REVIEW_ADDED);
  await expect(page.getByLabel('Comment')).toHaveValue('');

  // Cancel goes back to the dashboard.
  await page.getByRole('link', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // In-app navigation: the cached reviews were invalidated, so the new one is first.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }).click();
  await page.getByRole('heading', { name: 'What others Say' }).scrollIntoViewIfNeeded();
  const firstSlide = page
    .getByRole('region', { name: /^Client reviews/ })
    .getByRole('group')
    .first();
  await expect(firstSlide.getByText(comment, { exact: true })).toBeVisible();
  await expect(firstSlide.getByText('Rating: 4')).toBeVisible();
  await expect(firstSlide.getByText(customer.name, { exact: true })).toBeVisible();
});

for (const theme of ['light', 'dark'] as const) {
  test.describe(`in the ${theme} theme`, () => {
    test.use({ colorScheme: theme, reducedMotion: 'reduce' });

    test('My Profile and Add Review have no serious or critical axe violation', async ({
      page,
    }) => {
      await register(page, newCustomer(`axe-profile-${theme}`));
      await page.goto('/dashboard');
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      await expect(updateButton(page)).toBeVisible();
      expect(await seriousViolations(page), 'My Profile').toEqual([]);
      await updateButton(page).click();
      await expect(page.getByText('Provide Valid Location', { exact: true })).toBeVisible();
      expect(await seriousViolations(page), 'My Profile with messages').toEqual([]);
      await fillProfile(page, valid);
      await updateButton(page).click();
      await expect(page.getByRole('dialog', { name: 'Profile Updated' })).toBeVisible();
      expect(await seriousViolations(page), 'My Profile with the dialog').toEqual([]);
      await page.getByRole('button', { name: 'OK' }).click();
      expect(await seriousViolations(page), 'My Profile with saved values').toEqual([]);

      await page.goto('/dashboard/addreview');
      await expect(page.getByRole('button', { name: 'Post' })).toBeVisible();
      expect(await seriousViolations(page), 'Add Review').toEqual([]);
      await page.getByRole('button', { name: 'Post' }).click();
      await expect(page.getByText('Comment is required')).toBeVisible();
      expect(await seriousViolations(page), 'Add Review with messages').toEqual([]);
    });
  });
}
