// Admin journeys need an admin, and the first admin of a shop only comes from the CLI
// (`npm run user -- create --admin`), which opens the embedded database only while no shop holds
// it. So each worker running these journeys starts a shop of its own on a fresh DATA_DIR: the CLI
// creates the admin, then the built server starts (SEED_DEMO: the admin makes the shop non-empty).
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Order, Part } from '@axle/contract';
import { type APIRequestContext, test as base, expect, type Page } from '@playwright/test';
import { type Customer, newCustomer, submitLogin } from './accounts.ts';
import { cards } from './orders.ts';
import { linkTo, waitForMail } from './outbox.ts';
import { rowsOf } from './pages.ts';

const root = join(import.meta.dirname, '..', '..');
const serverEntry = join(root, 'apps/server/dist/server.js');
const userCli = join(root, 'apps/server/dist/user.js');

export type Shop = { baseURL: string; dataDir: string; admin: Customer };

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

async function waitForHealth(baseURL: string, child: ChildProcess, output: () => string) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the admin shop exited early:\n${output()}`);
    try {
      if ((await fetch(`${baseURL}/api/health`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the admin shop did not become healthy:\n${output()}`);
}

/** Starts a shop with one admin (created by the CLI) and returns it with the way to stop it. */
async function startShop(): Promise<Shop & { stop: () => Promise<void> }> {
  const dataDir = await mkdtemp(join(tmpdir(), 'axle-e2e-admin-'));
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const env = {
    ...process.env,
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    PUBLIC_URL: baseURL,
    RATE_LIMIT_SCALE: '20',
    SEED_DEMO: 'true',
    NODE_ENV: 'production',
  };
  const admin = newCustomer('admin');
  await promisify(execFile)(
    process.execPath,
    [
      userCli,
      'create',
      '--admin',
      '--email',
      admin.email,
      '--password',
      admin.password,
      '--name',
      admin.name,
    ],
    { env },
  );

  const child = spawn(process.execPath, [serverEntry], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null) child.kill('SIGTERM');
    await exited;
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForHealth(baseURL, child, () => output);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseURL, dataDir, admin, stop };
}

/** Playwright's test with `shop` (one per worker) and every page and request pointed at it. */
export const test = base.extend<object, { shop: Shop }>({
  shop: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's needs from this pattern.
    async ({}, use) => {
      const { stop, ...shop } = await startShop();
      try {
        await use(shop);
      } finally {
        await stop();
      }
    },
    { scope: 'worker', timeout: 90_000 },
  ],
  baseURL: async ({ shop }, use) => {
    await use(shop.baseURL);
  },
});

/** Signs the admin in on /login and waits until the navbar offers SignOut (at any width). */
export async function signInAsAdmin(page: Page, admin: Customer): Promise<void> {
  await page.goto('/login');
  await submitLogin(page, admin.email, admin.password);
  await expect(page.getByRole('button', { name: 'SignOut' })).toBeVisible();
}

/** An access token through the API (without the page: its refresh cookie stays the page's). */
export async function apiSignIn(request: APIRequestContext, who: Customer): Promise<string> {
  const response = await request.post('/api/auth/login', {
    data: { email: who.email, password: who.password },
  });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { token: string }).token;
}

/**
 * A new customer registered through the API who opened the e-mailed verification link (only a
 * verified customer orders), signed in with the password, with an access token. `dataDir`: the
 * shop whose outbox holds the link.
 */
export async function apiCustomer(
  request: APIRequestContext,
  label: string,
  { dataDir }: { dataDir: string },
): Promise<Customer & { token: string }> {
  const customer = newCustomer(label);
  const response = await request.post('/api/auth/register', { data: customer });
  expect(response.status(), await response.text()).toBe(202);
  const mail = await waitForMail(customer.email, { subject: /Confirm your e-mail/, dataDir });
  const token = new URL(linkTo(mail, '/verify-email'), 'http://shop').searchParams.get('token');
  const verified = await request.post('/api/auth/verify-email', { data: { token } });
  expect(verified.status(), await verified.text()).toBeLessThan(300);
  return { ...customer, token: await apiSignIn(request, customer) };
}

/** The header that carries a token to the API. */
export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** The dashboard's menu (a drawer on a phone). */
export const dashboardMenu = (page: Page) => page.getByRole('navigation', { name: 'Dashboard' });

/** The audit log's row about `target`. */
export const auditRow = (page: Page, target: string) =>
  rowsOf(page, 'Admin actions, newest first').filter({ hasText: target });

/** Places an order of the part's minimum quantity through the API; it is unpaid. */
export async function apiOrder(
  request: APIRequestContext,
  token: string,
  part: Part,
): Promise<Order> {
  const response = await request.post('/api/order', {
    headers: bearer(token),
    data: {
      partsId: part._id,
      tel: '01712345678',
      country: 'Bangladesh',
      city: 'Dhaka',
      address: 'House 12, Road 5, Dhanmondi',
      quantity: part.minimumQuantity,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { order: Order }).order;
}

/** Pays an order through the API with the sandbox's succeeding test card. */
export async function apiPay(request: APIRequestContext, token: string, orderId: string) {
  const intent = await request.post('/api/create-payment-intent', {
    headers: bearer(token),
    data: { orderId },
  });
  expect(intent.status(), await intent.text()).toBe(200);
  const { clientSecret } = (await intent.json()) as { clientSecret: string };
  const confirmed = await request.post('/api/payments/sandbox/confirm', {
    data: {
      clientSecret,
      card: {
        number: cards.succeeds,
        expMonth: 12,
        expYear: new Date().getFullYear() + 2,
        cvc: '123',
      },
    },
  });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
  const { id } = (await confirmed.json()) as { id: string };
  const recorded = await request.put(`/api/order/${orderId}`, {
    headers: bearer(token),
    data: { transaction: id },
  });
  expect(recorded.status(), await recorded.text()).toBe(200);
}

/** Ships a paid order through the API, as the admin. */
export async function apiShip(request: APIRequestContext, adminToken: string, orderId: string) {
  const response = await request.put(`/api/manageorders/${orderId}`, {
    headers: bearer(adminToken),
  });
  expect(response.status(), await response.text()).toBe(200);
}
