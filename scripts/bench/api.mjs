// The API half of `npm run bench`: the production server against a bare node:http server that
// answers the same bytes (status, headers and body, captured from the shop), on the read routes,
// and order placement on PostgreSQL.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Agent, get as httpGet } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import {
  createAdmin,
  onStop,
  root,
  startProcess,
  startShop,
  stopProcess,
  waitForHttp,
  within,
} from './lib.mjs';

export const CONNECTIONS = 50;
const WARM_UP_SECONDS = 1;
const ROUND_SECONDS = 1;
const ROUNDS = 5;
const ORDER_ROUND_SECONDS = 2;
const CUSTOMERS = 200;
const ORDER_PARTS = 4;
const ORDER_PART_STOCK = 1_000_000;

/** One autocannon run; its own time limit is its duration plus a margin. */
export function load(options) {
  const seconds = options.duration ?? ROUND_SECONDS;
  return within(
    (seconds + 15) * 1000,
    `autocannon on ${options.url}`,
    autocannon({ connections: CONNECTIONS, duration: seconds, timeout: 5, ...options }),
  );
}

export function summary(result, counted = result.requests.total) {
  return {
    rps: counted / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

/** The round whose throughput is the median of the rounds. */
export function median(rounds) {
  const sorted = [...rounds].sort((a, b) => a.rps - b.rps);
  return sorted[Math.floor(sorted.length / 2)];
}

/** The shop on a fresh embedded database, or on a PostgreSQL database. */
function startBenchShop({ databaseUrl, workDir, label }) {
  return startShop({
    workDir,
    label,
    env: {
      // Enough sign-ups from one address for the order benchmark's customers.
      RATE_LIMIT_SCALE: '1000',
      // Each customer places hundreds of orders in the order benchmark, none of them paid.
      UNPAID_ORDERS_PER_CUSTOMER: '1000',
      DATABASE_URL: databaseUrl ?? '',
      JWT_SECRET: databaseUrl ? randomBytes(32).toString('hex') : '',
    },
  });
}

/** Headers Node's http server writes on every reply by itself (for the bare server as for the shop). */
const WRITTEN_BY_NODE = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

/**
 * One GET with the request autocannon sends, byte for byte (Host, then Connection: keep-alive,
 * nothing else: no Accept-Encoding, no If-None-Match), and its reply as it came: the status, every
 * header in its order and spelling (but those in WRITTEN_BY_NODE) and the body's bytes.
 */
function capture(url) {
  return new Promise((done, fail) => {
    const agent = new Agent({ keepAlive: true });
    const headers = { Host: new URL(url).host, Connection: 'keep-alive' };
    const request = httpGet(url, { agent, headers }, (response) => {
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('error', fail);
      response.on('end', () => {
        agent.destroy();
        const kept = [];
        for (let i = 0; i < response.rawHeaders.length; i += 2) {
          const name = response.rawHeaders[i];
          if (!WRITTEN_BY_NODE.has(name.toLowerCase()))
            kept.push([name, response.rawHeaders[i + 1]]);
        }
        done({ status: response.statusCode, headers: kept, body: Buffer.concat(chunks) });
      });
    });
    request.on('error', fail);
  });
}

const sameReply = (a, b) =>
  a.status === b.status &&
  JSON.stringify(a.headers) === JSON.stringify(b.headers) &&
  a.body.equals(b.body);

/**
 * Records the shop's replies as autocannon will get them and starts the bare server on them; then
 * checks that the bare server answers exactly those bytes.
 */
export async function startBare(shopUrl, paths, workDir) {
  const replies = {};
  const captured = {};
  for (const path of paths) {
    const reply = await capture(shopUrl + path);
    if (reply.status !== 200) throw new Error(`GET ${path} answered ${reply.status}`);
    captured[path] = reply;
    replies[path] = { ...reply, body: reply.body.toString('base64') };
  }
  const file = join(workDir, 'replies.json');
  writeFileSync(file, JSON.stringify(replies));
  const logFile = join(workDir, 'bare.log');
  const child = startProcess([join(root, 'scripts/bench/bare-server.mjs'), file], { logFile });
  // The bare server prints the port it listens on, then nothing else.
  const port = await within(10_000, 'the bare server', readPort(logFile, child));
  const url = `http://127.0.0.1:${port}`;
  await waitForHttp(url + paths[0], child, 10_000, logFile);
  for (const path of paths) {
    if (!sameReply(await capture(url + path), captured[path]))
      throw new Error(`the bare server's reply to GET ${path} differs from the shop's`);
  }
  return { child, url, replies };
}

async function readPort(logFile, child) {
  for (;;) {
    const text = readFileSync(logFile, 'utf8').trim();
    if (/^\d+$/.test(text)) return Number(text);
    if (child.exitCode !== null) throw new Error(`the bare server exited: ${text}`);
    await new Promise((done) => setTimeout(done, 50));
  }
}

/** The columns of a read route's row in a bench's table. */
export const READ_HEADER = [
  'database',
  'route',
  'shop req/s',
  'bare req/s',
  'ratio',
  'p50 ms',
  'p99 ms',
];
/** The shop's throughput as a fraction of the bare server's on the same route. */
export const readRatio = ({ shop, bare }) => shop.rps / bare.rps;
export const readRow = (kind, read) => [
  kind,
  read.route,
  read.shop.rps.toFixed(0),
  read.bare.rps.toFixed(0),
  readRatio(read).toFixed(2),
  read.shop.p50,
  read.shop.p99,
];

/** Read routes: shop and bare server take turns, round after round, so both see the same noise. */
export async function readRoutes({ shop, bare, routes, log }) {
  const rows = [];
  for (const { name, path } of routes) {
    await load({ url: shop.url + path, duration: WARM_UP_SECONDS });
    await load({ url: bare.url + path, duration: WARM_UP_SECONDS });
    const shopRounds = [];
    const bareRounds = [];
    for (let round = 0; round < ROUNDS; round++) {
      shopRounds.push(summary(await load({ url: shop.url + path })));
      bareRounds.push(summary(await load({ url: bare.url + path })));
    }
    const row = { route: name, shop: median(shopRounds), bare: median(bareRounds) };
    log(
      `  ${name}: shop ${shopRounds.map((r) => Math.round(r.rps)).join(' / ')} req/s, bare ${bareRounds
        .map((r) => Math.round(r.rps))
        .join(' / ')} req/s`,
    );
    rows.push(row);
  }
  return rows;
}

export async function postJson(url, body, token) {
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`POST ${url} answered ${response.status}: ${text}`);
  return JSON.parse(text);
}

/**
 * Signs up `count` customers through the API, verifies their addresses in the database (as their
 * e-mailed links would: only a verified customer orders) and signs each one in with the password,
 * a few at a time; returns their access tokens.
 */
export async function signUpCustomers(shopUrl, databaseUrl, count, runId) {
  const customers = Array.from({ length: count }, (_, n) => ({
    n,
    email: `bench${n}x${runId}@garage.com`,
    password: `Brake${randomBytes(6).toString('hex')}9`,
  }));
  const fewAtATime = async (work) => {
    let next = 0;
    const worker = async () => {
      while (next < customers.length) await work(customers[next++]);
    };
    await Promise.all(Array.from({ length: 4 }, worker));
  };
  await fewAtATime(({ n, email, password }) =>
    postJson(`${shopUrl}/api/auth/register`, { name: `Bench Customer ${n}`, email, password }),
  );
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('UPDATE users SET email_verified = true WHERE email = ANY($1)', [
      customers.map((customer) => customer.email),
    ]);
  } finally {
    await client.end();
  }
  const tokens = [];
  await fewAtATime(async ({ email, password }) => {
    const signedIn = await postJson(`${shopUrl}/api/auth/login`, { email, password });
    tokens.push(signedIn.token);
  });
  return tokens;
}

