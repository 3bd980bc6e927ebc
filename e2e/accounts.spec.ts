import { expect, test } from '@playwright/test';

test('the login screen shows the words of the spec and leads to /register', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByText('Sign Into Your Account')).toBeVisible();
  await expect(page.getByLabel('Email', { exact: true })).toBeVisible();
  await expect(page.getByLabel('Password', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Forgot password?' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Login', exact: true })).toBeVisible();
  await expect(page.getByText("Dont't have an account?")).toBeVisible();
  await page.getByRole('link', { name: 'Register here' }).click();
  await expect(page).toHaveURL(/\/register$/);
});

test('Register stays disabled until the terms of service are accepted', async ({ page }) => {
  await page.goto('/register');
  await expect(page.getByLabel('Full Name', { exact: true })).toBeVisible();
  const register = page.getByRole('button', { name: 'Register', exact: true });
  const terms = page.getByRole('checkbox', { name: 'I agree to the terms of service' });
  await expect(register).toBeDisabled();
  await terms.check();
  await expect(register).toBeEnabled();
  await terms.uncheck();
  await expect(register).toBeDisabled();
  await page.getByRole('link', { name: 'Already have an Account? Login here' }).click();
  await expect(page).toHaveURL(/\/login$/);
});
