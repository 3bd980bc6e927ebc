// Issue 19, integrations: a customer makes an API key on the dashboard with the keyboard, copies
// it, and their own system's call with it (GET /api/userorder) is answered until the key is revoked
// on the page, then refused (401). They add a webhook endpoint (a receiver on this machine: the
// suite's shop runs with WEBHOOK_ALLOW_PRIVATE=true), and an order they place reaches it, signed
// with the secret the page showed once, and is listed among the endpoint's deliveries. Both pages
// have no serious axe violation in either theme, and fit a phone.
import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { expect, type Page, test } from '@playwright/test';
import { newCustomer, register } from './support/accounts.ts';
import { apiOrder, bearer, dashboardMenu } from './support/admin.ts';
import { seriousViolations } from './support/axe.ts';
import { apiParts } from './support/catalogue.ts';
import { expectNoSidewaysScroll, toast } from './support/pages.ts';

// Copy writes to the clipboard, which the test then reads.
test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

const NO_KEYS = 'You have no API keys yet: create one below.';
const NO_ENDPOINTS = 'You have no webhook endpoints yet: add one below.';

const keysTable = (page: Page) => page.getByRole('table', { name: 'Your API keys, newest first' });
const endpointCard = (page: Page, url: string) =>
  page.getByRole('list', { name: 'Your webhook endpoints' }).getByRole('article', { name: url });

/** The signed-in customer's access token, as the page keeps it. */
async function pageToken(page: Page): Promise<string> {
  const token = await page.evaluate(() => localStorage.getItem('access-token'));
  if (!token) throw new Error('not signed in');
  return token;
}

type Received = { signature: string; body: string };

