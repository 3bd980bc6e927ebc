// Buying as a business in `npm run bench` (issue 17), on PostgreSQL: checkouts of 5-line carts by
// 200 distinct customers (each cart filled by one quick order, then checked out), after which the
// stock of each part must have gone down by exactly the quantities of the orders' lines; then
// invoice PDFs of paid orders, downloaded by their owners.
import { randomBytes, randomUUID } from 'node:crypto';
import pg from 'pg';
import { load, median, postJson, signUpCustomers, summary } from './api.mjs';
import { createAdmin } from './lib.mjs';
import { measureWork } from './work.mjs';

const CUSTOMERS = 200;
const LINES = 5;
const PART_STOCK = 1_000_000;
const WARM_UP_SECONDS = 1;
const ROUNDS = 3;
const ROUND_SECONDS = 2;
const PAID_ORDERS = 40;
const INVOICE_CONNECTIONS = 10;
const INVOICE_SECONDS = 3;

const bearer = (token) => ({ authorization: `Bearer ${token}` });

/** How many of the i-th bench part a checkout's cart holds: the first reaches its volume price. */
const lineQuantity = (i) => 1 + (i % 3) + (i === 0 ? 2 : 0);

/** The n-th checkout's request: a new ship-to address and a PO number of its own. */
const checkoutBody = (n) => ({
  address: { line1: `${n} Bench Road`, city: 'Dhaka', postalCode: '1212', country: 'Bangladesh' },
  tel: '01712345678',
  poNumber: `PO-${n}`,
});

async function makeAdmin(shopUrl, databaseUrl, runId) {
  const email = `bench-buyer-admin${runId}@axle.com`;
  const password = `Admin${randomBytes(8).toString('hex')}1`;
  await createAdmin({ DATABASE_URL: databaseUrl }, email, password);
  return (await postJson(`${shopUrl}/api/auth/login`, { email, password })).token;
}

/** Five parts with plenty of stock, the first with a volume price the checkouts reach. */
async function makeParts(shopUrl, adminToken, runId) {
  const parts = [];
  for (let i = 0; i < LINES; i++) {
    const partNumber = `BENCH-${runId}-${i}`;
    const created = await postJson(
      `${shopUrl}/api/items`,
      {
        name: `Bench checkout part ${i}`,
        description: 'A part with plenty of stock for the checkout benchmark.',
        img: null,
        availableQuantity: PART_STOCK,
        minimumQuantity: 1,
        price: 2.5 + i,
        partNumber,
        ...(i === 0 ? { priceTiers: [{ minQuantity: 3, price: 2 }] } : {}),
      },
      adminToken,
    );
    parts.push({ id: created.insertedId, partNumber });
  }
  return parts;
}

/**
 * Checkouts per second: every connection in turn fills a customer's cart with one quick order of
 * 5 lines and checks it out (the next customer of 200 for each cart).
 */
export async function benchCheckouts({ shop, databaseUrl, log }) {
  const runId = randomBytes(4).toString('hex');
  const adminToken = await makeAdmin(shop.url, databaseUrl, runId);
  const parts = await makeParts(shop.url, adminToken, runId);
  const tokens = await signUpCustomers(shop.url, databaseUrl, CUSTOMERS, `c${runId}`);
  log(`  checkout: ${parts.length} parts, ${tokens.length} customers`);

  let next = 0;
  /** insertedId → the token of the customer who placed it, for every 201. */
  const placed = new Map();
  const statuses = {};
  /** The first refused checkout's reply, to say why. */
  let refusal;
  const quickText = parts.map((part, i) => `${part.partNumber}, ${lineQuantity(i)}`).join('\n');
  const requests = [
    {
      method: 'POST',
      path: '/api/cart/quick',
      setupRequest(req, context) {
        context.token = tokens[next++ % tokens.length];
        req.headers = { 'content-type': 'application/json', ...bearer(context.token) };
        req.body = JSON.stringify({ text: quickText });
        return req;
      },
    },
    {
      method: 'POST',
      path: '/api/checkout',
      setupRequest(req, context) {
        req.headers = { 'content-type': 'application/json', ...bearer(context.token) };
        req.body = JSON.stringify(checkoutBody(next));
        return req;
      },
      onResponse(status, body, context) {
        statuses[status] = (statuses[status] ?? 0) + 1;
        if (status === 201) placed.set(JSON.parse(body).insertedId, context.token);
        else refusal ??= body;
      },
    },
  ];
  const run = (duration) => load({ url: shop.url, duration, requests });
  await run(WARM_UP_SECONDS);
  const rounds = [];
  for (let round = 0; round < ROUNDS; round++) {
    const result = await run(ROUND_SECONDS);
    rounds.push(summary(result, Number(result.statusCodeStats?.['201']?.count ?? 0)));
  }
  log(`  checkouts: ${rounds.map((r) => Math.round(r.rps)).join(' / ')} accepted/s`);
  log(
    `        replies: ${JSON.stringify(statuses)}${refusal ? `; the first refusal: ${refusal}` : ''}`,
  );
  await new Promise((done) => setTimeout(done, 1000));
  const problems = await checkLines(databaseUrl, parts, placed, statuses);
  return { result: median(rounds), problems, placed, parts };
}