/**
 * POST /api/order from `CUSTOMERS` distinct customers (their tokens rotate across requests) on a
 * few parts with plenty of stock; afterwards the stock must have gone down by exactly the
 * quantities of the accepted orders, and the orders table must hold exactly those orders.
 */
async function placeOrders({ shop, databaseUrl, log }) {
  const runId = randomBytes(4).toString('hex');
  const adminEmail = `bench-admin${runId}@axle.com`;
  const adminPassword = `Admin${randomBytes(8).toString('hex')}1`;
  await createAdmin({ DATABASE_URL: databaseUrl }, adminEmail, adminPassword);
  const admin = await postJson(`${shop.url}/api/auth/login`, {
    email: adminEmail,
    password: adminPassword,
  });
  const partIds = [];
  for (let i = 0; i < ORDER_PARTS; i++) {
    const created = await postJson(
      `${shop.url}/api/items`,
      {
        name: `Bench part ${i} ${runId}`,
        description: 'A part with plenty of stock for the order benchmark.',
        img: null,
        availableQuantity: ORDER_PART_STOCK,
        minimumQuantity: 1,
        price: 1.25,
      },
      admin.token,
    );
    partIds.push(created.insertedId);
  }
  const started = Date.now();
  const tokens = await signUpCustomers(shop.url, databaseUrl, CUSTOMERS, runId);
  log(`  ${tokens.length} customers signed up in ${((Date.now() - started) / 1000).toFixed(1)} s`);

  /** insertedId → { partId, quantity } of every order whose 201 came back. */
  const accepted = new Map();
  let sent = 0;
  const statuses = {};
  const request = {
    method: 'POST',
    path: '/api/order',
    setupRequest(req) {
      const n = sent++;
      const token = tokens[n % tokens.length];
      req.headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
      req.body = JSON.stringify({
        partsId: partIds[n % partIds.length],
        quantity: 1 + (n % 3),
        tel: '01712345678',
        country: 'Bangladesh',
        city: 'Dhaka',
        address: `${n} Bench Road`,
      });
      return req;
    },
    onResponse(status, body) {
      statuses[status] = (statuses[status] ?? 0) + 1;
      if (status !== 201) return;
      const { insertedId, order } = JSON.parse(body);
      accepted.set(insertedId, { partId: order.partsId, quantity: order.quantity });
    },
  };
  const run = (duration) => load({ url: shop.url, duration, requests: [request] });
  const runs = ROUNDS + 1;
  await run(WARM_UP_SECONDS);
  const rounds = [];
  for (let round = 0; round < ROUNDS; round++) {
    const result = await run(ORDER_ROUND_SECONDS);
    const created = result.statusCodeStats?.['201']?.count ?? 0;
    rounds.push(summary(result, Number(created)));
  }
  log(`  orders: ${rounds.map((r) => Math.round(r.rps)).join(' / ')} accepted/s`);
  // Let the requests still in flight when the last round stopped finish on the server.
  await new Promise((done) => setTimeout(done, 1000));
  return {
    result: median(rounds),
    problems: await checkStock(databaseUrl, partIds, accepted, statuses, runs),
  };
}