/** A customer's system on this machine that takes webhook deliveries and answers 204. */
async function startReceiver(): Promise<{ url: string; received: Received[]; server: Server }> {
  const received: Received[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({
        signature: String(request.headers['axle-signature'] ?? ''),
        body: Buffer.concat(chunks).toString('utf8'),
      });
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}/axle-events`, received, server };
}

/** Makes a key on the API keys page (by mouse) and returns it, read from the page. */
async function createKey(page: Page, name: string): Promise<string> {
  const create = page.getByRole('region', { name: 'Create an API key' });
  await create.getByLabel('Name').fill(name);
  await create.getByRole('checkbox', { name: /Read your orders/ }).check();
  await create.getByRole('button', { name: 'Create the key' }).click();
  const panel = page.getByRole('region', { name: 'Copy your new API key now' });
  return panel.getByLabel(`API key ${name}`).inputValue();
}

test('a customer makes an API key, calls the API with it, and revokes it', async ({
  page,
  request,
}) => {
  const customer = newCustomer('keys');
  await register(page, customer);
  await page.goto('/dashboard');
  await dashboardMenu(page).getByRole('link', { name: 'API keys' }).click();
  await expect(page).toHaveURL('/dashboard/api-keys');
  await expect(page.getByRole('heading', { level: 2, name: 'API keys' })).toBeVisible();
  await expect(page.getByText(NO_KEYS)).toBeVisible();
  const create = page.getByRole('region', { name: 'Create an API key' });
  await expect(create.getByText('Authorization: Bearer axk_…')).toBeVisible();
  await expect(create.getByRole('link', { name: 'API documentation' })).toHaveAttribute(
    'href',
    '/api/docs',
  );

  // With the keyboard: the name, the second scope, Create; then Copy.
  await create.getByLabel('Name').focus();
  await page.keyboard.type('Purchasing system');
  await page.keyboard.press('Tab');
  await expect(create.getByRole('checkbox', { name: /Read the catalogue/ })).toBeFocused();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Space');
  await expect(create.getByRole('checkbox', { name: /Read your orders/ })).toBeChecked();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(create.getByRole('button', { name: 'Create the key' })).toBeFocused();
  await page.keyboard.press('Enter');

  const panel = page.getByRole('region', { name: 'Copy your new API key now' });
  await expect(panel.getByRole('heading')).toBeFocused();
  await expect(panel).toContainText('It will not be shown again');
  const key = await panel.getByLabel('API key Purchasing system').inputValue();
  expect(key).toMatch(/^axk_[A-Za-z0-9_-]{20,}$/);
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(panel.getByRole('button', { name: 'Copy' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(toast(page, 'Copied to the clipboard.')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);

  // The list shows the key by how it starts, never the key itself.
  const row = keysTable(page).getByRole('row').filter({ hasText: 'Purchasing system' });
  await expect(row).toContainText(`${key.slice(0, 10)}…`);
  await expect(row).toContainText('orders:read');
  await expect(row).toContainText('Never');
  await panel.getByRole('button', { name: 'I have copied it' }).click();
  await expect(panel).toHaveCount(0);
  expect(await page.content()).not.toContain(key);

  // The customer's own system calls the API with it.
  const myOrders = () =>
    request.get('/api/userorder', { headers: bearer(key), params: { email: customer.email } });
  const answered = await myOrders();
  expect(answered.status(), await answered.text()).toBe(200);

  // Revoke asks first, naming the key; the safe choice has the focus and changes nothing.
  const revoke = row.getByRole('button', { name: 'Revoke the key Purchasing system' });
  await revoke.click();
  const dialog = page.getByRole('dialog', { name: 'Revoke this API key?' });
  await expect(dialog).toContainText(`The key Purchasing system (${key.slice(0, 10)}…)`);
  await expect(dialog.getByRole('button', { name: 'Keep it' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(revoke).toBeFocused();
  await expect(row).toBeVisible();
  expect((await myOrders()).status()).toBe(200);

  // Revoked on the page (after the question), it stops working at once.
  await revoke.click();
  await dialog.getByRole('button', { name: 'Revoke the key' }).click();
  await expect(toast(page, 'The key Purchasing system is revoked.')).toBeVisible();
  await expect(page.getByText(NO_KEYS)).toBeVisible();
  const refused = await myOrders();
  expect(refused.status(), await refused.text()).toBe(401);
});

test('a customer adds a webhook endpoint, and an order they place reaches it signed', async ({
  page,
  request,
}) => {
  const receiver = await startReceiver();
  try {
    const customer = newCustomer('webhooks');
    await register(page, customer);
    await page.goto('/dashboard');
    await dashboardMenu(page).getByRole('link', { name: 'Webhooks' }).click();
    await expect(page).toHaveURL('/dashboard/webhooks');
    await expect(page.getByRole('heading', { level: 2, name: 'Webhooks' })).toBeVisible();
    await expect(page.getByText(NO_ENDPOINTS)).toBeVisible();

    const add = page.getByRole('region', { name: 'Add an endpoint' });
    await expect(add.getByText('Axle-Signature: t={unix seconds},v1={signature}')).toBeVisible();
    await add.getByLabel('URL').fill(receiver.url);
    await add.getByRole('checkbox', { name: /An order is placed/ }).check();
    await add.getByRole('button', { name: 'Add the endpoint' }).click();
    const panel = page.getByRole('region', { name: 'Copy the signing secret now' });
    const secret = await panel.getByLabel(`Signing secret of ${receiver.url}`).inputValue();
    expect(secret).toMatch(/^whsec_/);
    const card = endpointCard(page, receiver.url);
    await expect(card).toContainText('order.placed');
    await expect(card).toContainText('Last deliveryNone yet');
    await panel.getByRole('button', { name: 'I have copied it' }).click();
    await expect(panel).toHaveCount(0);
    expect(await page.content()).not.toContain(secret);

    // An order placed by the customer reaches the receiver, signed with the secret.
    const [part] = await apiParts(request);
    if (!part) throw new Error('the demo parts are missing');
    const order = await apiOrder(request, await pageToken(page), part);
    await expect.poll(() => receiver.received.length, { timeout: 20_000 }).toBeGreaterThan(0);
    const [delivery] = receiver.received as [Received];
    const signature = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(delivery.signature);
    expect(signature, delivery.signature).not.toBeNull();
    const [, t = '', v1 = ''] = signature ?? [];
    expect(v1).toBe(createHmac('sha256', secret).update(`${t}.${delivery.body}`).digest('hex'));
    expect(Math.abs(Date.now() / 1000 - Number(t))).toBeLessThan(300);
    expect(JSON.parse(delivery.body)).toMatchObject({
      type: 'order.placed',
      data: { order: { id: order._id } },
    });

    // The endpoint's deliveries list it as delivered.
    await card.getByRole('button', { name: `Deliveries to ${receiver.url}` }).click();
    await expect(
      page.getByRole('heading', { name: `Deliveries to ${receiver.url}` }),
    ).toBeFocused();
    await expect(async () => {
      await page.reload();
      const row = page
        .getByRole('table', { name: 'Deliveries, newest first' })
        .getByRole('row')
        .filter({ hasText: order._id });
      await expect(row).toContainText('order.placed', { timeout: 2_000 });
      await expect(row.getByText('Delivered', { exact: true })).toBeVisible({ timeout: 2_000 });
      await expect(row).toContainText('HTTP 204', { timeout: 2_000 });
    }).toPass({ timeout: 20_000 });

    // Delete asks first, naming the endpoint: "Keep it" changes nothing; confirmed, it is gone.
    const remove = card.getByRole('button', { name: `Delete the endpoint ${receiver.url}` });
    await remove.click();
    const dialog = page.getByRole('dialog', { name: 'Delete this endpoint?' });
    await expect(dialog).toContainText(receiver.url);
    await dialog.getByRole('button', { name: 'Keep it' }).click();
    await expect(dialog).toBeHidden();
    await expect(card).toBeVisible();
    await remove.click();
    await dialog.getByRole('button', { name: 'Delete the endpoint' }).click();
    await expect(page.getByText(NO_ENDPOINTS)).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Webhooks' })).toBeFocused();
  } finally {
    await new Promise((resolve) => receiver.server.close(resolve));
  }
});

test('the webhook form asks for an https URL and at least one event', async ({ page }) => {
  await register(page, newCustomer('webhook-url'));
  await page.goto('/dashboard/webhooks');
  const add = page.getByRole('region', { name: 'Add an endpoint' });
  await add.getByRole('button', { name: 'Add the endpoint' }).click();
  await expect(add.getByText('URL must be an https address')).toBeVisible();
  await expect(add.getByText('Choose at least one event')).toBeVisible();
  await expect(add.getByLabel('URL')).toBeFocused();
  await add.getByLabel('URL').fill('ftp://erp.example.com/axle');
  await add.getByRole('checkbox', { name: /An order is shipped/ }).check();
  await add.getByRole('button', { name: 'Add the endpoint' }).click();
  await expect(add.getByText('URL must be an https address')).toBeVisible();
  await expect(add.getByText('Choose at least one event')).toHaveCount(0);
  await expect(page.getByText(NO_ENDPOINTS)).toBeVisible();
});

for (const theme of ['light', 'dark'] as const) {
  test.describe(`in the ${theme} theme`, () => {
    test.use({ colorScheme: theme, reducedMotion: 'reduce' });

    test('API keys and Webhooks have no serious or critical axe violation, and fit a phone', async ({
      page,
    }) => {
      test.slow();
      const problems: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') problems.push(message.text());
      });
      page.on('pageerror', (error) => problems.push(error.message));
      await register(page, newCustomer(`axe-${theme}`));

      await page.goto('/dashboard/api-keys');
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      await expect(page.getByText(NO_KEYS)).toBeVisible();
      const create = page.getByRole('region', { name: 'Create an API key' });
      await create.getByRole('button', { name: 'Create the key' }).click();
      await expect(create.getByText('Choose at least one scope')).toBeVisible();
      expect(await seriousViolations(page), 'API keys with messages').toEqual([]);
      await createKey(page, 'Purchasing system');
      await expect(keysTable(page).getByRole('row')).toHaveCount(2);
      expect(await seriousViolations(page), 'API keys with a new key').toEqual([]);
      await page.setViewportSize({ width: 375, height: 740 });
      await expect(page.getByRole('list', { name: 'Your API keys' })).toBeVisible();
      expect(await seriousViolations(page), 'API keys as cards').toEqual([]);
      await expectNoSidewaysScroll(page);
      await page.setViewportSize({ width: 1280, height: 720 });

      await page.goto('/dashboard/webhooks');
      await expect(page.getByText(NO_ENDPOINTS)).toBeVisible();
      const add = page.getByRole('region', { name: 'Add an endpoint' });
      await add.getByRole('button', { name: 'Add the endpoint' }).click();
      await expect(add.getByText('Choose at least one event')).toBeVisible();
      expect(await seriousViolations(page), 'Webhooks with messages').toEqual([]);
      const url = 'http://127.0.0.1:9/axle-events';
      await add.getByLabel('URL').fill(url);
      await add.getByRole('checkbox', { name: /An order is cancelled/ }).check();
      await add.getByRole('button', { name: 'Add the endpoint' }).click();
      await expect(page.getByRole('region', { name: 'Copy the signing secret now' })).toBeVisible();
      const card = endpointCard(page, url);
      await card.getByRole('button', { name: `Deliveries to ${url}` }).click();
      await expect(page.getByText('Nothing has been sent to this endpoint yet.')).toBeVisible();
      expect(await seriousViolations(page), 'Webhooks with an endpoint and its secret').toEqual([]);
      await page.setViewportSize({ width: 375, height: 740 });
      expect(await seriousViolations(page), 'Webhooks on a phone').toEqual([]);
      await expectNoSidewaysScroll(page);
      expect(problems).toEqual([]);
    });
  });
}
