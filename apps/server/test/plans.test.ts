// Indexes and plans at size (issue 15 #5, ARCHITECTURE § Growing): on a database the generator
// filled with 50,000 parts, 50,000 orders and 20,000 customers, every statement each list and search call runs, as
// the shop runs it (captured from the database client while the call is answered), is planned
// without a sequential scan of parts, orders or users. A call's filters here are what people
// narrow a list with (a name, an e-mail, an order id, a month); a filter that keeps most rows is
// rightly read in full by PostgreSQL, and is not one of them.
import { authReply } from '@axle/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CUSTOMER_PASSWORD, fillWithScaleData } from '../src/db/seed/scale/fill.ts';
import { users } from '../src/features/accounts/accounts.table.ts';
import { orders } from '../src/features/orders/orders.table.ts';
import { type Customer, signInAdmin } from './customers.ts';
import { createTestApp } from './test-app.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
let admin: Customer;
let buyer: Customer;
let someOrderId = '';
let someOrderName = '';
let companyId = '';

type Statement = { text: string; params: unknown[] };
/** What the database client is asked while a capture is on. */
let captured: Statement[] | undefined;

type QueryClient = { query: (...args: unknown[]) => Promise<unknown> };

/**
 * Records every statement the shop sends (both clients take the text first, or a config object
 * with `text` and `values`), and passes it on unchanged.
 */
function captureStatements(client: QueryClient) {
  const query = client.query.bind(client);
  client.query = (...args: unknown[]) => {
    const [first, second] = args;
    const text =
      typeof first === 'string' ? first : ((first as { text?: string } | undefined)?.text ?? '');
    const params = Array.isArray(second)
      ? second
      : ((first as { values?: unknown[] } | undefined)?.values ?? []);
    if (captured && /^\s*(select|with)\b/i.test(text)) captured.push({ text, params });
    return query(...args);
  };
  return query;
}

let rawQuery: (...args: unknown[]) => Promise<unknown>;

/** PostgreSQL's plan of a captured statement, with its parameters, as text. */
async function planOf(statement: Statement): Promise<string> {
  const result = (await rawQuery(`EXPLAIN ${statement.text}`, statement.params)) as {
    rows: Record<string, string>[];
  };
  return result.rows.map((row) => Object.values(row)[0]).join('\n');
}

beforeAll(async () => {
  t = await createTestApp();
  await fillWithScaleData(t.db, {
    parts: 50_000,
    customers: 20_000,
    orders: 50_000,
    reviews: 3_000,
    seed: 15,
    now: new Date(),
    force: true,
    rules: { unpaidHours: 24, unpaidPerCustomer: 5 },
  });
  admin = await signInAdmin(t.app, t.db);
  const [order] = await t.db
    .select({ id: orders.id, email: orders.email, name: orders.name })
    .from(orders)
    .where(sql`${orders.userId} is not null`)
    .limit(1);
  someOrderId = order?.id ?? '';
  someOrderName = order?.name ?? '';
  const [customer] = await t.db
    .select({ email: users.email })
    .from(users)
    .where(sql`lower(${users.email}) = lower(${order?.email ?? ''})`);
  const login = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: customer?.email, password: CUSTOMER_PASSWORD },
  });
  const { token } = authReply.parse(login.json());
  buyer = {
    email: customer?.email ?? '',
    name: '',
    token,
    headers: { authorization: `Bearer ${token}` },
  };
  // The buyer's company (issue 18) holds their orders: its list reads them through its index.
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/company',
    headers: buyer.headers,
    payload: {
      legalName: 'Plans Fleet Ltd',
      taxId: 'GB 1',
      billingAddress: { line1: '1 Road', city: 'Leeds', postalCode: 'LS1', country: 'UK' },
    },
  });
  expect(created.statusCode, created.body).toBe(201);
  companyId = created.json()._id;
  await t.db
    .update(orders)
    .set({ companyId: created.json()._id })
    .where(sql`lower(${orders.email}) = lower(${buyer.email})`);
  rawQuery = captureStatements((t.db as unknown as { $client: QueryClient }).$client);
}, 600_000);
afterAll(() => t.close());

