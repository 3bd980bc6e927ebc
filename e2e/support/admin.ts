// Admin journeys need an admin, and the first admin of a shop only comes from the CLI
// (`npm run user -- create --admin`), which opens the embedded database only while no shop holds
// it. So each worker running these journeys starts a shop of its own on a fresh DATA_DIR: the CLI
// creates the admin, then the built server starts (SEED_DEMO: the admin makes the shop non-empty).
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Company, Order, Part } from '@axle/contract';
import { type APIRequestContext, test as base, expect, type Page } from '@playwright/test';
import { type Customer, newCustomer, submitLogin } from './accounts.ts';
import { apiParts } from './catalogue.ts';
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

/** An order as the admin reads it (GET /api/orderid/{id}), with its short number. */
export async function apiOrderById(
  request: APIRequestContext,
  adminToken: string,
  orderId: string,
): Promise<Order> {
  const response = await request.get(`/api/orderid/${orderId}`, { headers: bearer(adminToken) });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as Order;
}

/** How many requests the page sends to `path` with `method`, counted from now. */
export function countRequests(page: Page, method: string, path: RegExp): () => number {
  let count = 0;
  page.on('request', (request) => {
    if (request.method() === method && path.test(new URL(request.url()).pathname)) count += 1;
  });
  return () => count;
}

/** Text to match as it is inside a regular expression (a part's name with its parentheses). */
export const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

type Owner = Awaited<ReturnType<typeof apiCustomer>>;

/** A verified customer who creates a company through the API and becomes its owner. */
export async function companyOwner(request: APIRequestContext, shop: Shop, label: string) {
  const owner = await apiCustomer(request, label, shop);
  const legalName = `Harbour Freight ${label} ${randomUUID().slice(0, 6)}`;
  const created = await request.post('/api/company', {
    headers: bearer(owner.token),
    data: {
      legalName,
      taxId: `BD ${randomUUID().slice(0, 8)}`,
      billingAddress: {
        line1: '12 Dock Road',
        city: 'Chattogram',
        postalCode: '4100',
        country: 'Bangladesh',
      },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return { owner, company: (await created.json()) as Company };
}

/** A part whose minimum order costs well under $1,000, with stock for it. */
export async function affordablePart(request: APIRequestContext): Promise<Part> {
  const part = (await apiParts(request)).find(
    (entry) =>
      entry.price * entry.minimumQuantity <= 600 &&
      entry.availableQuantity >= entry.minimumQuantity * 6,
  );
  if (!part) throw new Error('no part costs under $600 at its minimum');
  return part;
}

/** The owner puts the part's minimum in the cart and checks out on the company's account. */
export async function checkoutOnAccount(request: APIRequestContext, owner: Owner, part: Part) {
  const line = await request.put(`/api/cart/lines/${part._id}`, {
    headers: bearer(owner.token),
    data: { quantity: part.minimumQuantity },
  });
  expect(line.status(), await line.text()).toBe(200);
  const response = await request.post('/api/checkout', {
    headers: bearer(owner.token),
    data: {
      address: {
        line1: '12 Dock Road',
        city: 'Chattogram',
        postalCode: '4100',
        country: 'Bangladesh',
      },
      tel: '+880 1712 345678',
      payment: 'account',
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  const { order } = (await response.json()) as { order: Order };
  expect(order.onAccount).toBe(true);
  expect(order.invoiceNumber).toMatch(/\S/);
  return order as Order & { invoiceNumber: string };
}

/** The admin allows the company to pay on account through the API (terms of 0 days: due at once). */
export async function allowOnAccount(request: APIRequestContext, shop: Shop, company: Company) {
  const response = await request.put(`/api/admin/companies/${company._id}/account`, {
    headers: bearer(await apiSignIn(request, shop.admin)),
    data: { onAccount: true, creditLimit: 1000, termsDays: 0 },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/**
 * No box on the page scrolls sideways: a box that does is a region a keyboard may not reach, and
 * on a phone a table that wants a wider screen than it has (issue 30 #6). Each one found is named
 * by its tag, classes and how much wider its content is.
 */
export async function expectNoScrollingBox(page: Page, where: string): Promise<void> {
  const boxes = await page.evaluate(() =>
    [...document.querySelectorAll('body *')]
      .filter((element) => {
        const { overflowX } = getComputedStyle(element);
        return (
          (overflowX === 'auto' || overflowX === 'scroll') &&
          element.scrollWidth > element.clientWidth + 1
        );
      })
      .map(
        (element) =>
          `${element.tagName.toLowerCase()}.${[...element.classList].join('.')} +${element.scrollWidth - element.clientWidth} px`,
      ),
  );
  expect(boxes, `boxes that scroll sideways on ${where}`).toEqual([]);
}
