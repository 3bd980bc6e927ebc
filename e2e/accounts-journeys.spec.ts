// Issue 3's journeys through the real server: sign-up finished from the e-mailed link of the
// outbox, sign-in, sign-out, guards, sessions that survive a reload, and the password reset.
import { expect, type Page, test } from '@playwright/test';
import {
  accountName,
  newCustomer,
  register,
  signOut,
  submitLogin,
  submitRegister,
} from './support/accounts.ts';
import { seriousViolations } from './support/axe.ts';
import { linkTo, waitForMail } from './support/outbox.ts';

const storedToken = (page: Page) => page.evaluate(() => localStorage.getItem('access-token'));

test('a new customer signs up, is signed in by the e-mailed link, signs out and back in', async ({
  page,
}) => {
  const customer = newCustomer('journey');
  await submitRegister(page, customer);
  // Nobody is signed in yet: the screen says where the e-mail went.
  await expect(page.getByRole('heading', { name: 'Check Your E-mail' })).toBeVisible();
  await expect(page.getByText(`We sent an e-mail to ${customer.email}.`)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Login', exact: true })).toBeVisible();
  expect(await storedToken(page)).toBeNull();
  expect(await seriousViolations(page)).toEqual([]);

  const mail = await waitForMail(customer.email, { subject: /Confirm your e-mail/ });
  const link = linkTo(mail, '/verify-email');
  // A mail scanner fetching the link gets the page and changes nothing: the link still works.
  expect((await page.request.get(link)).status()).toBe(200);
  await page.goto(link);
  // Nobody sent the visitor here from a guarded page: sign-up ends on the home page.
  await expect(page).toHaveURL(/\/$/);
  await expect(accountName(page, customer)).toBeVisible();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Your e-mail address is verified.' }),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Dashboard' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Login', exact: true })).toHaveCount(0);
  expect(await storedToken(page)).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);

  await page.getByRole('link', { name: 'Dashboard' }).click();
  const profile = page.getByRole('region', { name: 'My Profile' });
  await expect(profile.getByText(customer.email)).toBeVisible();
  await expect(profile.getByText('Verified', { exact: true })).toBeVisible();
  await expect(profile.getByRole('button', { name: 'Resend verification e-mail' })).toHaveCount(0);
  await expect(profile.getByRole('img', { name: `${customer.name}'s photo` })).toHaveAttribute(
    'src',
    '/images/avatar-default.svg',
  );

  await page.goto('/');
  await signOut(page);
  await expect(page.getByRole('link', { name: 'Dashboard' })).toHaveCount(0);

  // The link works once: opened again it signs nobody in and says so.
  await page.goto(link);
  await expect(
    page.getByRole('alert').filter({ hasText: 'This link was already used. Please sign in.' }),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Login', exact: true })).toBeVisible();
  expect(await storedToken(page)).toBeNull();

  // A guarded page sends the visitor to /login, and back there after signing in.
  await page.goto('/dashboard/addreview');
  await expect(page).toHaveURL(/\/login$/);
  await submitLogin(page, customer.email, customer.password);
  await expect(page).toHaveURL(/\/dashboard\/addreview$/);
  await expect(accountName(page, customer)).toBeVisible();
  // The login page was replaced in history: Back does not return to it.
  await page.goBack();
  await expect(page).not.toHaveURL(/\/login$/);
});

test('sign-up started from a guarded page returns there from the e-mailed link', async ({
  page,
}) => {
  const customer = newCustomer('origin');
  await page.goto('/dashboard/addreview');
  await expect(page).toHaveURL(/\/login$/);
  await page.getByRole('link', { name: 'Register here' }).click();
  await expect(page).toHaveURL(/\/register$/);
  await register(page, customer);
  await expect(page).toHaveURL(/\/dashboard\/addreview$/);
  await expect(page.getByRole('heading', { name: 'Add Review' })).toBeVisible();
});

test('the check-your-e-mail screen sends the e-mail again, and only its newest unused link signs in once', async ({
  page,
}) => {
  const customer = newCustomer('again');
  await submitRegister(page, customer);
  const first = await waitForMail(customer.email, { subject: /Confirm your e-mail/ });
  await page.getByRole('button', { name: 'Send the e-mail again' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'We sent the e-mail again.' }),
  ).toBeVisible();
  const second = await waitForMail(customer.email, {
    subject: /Confirm your e-mail/,
    skip: [first],
  });
  await page.goto(linkTo(second, '/verify-email'));
  await expect(accountName(page, customer)).toBeVisible();
  await signOut(page);
  // The address is verified: the first e-mail's link hands out no session either.
  await page.goto(linkTo(first, '/verify-email'));
  await expect(
    page.getByRole('alert').filter({ hasText: 'This link was already used. Please sign in.' }),
  ).toBeVisible();
  await page.getByRole('link', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test('a customer who lost the e-mail cannot sign in before verifying, and has it sent again from the login screen', async ({
  page,
}) => {
  const customer = newCustomer('resend');
  await submitRegister(page, customer);
  const first = await waitForMail(customer.email, { subject: /Confirm your e-mail/ });
  await page.goto('/login');
  await submitLogin(page, customer.email, customer.password);
  await expect(
    page.getByRole('alert').filter({ hasText: 'Please verify your e-mail address first' }),
  ).toBeVisible();
  expect(await storedToken(page)).toBeNull();
  await page.getByRole('button', { name: 'Send the e-mail again' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'We sent the e-mail again.' }),
  ).toBeVisible();
  const second = await waitForMail(customer.email, {
    subject: /Confirm your e-mail/,
    skip: [first],
  });
  // Opened in the browser that signed up, the new link signs the customer in.
  await page.goto(linkTo(second, '/verify-email'));
  await expect(page).toHaveURL(/\/$/);
  await expect(accountName(page, customer)).toBeVisible();
  await page.goto('/dashboard');
  const profile = page.getByRole('region', { name: 'My Profile' });
  await expect(profile.getByText('Verified', { exact: true })).toBeVisible();
});

test('the link opened in a second browser verifies the address there, where the customer chooses a password and is signed in; the sign-up password is refused', async ({
  browser,
  page,
}) => {
  const customer = newCustomer('elsewhere');
  await submitRegister(page, customer);
  const mail = await waitForMail(customer.email, { subject: /Confirm your e-mail/ });
  const chosen = 'chosen2024x';
  // Another browser (the mail read on a phone, or the victim of someone else's link) has no
  // sign-up cookie.
  const other = await browser.newContext();
  try {
    const phone = await other.newPage();
    await phone.goto(linkTo(mail, '/verify-email'));
    await expect(
      phone.getByRole('status').filter({
        hasText: `Your e-mail address ${customer.email} is verified. Choose a password to sign in.`,
      }),
    ).toBeVisible();
    // Nobody is signed in until a password is chosen here (no login CSRF).
    expect(await phone.evaluate(() => localStorage.getItem('access-token'))).toBeNull();
    await expect(phone.getByRole('link', { name: 'Login', exact: true })).toBeVisible();
    expect(await seriousViolations(phone)).toEqual([]);

    // SPEC §5's password rule and its message hold here too.
    await phone.getByLabel('New password', { exact: true }).fill('short');
    await phone.getByLabel('Confirm new password', { exact: true }).fill('short');
    await phone.getByRole('button', { name: 'Choose password and sign in' }).click();
    await expect(
      phone.getByText('Minimum six characters with at least one letter and one number'),
    ).toBeVisible();
    // The link is used up, yet a reload (a phone that put the tab away) keeps the form.
    await phone.reload();
    await expect(
      phone.getByText(`Your e-mail address ${customer.email} is verified.`),
    ).toBeVisible();

    await phone.getByLabel('New password', { exact: true }).fill(chosen);
    await phone.getByLabel('Confirm new password', { exact: true }).fill(chosen);
    await phone.getByRole('button', { name: 'Choose password and sign in' }).click();
    await expect(accountName(phone, customer)).toBeVisible();
    await expect(phone).toHaveURL(/\/$/);
    expect(await phone.evaluate(() => localStorage.getItem('access-token'))).toMatch(
      /^[\w-]+\.[\w-]+\.[\w-]+$/,
    );
    // The session survives a reload there (the refresh cookie was set).
    await phone.reload();
    await expect(accountName(phone, customer)).toBeVisible();
  } finally {
    await other.close();
  }
  // In the browser that signed up, the password chosen at sign-up is refused; the new one works.
  await page.goto('/login');
  await submitLogin(page, customer.email, customer.password);
  await expect(
    page.getByRole('alert').filter({ hasText: 'Incorrect email or password' }),
  ).toBeVisible();
  await submitLogin(page, customer.email, chosen);
  await expect(accountName(page, customer)).toBeVisible();
});

test('a business address ending in .company signs up, is signed in by its link, and signs in again', async ({
  page,
}) => {
  const customer = newCustomer('business');
  customer.email = customer.email.replace(/@example\.com$/, '@fleet.company');
  await register(page, customer);
  await signOut(page);
  await page.goto('/login');
  await submitLogin(page, customer.email, customer.password);
  await expect(page).toHaveURL(/\/$/);
  await expect(accountName(page, customer)).toBeVisible();
  await page.goto('/dashboard');
  await expect(
    page.getByRole('region', { name: 'My Profile' }).getByText(customer.email),
  ).toBeVisible();
});

test('a session survives a reload, and an expired or refused token is renewed by the cookie', async ({
  page,
}) => {
  const customer = newCustomer('reload');
  await register(page, customer);

  await page.reload();
  await expect(accountName(page, customer)).toBeVisible();

  // An access token that has expired: the refresh cookie gets a new one on load.
  await page.evaluate(() => localStorage.setItem('access-token', 'expired'));
  await page.reload();
  await expect(accountName(page, customer)).toBeVisible();
  expect(await storedToken(page)).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);

  // A token that looks fresh but the server refuses (401): one refresh, then the call again.
  await page.evaluate(() => {
    const part = (value: object) =>
      btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
    const exp = Math.floor(Date.now() / 1000) + 3600;
    localStorage.setItem(
      'access-token',
      `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ sub: 'someone', exp })}.forged`,
    );
  });
  await page.goto('/dashboard');
  await expect(
    page.getByRole('region', { name: 'My Profile' }).getByText(customer.email),
  ).toBeVisible();
  expect(await storedToken(page)).not.toContain('forged');
});

test('signing out ends the session on the server: a reload stays signed out', async ({ page }) => {
  const customer = newCustomer('signout');
  await register(page, customer);
  await signOut(page);
  await page.reload();
  await expect(page.getByRole('link', { name: 'Login', exact: true })).toBeVisible();
  const refresh = await page.request.post('/api/auth/refresh');
  expect(refresh.status()).toBe(401);
});

test('the end of a Google sign-in turns the session cookie into a signed-in user and stays on this site', async ({
  page,
}) => {
  const customer = newCustomer('complete');
  await register(page, customer);
  await page.goto('/auth/complete?from=//evil.example/steal');
  await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/$/);
  await expect(accountName(page, customer)).toBeVisible();

  await page.goto('/auth/complete?from=/Blogs');
  await expect(page).toHaveURL(/\/Blogs$/);
  await expect(accountName(page, customer)).toBeVisible();
});