/**
 * The stock of each part went down by exactly the quantities of its orders in the table, every
 * order answered 201 is there as answered, and the only other orders are those whose reply was
 * cut off when a round stopped (at most one per connection and round).
 */
async function checkStock(databaseUrl, partIds, accepted, statuses, runs) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const problems = [];
  try {
    const { rows: stock } = await client.query(
      'SELECT id, available_quantity FROM parts WHERE id = ANY($1)',
      [partIds],
    );
    const { rows: placed } = await client.query(
      'SELECT id, part_id, quantity FROM orders WHERE part_id = ANY($1)',
      [partIds],
    );
    for (const id of partIds) {
      const left = stock.find((row) => row.id === id)?.available_quantity ?? ORDER_PART_STOCK;
      const inTable = placed
        .filter((row) => row.part_id === id)
        .reduce((sum, row) => sum + row.quantity, 0);
      if (ORDER_PART_STOCK - left !== inTable)
        problems.push(
          `part ${id}: stock went down by ${ORDER_PART_STOCK - left}, its orders hold ${inTable}`,
        );
    }
    const byId = new Map(placed.map((row) => [row.id, row]));
    let missing = 0;
    for (const [id, order] of accepted) {
      const row = byId.get(id);
      if (!row || row.part_id !== order.partId || row.quantity !== order.quantity) missing++;
    }
    if (missing > 0) problems.push(`${missing} accepted orders are missing or differ in the table`);
    const cutOff = placed.length - accepted.size;
    if (cutOff < 0 || cutOff > CONNECTIONS * runs)
      problems.push(`${placed.length} orders in the table, ${accepted.size} accepted`);
    const refused = Object.entries(statuses).filter(([status]) => status !== '201');
    if (refused.length > 0)
      problems.push(`replies other than 201: ${refused.map(([s, n]) => `${n}× ${s}`).join(', ')}`);
    console.log(
      problems.length === 0
        ? `        stock check: ${accepted.size} orders accepted (+${cutOff} whose reply was cut off at the end of a round); stock and orders agree exactly`
        : `        stock check FAILED:\n          ${problems.join('\n          ')}`,
    );
  } finally {
    await client.end();
  }
  return problems;
}

