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

const PASSWORD_RULE = 'Minimum six characters with at least one letter and one number';

test.describe('the login screen checks what is typed (SPEC §5)', () => {
  test('an empty form shows both messages', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page.getByText('Invalid Email', { exact: true })).toBeVisible();
    await expect(page.getByText(PASSWORD_RULE)).toBeVisible();
    await expect(page.getByLabel('Email', { exact: true })).toBeFocused();
  });

  for (const email of [
    'ada@example',
    'ada example.com',
    'ada@example.c',
    'ada@example.123',
    'ad!a@example.com',
  ]) {
    test(`'${email}' is an invalid e-mail`, async ({ page }) => {
      await page.goto('/login');
      await page.getByLabel('Email', { exact: true }).fill(email);
      await page.getByLabel('Password', { exact: true }).fill('abc123');
      await page.getByRole('button', { name: 'Login', exact: true }).click();
      await expect(page.getByText('Invalid Email', { exact: true })).toBeVisible();
      await expect(page.getByText(PASSWORD_RULE)).toHaveCount(0);
    });
  }

  for (const password of ['abc12', 'abcdef', '123456', 'abc 123', 'abc12!']) {
    test(`'${password}' breaks the password rule`, async ({ page }) => {
      await page.goto('/login');
      await page.getByLabel('Email', { exact: true }).fill('ada@example.com');
      await page.getByLabel('Password', { exact: true }).fill(password);
      await page.getByRole('button', { name: 'Login', exact: true }).click();
      await expect(page.getByText(PASSWORD_RULE)).toBeVisible();
      await expect(page.getByText('Invalid Email', { exact: true })).toHaveCount(0);
    });
  }

  test('a message goes away as soon as the value is fixed', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.getByLabel('Email', { exact: true }).fill('ada@example.com');
    await expect(page.getByText('Invalid Email', { exact: true })).toHaveCount(0);
    await expect(page.getByText(PASSWORD_RULE)).toBeVisible();
  });

  test("'Forgot password?' without a valid e-mail toasts 'Enter a Valid Email'", async ({
    page,
  }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Enter a Valid Email' })).toBeVisible();
    await page.getByLabel('Email', { exact: true }).fill('not-an-address');
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'Enter a Valid Email' }).first(),
    ).toBeVisible();
  });

  test("an unknown address gets the server's message in red below the form", async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('Email', { exact: true }).fill(`nobody.${Date.now()}@example.com`);
    await page.getByLabel('Password', { exact: true }).fill('abc123');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    const message = page.getByRole('alert').filter({ hasText: 'Incorrect email or password' });
    await expect(message).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    // Below the form, not inside it.
    const form = page
      .locator('form')
      .filter({ has: page.getByRole('button', { name: 'Login', exact: true }) });
    const formBox = await form.boundingBox();
    const messageBox = await message.boundingBox();
    expect(formBox && messageBox && messageBox.y >= formBox.y + formBox.height).toBe(true);
  });
});

test.describe('the register screen checks what is typed (SPEC §5)', () => {
  test('an empty form shows the three messages', async ({ page }) => {
    await page.goto('/register');
    await page.getByRole('checkbox', { name: 'I agree to the terms of service' }).check();
    await page.getByRole('button', { name: 'Register', exact: true }).click();
    await expect(page.getByText('Full Name is required')).toBeVisible();
    await expect(page.getByText('Enter a Valid Eamil')).toBeVisible();
    await expect(page.getByText(PASSWORD_RULE)).toBeVisible();
  });

  test('a full name longer than 80 characters is refused', async ({ page }) => {
    await page.goto('/register');
    await page.getByLabel('Full Name', { exact: true }).fill('A'.repeat(81));
    await page.getByLabel('Email', { exact: true }).fill('ada@example.com');
    await page.getByLabel('Password', { exact: true }).fill('abc123');
    await page.getByRole('checkbox', { name: 'I agree to the terms of service' }).check();
    await page.getByRole('button', { name: 'Register', exact: true }).click();
    await expect(page.getByText('Full Name is required')).toBeVisible();
    await expect(page.getByText('Enter a Valid Eamil')).toHaveCount(0);
    await expect(page.getByText(PASSWORD_RULE)).toHaveCount(0);
  });

  test('a bad address and a bad password get their messages', async ({ page }) => {
    await page.goto('/register');
    await page.getByLabel('Full Name', { exact: true }).fill('Ada Lovelace');
    await page.getByLabel('Email', { exact: true }).fill('ada@@example.com');
    await page.getByLabel('Password', { exact: true }).fill('abcdef');
    await page.getByRole('checkbox', { name: 'I agree to the terms of service' }).check();
    await page.getByRole('button', { name: 'Register', exact: true }).click();
    await expect(page.getByText('Full Name is required')).toHaveCount(0);
    await expect(page.getByText('Enter a Valid Eamil')).toBeVisible();
    await expect(page.getByText(PASSWORD_RULE)).toBeVisible();
  });
});

test.describe('Google sign-in when the server has no Google configuration', () => {
  for (const path of ['/login', '/register']) {
    test(`${path} says so below the form and stays`, async ({ page }) => {
      await page.goto(path);
      await page.getByRole('button', { name: 'Continue with Google' }).click();
      await expect(
        page
          .getByRole('alert')
          .filter({ hasText: 'Google sign-in is not configured on this server.' }),
      ).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`${path}$`));
    });
  }

  test('a failed Google sign-in comes back to /login with its reason below the form', async ({
    page,
  }) => {
    await page.goto('/login?googleError=unverified');
    await expect(
      page.getByRole('alert').filter({
        hasText:
          'Google has not verified this e-mail address, so it cannot be linked to an account.',
      }),
    ).toBeVisible();
    await page.goto('/login?googleError=failed');
    await expect(
      page.getByRole('alert').filter({ hasText: 'Google sign-in failed. Please try again.' }),
    ).toBeVisible();
  });
});