test('without a session the end of a Google sign-in goes back to /login with a message', async ({
  page,
}) => {
  await page.goto('/auth/complete?from=/dashboard');
  await expect(page).toHaveURL(/\/login\?googleError=failed$/);
  await expect(
    page.getByRole('alert').filter({ hasText: 'Google sign-in failed. Please try again.' }),
  ).toBeVisible();
});

test('an address that is already registered sees exactly what a new one sees, and its owner is warned', async ({
  page,
}) => {
  const customer = newCustomer('twice');
  await register(page, customer);
  await signOut(page);
  const again = { ...customer, name: 'Somebody Else', password: 'other123' };
  await page.goto('/register');
  await submitRegister(page, again);
  await expect(page.getByRole('heading', { name: 'Check Your E-mail' })).toBeVisible();
  await expect(page.getByText(`We sent an e-mail to ${customer.email}.`)).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(page).toHaveURL(/\/register$/);
  await expect(page.getByRole('link', { name: 'Login', exact: true })).toBeVisible();
  expect(await storedToken(page)).toBeNull();
  await waitForMail(customer.email, { subject: /already have an account/ });

  // The screen is the same for a new address, and the wrong address can be corrected.
  await page.getByRole('button', { name: 'Use another address' }).click();
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(customer.email);
  const fresh = newCustomer('fresh');
  await page.getByLabel('Email', { exact: true }).fill(fresh.email);
  await page.getByRole('button', { name: 'Register', exact: true }).click();
  await expect(page.getByText(`We sent an e-mail to ${fresh.email}.`)).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('a forgotten password is reset through the e-mailed link, which works once', async ({
  page,
}) => {
  const customer = newCustomer('reset');
  await register(page, customer);
  await signOut(page);

  await page.goto('/login');
  await page.getByLabel('Email', { exact: true }).fill(customer.email);
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Sent Email' })).toBeVisible();

  const mail = await waitForMail(customer.email, { subject: /Reset your/ });
  const link = linkTo(mail, '/reset-password');
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Reset Your Password' })).toBeVisible();

  // The new password follows the same rule, and both fields must agree.
  await page.getByLabel('New password', { exact: true }).fill('short');
  await page.getByLabel('Confirm new password', { exact: true }).fill('other');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(
    page.getByText('Minimum six characters with at least one letter and one number'),
  ).toBeVisible();
  await expect(page.getByText('The passwords do not match')).toBeVisible();

  const newPassword = 'brandnew42';
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm new password', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: 'Your password has been changed. Sign in with the new one.' }),
  ).toBeVisible();
  await page.getByRole('link', { name: 'Go to login' }).click();
  await expect(page).toHaveURL(/\/login$/);

  // The old password no longer works: the server's message shows below the form.
  await submitLogin(page, customer.email, customer.password);
  await expect(
    page.getByRole('alert').filter({ hasText: 'Incorrect email or password' }),
  ).toBeVisible();
  await submitLogin(page, customer.email, newPassword);
  await expect(page).toHaveURL(/\/$/);
  await expect(accountName(page, customer)).toBeVisible();

  // The link cannot be used twice.
  await page.goto(link);
  await page.getByLabel('New password', { exact: true }).fill('again1234');
  await page.getByLabel('Confirm new password', { exact: true }).fill('again1234');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(
    page
      .getByRole('alert')
      .filter({ hasText: 'This reset link is invalid or has expired. Ask for a new one.' }),
  ).toBeVisible();
});

test('the access token is refreshed about five minutes before it expires, one tab at a time', async ({
  context,
  page,
}) => {
  await context.clock.install();
  const customer = newCustomer('refresh');
  await register(page, customer);
  const other = await context.newPage();
  await other.goto('/dashboard');
  await expect(
    other.getByRole('region', { name: 'My Profile' }).getByText(customer.email),
  ).toBeVisible();

  // The server ends a whole session when a rotated refresh cookie comes back, so two tabs must
  // never refresh at the same time.
  let inFlight = 0;
  let mostAtOnce = 0;
  let refreshes = 0;
  const isRefresh = (url: string) => url.endsWith('/api/auth/refresh');
  context.on('request', (request) => {
    if (!isRefresh(request.url())) return;
    refreshes += 1;
    inFlight += 1;
    mostAtOnce = Math.max(mostAtOnce, inFlight);
  });
  const done = (url: string) => {
    if (isRefresh(url)) inFlight -= 1;
  };
  context.on('requestfinished', (request) => done(request.url()));
  context.on('requestfailed', (request) => done(request.url()));

  const first = await storedToken(page);
  await context.clock.fastForward('08:00');
  await expect(accountName(page, customer)).toBeVisible();
  expect(refreshes).toBe(0);

  // The token lives 15 minutes: at 10 it is renewed.
  await context.clock.fastForward('03:00');
  await expect.poll(() => refreshes).toBeGreaterThan(0);
  await expect.poll(() => inFlight).toBe(0);
  expect(mostAtOnce).toBe(1);
  expect(await storedToken(other)).toBe(await storedToken(page));
  expect(await storedToken(page)).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
  expect(first).toBeTruthy();

  // The session is still alive for both tabs.
  await other.reload();
  await expect(accountName(other, customer)).toBeVisible();
  await page.goto('/dashboard');
  await expect(
    page.getByRole('region', { name: 'My Profile' }).getByText(customer.email),
  ).toBeVisible();
});

test('a user sync the server refuses (403) signs the user out and goes to / (SPEC §4, §8)', async ({
  page,
}) => {
  const customer = newCustomer('refused');
  await register(page, customer);
  await signOut(page);

  await page.route('**/api/user/**', (route) =>
    route.request().method() === 'PUT'
      ? route.fulfill({
          status: 403,
          contentType: 'application/json',
          body: JSON.stringify({ error: { code: 'forbidden', message: 'Forbidden' } }),
        })
      : route.continue(),
  );
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
  await submitLogin(page, customer.email, customer.password);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Login', exact: true })).toBeVisible();
  await expect(accountName(page, customer)).toHaveCount(0);
  expect(await storedToken(page)).toBeNull();
  // Signed out on the server too: a reload does not bring the session back.
  await page.reload();
  await expect(page.getByRole('link', { name: 'Login', exact: true })).toBeVisible();
  await expect.poll(async () => (await page.request.post('/api/auth/refresh')).status()).toBe(401);
});