/**
 * Creates a database of its own on the server of `baseUrl`; returns its URL and a drop(). If the
 * run is stopped before drop(), the watchdog drops it (synchronously, from a short-lived child).
 */
export async function freshDatabase(baseUrl) {
  const name = `axle_bench_${randomBytes(5).toString('hex')}`;
  const drop = `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const forget = onStop(() =>
    spawnSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `import pg from 'pg'; const c = new pg.Client(${JSON.stringify(baseUrl)}); await c.connect(); await c.query(${JSON.stringify(drop)}); await c.end();`,
      ],
      { cwd: root, timeout: 10_000 },
    ),
  );
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      await admin.query(drop);
      await admin.end();
      forget();
    },
  };
}

/**
 * One database: starts the shop, then the bare server on the shop's own replies, measures the
 * read routes (and orders on PostgreSQL, then `onPostgres`'s measures), and stops both.
 */
export async function benchDatabase({ kind, baseUrl, log, onPostgres }) {
  const workDir = mkdtempSync(join(tmpdir(), `axle-bench-${kind}-`));
  const database = kind === 'postgres' ? await freshDatabase(baseUrl) : undefined;
  let shop;
  let bare;
  try {
    shop = await startBenchShop({ databaseUrl: database?.url, workDir, label: kind });
    const items = await (await fetch(`${shop.url}/api/items`)).json();
    const routes = [
      { name: 'GET /api/items', path: '/api/items' },
      { name: 'GET /api/item/{id}', path: `/api/item/${items[0]._id}` },
      { name: 'GET /api/reviews', path: '/api/reviews' },
    ];
    bare = await startBare(
      shop.url,
      routes.map((route) => route.path),
      workDir,
    );
    log(
      `${kind}: shop ${shop.url} (LOG_LEVEL=${process.env.LOG_LEVEL || 'info'}), bare ${bare.url}`,
    );
    const reads = await readRoutes({ shop, bare, routes, log });
    const orders = database
      ? await placeOrders({ shop, databaseUrl: database.url, log })
      : undefined;
    // What else runs on PostgreSQL on the same shop (checkouts and invoices, buying.mjs).
    const more =
      database && onPostgres ? await onPostgres({ shop, databaseUrl: database.url, log }) : {};
    return { kind, reads, orders, ...more };
  } finally {
    if (bare) await stopProcess(bare.child);
    if (shop) await stopProcess(shop.child);
    await database?.drop();
    rmSync(workDir, { recursive: true, force: true });
  }
}