const month = () => {
  const start = new Date();
  start.setUTCMonth(start.getUTCMonth() - 3);
  const end = new Date(start);
  end.setUTCDate(end.getUTCDate() + 27);
  return `from=${start.toISOString().slice(0, 10)}&to=${end.toISOString().slice(0, 10)}`;
};

/** The list and search calls, as the pages make them (first pages and later ones). */
const calls = (): [string, () => Customer | undefined][] => [
  ['/api/items', () => undefined],
  ['/api/items?limit=6', () => undefined],
  ['/api/items?page=40&limit=20', () => undefined],
  ['/api/items?search=AX-01234', () => undefined],
  ['/api/items?search=starter%20bosch%20AX-0', () => undefined],
  ['/api/reviews?limit=10', () => undefined],
  ['/api/reviews?page=40&limit=50', () => undefined],
  ['/api/reviews/summary', () => undefined],
  ['/api/users', () => admin],
  ['/api/users?sort=name&limit=25', () => admin],
  ['/api/users?sort=email&role=customer', () => admin],
  ['/api/users?sort=newest&role=admin', () => admin],
  [`/api/users?q=${encodeURIComponent(buyer.email)}`, () => admin],
  ['/api/manageorders', () => admin],
  ['/api/manageorders?state=unpaid', () => admin],
  ['/api/manageorders?state=shipped&sort=oldest', () => admin],
  ['/api/manageorders?state=cancelled', () => admin],
  ['/api/manageorders?sort=total&limit=50', () => admin],
  // Generated ids share their first 8 digits (the generator's mark): a longer start names one.
  [`/api/manageorders?q=${someOrderId.slice(0, 18)}`, () => admin],
  [`/api/manageorders?q=${encodeURIComponent(buyer.email)}`, () => admin],
  [`/api/manageorders?${month()}`, () => admin],
  [`/api/manageorders?state=paid&${month()}`, () => admin],
  ['/api/manageorders/counts', () => admin],
  [`/api/manageorders/counts?q=${encodeURIComponent(buyer.email)}`, () => admin],
  [`/api/manageorders/counts?${month()}`, () => admin],
  ['/api/admin/audit-log', () => admin],
  [`/api/userorder?email=${encodeURIComponent(buyer.email)}`, () => buyer],
  ['/api/company/orders?limit=2', () => buyer],
  ['/api/admin/companies', () => admin],
  ['/api/admin/companies?q=plans%20fleet', () => admin],
  ['/api/admin/invoices/overdue', () => admin],
  [`/api/admin/companies/${companyId}/invoices`, () => admin],
  ['/api/company/orders?state=awaiting', () => buyer],
];

describe('every list and search at 50,000 parts and 50,000 orders', () => {
  it('reads parts, orders, users and reviews through indexes, on the first page and the next', async () => {
    const found: string[] = [];
    for (const [url, who] of calls()) {
      for (const page of ['first', 'next'] as const) {
        captured = [];
        const caller = who();
        let address = url;
        if (page === 'next') {
          const first = await t.app.inject({ method: 'GET', url, headers: caller?.headers ?? {} });
          const next = /^<([^>]+)>; rel="next"$/.exec(String(first.headers.link ?? ''))?.[1];
          if (!next) continue;
          address = next;
          captured = [];
        }
        const res = await t.app.inject({
          method: 'GET',
          url: address,
          headers: caller?.headers ?? {},
        });
        expect(res.statusCode, address).toBe(200);
        const statements = captured;
        captured = undefined;
        for (const statement of statements) {
          const plan = await planOf(statement);
          if (/Seq Scan on (parts|orders|users|reviews)\b/.test(plan))
            found.push(`${address}\n${statement.text}\n${plan}`);
        }
      }
    }
    expect(found, found.join('\n\n')).toEqual([]);
    expect(someOrderName).not.toBe('');
  });
});