/**
 * A 5-line checkout's cost (issue 31): five `PUT /api/cart/lines/{id}` and then `POST
 * /api/checkout`, one unit of work on `customers` in turn, at `rate` checkouts a second (open
 * model). Answers CPU a checkout (all six requests, shop and PostgreSQL) and its latency.
 */
export async function checkoutWork({
  shop,
  postgres,
  adminToken,
  tokens,
  rate,
  connections,
  idle,
}) {
  const parts = await makeParts(shop.url, adminToken, randomBytes(4).toString('hex'));
  const json = (token, body) => ({
    headers: { 'content-type': 'application/json', ...bearer(token) },
    body: JSON.stringify(body),
  });
  return measureWork({
    shop,
    postgres,
    rate,
    connections,
    idle,
    seconds: 10,
    async work(n, request) {
      const token = tokens[n % tokens.length];
      for (const [i, part] of parts.entries()) {
        const status = await request(`/api/cart/lines/${part.id}`, {
          method: 'PUT',
          ...json(token, { quantity: lineQuantity(i) }),
        });
        if (status !== 200) return status;
      }
      // With an Idempotency-Key, as the web app sends one with every checkout.
      const body = json(token, checkoutBody(n));
      return request('/api/checkout', {
        method: 'POST',
        ...body,
        headers: { ...body.headers, 'idempotency-key': randomUUID() },
      });
    },
  });
}

/** Each part's stock went down by exactly the quantities of the lines of the orders that hold it. */
async function checkLines(databaseUrl, parts, placed, statuses) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const problems = [];
  try {
    const ids = parts.map((part) => part.id);
    const { rows: stock } = await client.query(
      'SELECT id, available_quantity FROM parts WHERE id = ANY($1)',
      [ids],
    );
    const { rows: lines } = await client.query(
      'SELECT part_id, sum(quantity)::int AS n FROM order_lines WHERE part_id = ANY($1) GROUP BY part_id',
      [ids],
    );
    for (const id of ids) {
      const left = stock.find((row) => row.id === id)?.available_quantity ?? PART_STOCK;
      const held = lines.find((row) => row.part_id === id)?.n ?? 0;
      if (PART_STOCK - left !== held)
        problems.push(
          `part ${id}: stock went down by ${PART_STOCK - left}, order lines hold ${held}`,
        );
    }
    const { rows } = await client.query('SELECT id FROM orders WHERE id = ANY($1)', [
      [...placed.keys()],
    ]);
    if (rows.length !== placed.size)
      problems.push(`${placed.size - rows.length} accepted checkouts are missing from the orders`);
    const refused = Object.entries(statuses).filter(([status]) => status !== '201');
    if (refused.length > 0)
      problems.push(
        `checkout replies other than 201: ${refused.map(([s, n]) => `${n}× ${s}`).join(', ')}`,
      );
    console.log(
      problems.length === 0
        ? `        stock check: ${placed.size} checkouts accepted; stock and order lines agree exactly`
        : `        stock check FAILED:\n          ${problems.join('\n          ')}`,
    );
  } finally {
    await client.end();
  }
  return problems;
}

/** Invoice PDFs: 40 of the checkouts paid with 4242, then their owners download them. */
export async function benchInvoices({ shop, placed, log }) {
  const paid = [];
  for (const [orderId, token] of [...placed].slice(0, PAID_ORDERS)) {
    const { clientSecret } = await postJson(
      `${shop.url}/api/create-payment-intent`,
      { orderId },
      token,
    );
    const confirmed = await postJson(`${shop.url}/api/payments/sandbox/confirm`, {
      clientSecret,
      card: {
        number: '4242424242424242',
        expMonth: 12,
        expYear: new Date().getFullYear() + 2,
        cvc: '123',
      },
    });
    const recorded = await fetch(`${shop.url}/api/order/${orderId}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', ...bearer(token) },
      body: JSON.stringify({ transaction: confirmed.id }),
    });
    if (recorded.ok) paid.push({ orderId, token });
  }
  let n = 0;
  const result = await load({
    url: shop.url,
    connections: INVOICE_CONNECTIONS,
    duration: INVOICE_SECONDS,
    requests: [
      {
        method: 'GET',
        setupRequest(req) {
          const { orderId, token } = paid[n++ % paid.length];
          req.path = `/api/orders/${orderId}/invoice.pdf`;
          req.headers = bearer(token);
          return req;
        },
      },
    ],
  });
  const figures = summary(result);
  log(
    `  invoices: ${Math.round(figures.rps)} PDFs/s, p50 ${figures.p50} ms, p99 ${figures.p99} ms`,
  );
  const problems = result.non2xx > 0 ? [`${result.non2xx} invoice replies were not 2xx`] : [];
  return { result: figures, problems, paid: paid.length };
}
