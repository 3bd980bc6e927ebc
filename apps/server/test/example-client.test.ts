// Issue 19 #2: a purchasing system's program (examples/purchasing-client) built on a client that
// openapi-typescript generates from the served OpenAPI document, run as its own process against a
// test server: it finds a part by number, fills the cart, checks out and reads the order, with an
// API key. The committed types must be what the served document generates today.
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { createdApiKey, order as orderSchema } from '@axle/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
// @ts-expect-error: the example's generator is plain JavaScript without types.
import { generateTypes, typesFile } from '../../../examples/purchasing-client/generate.mjs';
import { type Customer, signUp } from './customers.ts';
import { addPart, createSecurityTestApp, type TestApp } from './security/support.ts';

const root = join(import.meta.dirname, '../../..');
const run = promisify(execFile);

let t: TestApp;
let customer: Customer;
let baseUrl: string;

beforeAll(async () => {
  t = await createSecurityTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  customer = await signUp(t.app, 'purchasing');
});
afterAll(() => t.close());

it('commits the types the served document generates', async () => {
  const document = (await t.app.inject('/api/docs/json')).json();
  const committed = await readFile(typesFile as string, 'utf8');
  expect(
    committed === (await generateTypes(document)),
    'examples/purchasing-client/src/axle-api.d.ts is stale: run `npm run generate -w examples/purchasing-client` against a running shop',
  ).toBe(true);
});

it('orders parts by number with an API key, through the generated client', async () => {
  await addPart(t, {
    partNumber: 'BP-1001',
    name: 'Brake Pad Set',
    priceCents: 425,
    minimumQuantity: 10,
  });
  await addPart(t, {
    partNumber: 'OF-2002',
    name: 'Oil Filter',
    priceCents: 899,
    minimumQuantity: 1,
  });
  const made = await t.app.inject({
    method: 'POST',
    url: '/api/keys',
    headers: customer.headers,
    payload: { name: 'Purchasing', scopes: ['catalogue:read', 'orders:read', 'orders:write'] },
  });
  const { key } = createdApiKey.parse(made.json());

  const { stdout } = await run(
    join(root, 'node_modules/.bin/tsx'),
    ['examples/purchasing-client/src/main.ts', 'BP-1001:20', 'OF-2002:3'],
    {
      cwd: root,
      env: { ...process.env, AXLE_URL: baseUrl, AXLE_API_KEY: key, AXLE_PO: 'PO-7731' },
      timeout: 60_000,
    },
  );
  const placed = orderSchema.parse(JSON.parse(stdout));
  expect(placed.poNumber).toBe('PO-7731');
  expect(placed.lines.map((line) => [line.partNumber, line.quantity])).toEqual([
    ['BP-1001', 20],
    ['OF-2002', 3],
  ]);
  expect(placed.total).toBe(20 * 4.25 + 3 * 8.99);
  // The customer sees it among their orders.
  const mine = await t.app.inject({
    method: 'GET',
    url: `/api/userorder?email=${encodeURIComponent(customer.email)}`,
    headers: customer.headers,
  });
  expect(mine.json().map((o: { _id: string }) => o._id)).toContain(placed._id);
});

it('fails plainly when the key may not order', async () => {
  const made = await t.app.inject({
    method: 'POST',
    url: '/api/keys',
    headers: customer.headers,
    payload: { name: 'Read only', scopes: ['catalogue:read'] },
  });
  const { key } = createdApiKey.parse(made.json());
  const failed = run(
    join(root, 'node_modules/.bin/tsx'),
    ['examples/purchasing-client/src/main.ts', 'BP-1001:20'],
    {
      cwd: root,
      env: { ...process.env, AXLE_URL: baseUrl, AXLE_API_KEY: key },
      timeout: 60_000,
    },
  );
  await expect(failed).rejects.toThrow(/does not have the scope orders:write/);
});
