// `npm run bench -- --scale`: the shop at a parts distributor's volume (issue 15, PRODUCT §5).
//
// For each database (embedded, and PostgreSQL when DATABASE_URL is set) it makes two shops side by
// side: one on the demo catalogue, one filled by the data generator (`seed:scale`: its defaults on
// PostgreSQL, EMBEDDED_SIZES on the embedded database), each with an admin made by the user CLI.
// On the large shop it then measures, while sampling the server's RSS:
//   - the size of every list call's reply, with and without parameters (no Accept-Encoding);
//   - the cached reads people actually ask for (home, first pages, the carousel, a part) against
//     the bare server answering the same bytes, taking turns as `npm run bench` does;
//   - uncached list, search and admin filter calls, every request asking a URL no other request of
//     the run asks (so none is answered from the reply cache), and a 5-line checkout: CPU a request
//     of the shop and PostgreSQL from /proc, and p50/p99 at a fixed offered rate (work.mjs), with
//     the budgets of issue 31, beside the bare server's CPU for as many requests at that rate (the
//     machine's floor); throughput at saturation beside them as information;
// and in Chromium, on both shops in turn (a fresh browser context each time, so a cold cache), the
// time from navigation to the home page's first part card and to the admin orders page's first
// row, and the JavaScript heap after a garbage collection once the page is idle.
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import {
  freshDatabase,
  postJson,
  READ_HEADER,
  readRatio,
  readRoutes,
  readRow,
  startBare,
} from './api.mjs';
import { checkoutWork } from './buying.mjs';
import {
  CHROMIUM,
  CHROMIUM_FLAGS,
  createAdmin,
  kb,
  printTable,
  runNode,
  serverBundle,
  startShop,
  stopProcess,
  within,
} from './lib.mjs';
import { badReplies, bareFloor, idleCpu, measureWork } from './work.mjs';

export const SCALE_BUDGET = {
  replyBytes: 256 * 1024,
  readRatio: 0.6,
  /** p99 at the offered rate of the uncached calls without a budget of their own. */
  uncachedP99Ms: 50,
  pageTimeRatio: 1.5,
  heapRatio: 1.2,
  rssBytes: 400 * 2 ** 20,
};
/**
 * What the generator adds: to the large shop its defaults on PostgreSQL, at least 50,000 parts on
 * the embedded database; to the demo catalogue a small order book (it has no orders of its own),
 * larger than a page, so that both admin orders pages show a full page and the comparison is of
 * what grows with the data.
 */
const DEMO_SIZES = ['--parts', '14', '--customers', '10', '--orders', '150', '--reviews', '0'];
const SIZES = {
  demo: { embedded: DEMO_SIZES, postgres: DEMO_SIZES },
  scale: {
    embedded: ['--parts', '50000', '--customers', '20000', '--orders', '50000'],
    postgres: [],
  },
};
/**
 * The offered rate of the uncached calls and the checkout: 40 requests a second over 8 connections
 * on PostgreSQL; 10 a second on the embedded database, whose budgets are 3 times PostgreSQL's.
 */
export const OFFERED = {
  postgres: { rate: 40, connections: 8, budgetTimes: 1 },
  embedded: { rate: 10, connections: 8, budgetTimes: 3 },
};
/** A 5-line checkout, budgeted as the CPU of its six requests together. */
export const CHECKOUT = {
  name: 'a 5-line checkout (5 PUT cart lines, POST checkout)',
  budget: { cpuMs: 12, p99Ms: null },
  requests: 6,
};
export const CHECKOUT_CUSTOMERS = 40;
/** Checkouts a second (each six requests), a customer's turn coming again after 10 s or more. */
export const OFFERED_CHECKOUTS = {
  postgres: { rate: 4, connections: 8 },
  embedded: { rate: 2, connections: 8 },
};
const PAGE_RUNS = 5;
const generatorBundle = serverBundle.replace(/server\.js$/, 'seed-scale.js');

/** Words of generated part names (kinds and makers) and customers' names, for searches. */
const PART_WORDS = [
  'brake',
  'pad',
  'disc',
  'filter',
  'oil',
  'air',
  'cabin',
  'fuel',
  'spark',
  'plug',
  'glow',
  'coil',
  'alternator',
  'starter',
  'shock',
  'spring',
  'arm',
  'timing',
  'belt',
  'pump',
  'radiator',
  'thermostat',
  'bulb',
  'wiper',
  'battery',
  'clutch',
  'joint',
  'bearing',
  'sensor',
  'front',
  'rear',
  'ceramic',
  'vented',
  'heavy',
  'kit',
  'set',
  'motor',
  'light',
  'blade',
  'water',
];
const MAKERS = [
  'bosch',
  'mann',
  'mahle',
  'denso',
  'ngk',
  'brembo',
  'ate',
  'trw',
  'valeo',
  'hella',
  'philips',
  'osram',
  'gates',
  'continental',
  'skf',
  'fag',
  'sachs',
  'monroe',
  'kyb',
  'luk',
  'aisin',
  'ntn',
  'febi',
  'lemforder',
  'delphi',
  'champion',
  'exide',
  'varta',
  'hengst',
  'ferodo',
];
const NAMES = [
  'nusrat',
  'rafiq',
  'ayesha',
  'tanvir',
  'farhana',
  'mahmud',
  'sadia',
  'arif',
  'shirin',
  'kamal',
  'rumana',
  'imran',
  'tahmina',
  'talukder',
  'rahman',
  'hossain',
  'ahmed',
  'chowdhury',
  'islam',
];
const STATES = ['unpaid', 'paid', 'shipped', 'cancelled'];

const pick = (list, n) => list[n % list.length];
/** A day `daysAgo` before today, YYYY-MM-DD. */
const day = (daysAgo) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);

/**
 * The uncached calls: each makes the path of its n-th request, different for every n (a page,
 * limit, filter or word combination no other request of the run repeats). `who` says whose token
 * goes with it.
 */
export const UNCACHED = [
  {
    name: 'parts, page by number',
    who: 'visitor',
    budget: { cpuMs: 1.5, p99Ms: 20 },
    path: (n) => {
      const limit = 10 + (n % 91);
      return `/api/items?limit=${limit}&page=${1 + (Math.floor(n / 91) % Math.floor(10_000 / limit))}`;
    },
  },
  {
    name: 'parts, search by words',
    who: 'visitor',
    // Mixed radix, so no two requests of a run share a URL: a word, a limit, then a maker or none
    // (a search of one common word, the dearest kind).
    path: (n) => {
      const word = pick(PART_WORDS, n);
      const rest = Math.floor(n / PART_WORDS.length);
      const maker = MAKERS[Math.floor(rest / 91) % (MAKERS.length + 1)];
      const words = maker ? `${word} ${maker}` : word;
      return `/api/items?search=${encodeURIComponent(words)}&limit=${10 + (rest % 91)}`;
    },
  },
  // The catalogue search (issue 16 #4). `sample` holds part numbers and vehicle ids read from the
  // large shop before the run.
  {
    name: 'search, a part number',
    who: 'visitor',
    budget: { cpuMs: 2.5, p99Ms: 30 },
    // A number in one of three spellings: as it is, without its separators, with dashes.
    path: (n, _customer, sample) => {
      const number = pick(sample.partNumbers, n);
      const rest = Math.floor(n / sample.partNumbers.length);
      const spelled = [number, number.replace(/[\s./-]/g, ''), number.replace(/[\s./]/g, '-')][
        rest % 3
      ];
      return `/api/search?q=${encodeURIComponent(spelled)}&limit=${10 + (Math.floor(rest / 3) % 91)}`;
    },
  },
  {
    name: 'search, three words',
    who: 'visitor',
    budget: { cpuMs: 4, p99Ms: 40 },
    path: (n) => {
      const first = pick(PART_WORDS, n);
      const rest = Math.floor(n / PART_WORDS.length);
      const second = pick(PART_WORDS, rest + 1);
      const maker = pick(MAKERS, Math.floor(rest / PART_WORDS.length));
      const limit = 10 + (Math.floor(rest / (PART_WORDS.length * MAKERS.length)) % 91);
      return `/api/search?q=${encodeURIComponent(`${first} ${second} ${maker}`)}&limit=${limit}`;
    },
  },
  {
    name: 'search, vehicle filter',
    who: 'visitor',
    budget: { cpuMs: 3, p99Ms: 40 },
    // A vehicle alone, or with a word: the parts that fit it.
    path: (n, _customer, sample) => {
      const vehicle = pick(sample.vehicleIds, n);
      const rest = Math.floor(n / sample.vehicleIds.length);
      const word = [undefined, ...PART_WORDS][rest % (PART_WORDS.length + 1)];
      const limit = 10 + (Math.floor(rest / (PART_WORDS.length + 1)) % 91);
      return `/api/search?vehicle=${vehicle}${word ? `&q=${word}` : ''}&limit=${limit}`;
    },
  },
  {
    name: 'search, brand and stock facets',
    who: 'visitor',
    budget: { cpuMs: 4, p99Ms: 40 },
    path: (n) => {
      const word = pick(PART_WORDS, n);
      const rest = Math.floor(n / PART_WORDS.length);
      const maker = pick(MAKERS, rest);
      const limit = 10 + (Math.floor(rest / MAKERS.length) % 91);
      return `/api/search?q=${word}&brand=${maker}&inStock=true&limit=${limit}`;
    },
  },
  {
    name: 'search suggestions',
    who: 'visitor',
    budget: { cpuMs: 1.5, p99Ms: 20 },
    // What is typed so far: the start of a word, then of a maker after it.
    path: (n) => {
      const word = pick(PART_WORDS, n);
      const rest = Math.floor(n / PART_WORDS.length);
      const typed = word.slice(0, 3 + (rest % Math.max(1, word.length - 2)));
      const more = Math.floor(rest / 8);
      const maker = [undefined, ...MAKERS][more % (MAKERS.length + 1)];
      const makerTyped = maker?.slice(
        0,
        1 + (Math.floor(more / (MAKERS.length + 1)) % maker.length),
      );
      return `/api/search/suggest?q=${encodeURIComponent(makerTyped ? `${typed} ${makerTyped}` : typed)}`;
    },
  },
  {
    name: 'reviews, page by number',
    who: 'visitor',
    path: (n) => {
      const limit = 10 + (n % 91);
      return `/api/reviews?limit=${limit}&page=${1 + (Math.floor(n / 91) % Math.floor(10_000 / limit))}`;
    },
  },
  {
    name: 'admin orders, state and dates',
    who: 'admin',
    path: (n) => {
      const from = 1 + (n % 700);
      return `/api/manageorders?state=${pick(STATES, n)}&from=${day(from + 30 + (Math.floor(n / 4) % 60))}&to=${day(from)}&limit=${10 + (Math.floor(n / 700) % 91)}`;
    },
  },
  {
    name: 'admin orders, search',
    who: 'admin',
    path: (n) =>
      `/api/manageorders?q=${pick(NAMES, n)}&sort=${pick(['newest', 'oldest', 'total'], Math.floor(n / NAMES.length))}&limit=${10 + (Math.floor(n / 57) % 91)}`,
  },
  {
    name: 'admin order counts, filtered',
    who: 'admin',
    path: (n) => {
      const from = 1 + (n % 700);
      return `/api/manageorders/counts?from=${day(from + 1 + (Math.floor(n / 700) % 60))}&to=${day(from)}`;
    },
  },
  // The back office (issue 33): a year's sales by day, week or month from the sales kept day by
  // day, ending on any of the last 700 days; the parts below their reorder point.
  {
    name: 'admin sales report, a year',
    who: 'admin',
    budget: { cpuMs: 4, p99Ms: 40 },
    path: (n) => {
      const to = n % 700;
      const interval = pick(['day', 'week', 'month'], Math.floor(n / 700));
      return `/api/admin/reports/sales?from=${day(to + 364)}&to=${day(to)}&interval=${interval}`;
    },
  },
  {
    name: 'admin low stock',
    who: 'admin',
    budget: { cpuMs: 4, p99Ms: 40 },
    path: (n) => `/api/admin/stock/low?limit=${10 + (n % 91)}`,
  },
  {
    name: 'admin users, search',
    who: 'admin',
    path: (n) =>
      `/api/users?q=${pick(NAMES, n)}&sort=${pick(['newest', 'oldest', 'name', 'email'], Math.floor(n / NAMES.length))}&limit=${10 + (Math.floor(n / 76) % 91)}`,
  },
  {
    name: 'my orders',
    who: 'customer',
    path: (n, customer) =>
      `/api/userorder?email=${encodeURIComponent(customer.email)}&limit=${1 + (n % 100)}`,
  },
];

/** Every list call, with and without parameters (the largest page each one allows). */
function listCalls(customer, partId) {
  const email = encodeURIComponent(customer.email);
  return [
    { who: 'visitor', path: '/api/items' },
    { who: 'visitor', path: '/api/items?limit=100' },
    { who: 'visitor', path: '/api/items?limit=100&page=100' },
    { who: 'visitor', path: '/api/items?search=brake&limit=100' },
    { who: 'visitor', path: `/api/item/${partId}` },
    { who: 'visitor', path: '/api/reviews' },
    { who: 'visitor', path: '/api/reviews?limit=100' },
    { who: 'visitor', path: '/api/reviews/summary' },
    { who: 'admin', path: '/api/users' },
    { who: 'admin', path: '/api/users?limit=100' },
    { who: 'admin', path: '/api/users?q=rahman&sort=name&limit=100' },
    { who: 'admin', path: '/api/manageorders' },
    { who: 'admin', path: '/api/manageorders?limit=100' },
    { who: 'admin', path: '/api/manageorders?state=paid&sort=total&limit=100' },
    { who: 'admin', path: '/api/manageorders/counts' },
    { who: 'admin', path: '/api/admin/audit-log' },
    { who: 'admin', path: '/api/admin/audit-log?limit=100' },
    { who: 'customer', path: `/api/userorder?email=${email}` },
    { who: 'customer', path: `/api/userorder?email=${email}&limit=100` },
  ];
}

/** The largest resident set size of a process while it runs, read from /proc. */
function rssSampler(pid) {
  let max = 0;
  const sample = () => {
    try {
      const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
      if (kb) max = Math.max(max, Number(kb) * 1024);
    } catch {
      // gone
    }
  };
  const timer = setInterval(sample, 100);
  sample();
  return {
    stop() {
      clearInterval(timer);
      sample();
      return max;
    },
  };
}

export async function signIn(shopUrl, email, password) {
  return (await postJson(`${shopUrl}/api/auth/login`, { email, password })).token;
}

/** Tokens of `count` generated customers (verified, sharing the generator's password). */
export async function customerTokens(shopUrl, adminToken, count) {
  const customers = await (
    await fetch(`${shopUrl}/api/users?role=customer&q=scale.axle.test&limit=${count}`, {
      headers: { authorization: `Bearer ${adminToken}` },
    })
  ).json();
  const tokens = [];
  for (const { email } of customers) tokens.push(await signIn(shopUrl, email, 'axlescale1'));
  return tokens;
}

/** Reply sizes of every list call, as sent without compression. */
async function replySizes(shopUrl, calls, tokens) {
  const rows = [];
  for (const { who, path } of calls) {
    const response = await fetch(shopUrl + path, {
      headers: {
        'accept-encoding': 'identity',
        ...(tokens[who] ? { authorization: `Bearer ${tokens[who]}` } : {}),
      },
    });
    const body = Buffer.from(await response.arrayBuffer());
    rows.push({
      call: path.replace(/email=[^&]+/, 'email={own}').replace(/[0-9a-f-]{36}/, '{id}'),
      status: response.status,
      bytes: body.length,
      total: response.headers.get('x-total-count'),
    });
  }
  return rows;
}

/**
 * One uncached call's cost at the offered rate of its database (`OFFERED`): CPU per request of the
 * shop and PostgreSQL, p50/p99 from the scheduled time, and requests a second at saturation.
 */
async function uncached(shop, kind, call, tokens, customer, sample, idle) {
  const headers = tokens[call.who] ? { authorization: `Bearer ${tokens[call.who]}` } : {};
  const result = await measureWork({
    shop,
    postgres: kind === 'postgres',
    rate: OFFERED[kind].rate,
    connections: OFFERED[kind].connections,
    idle,
    work: (n, request) => request(call.path(n, customer, sample), { headers }),
    saturation: (next) => ({
      method: 'GET',
      setupRequest(request) {
        request.path = call.path(next(), customer, sample);
        request.headers = { ...request.headers, ...headers };
        return request;
      },
    }),
  });
  return { name: call.name, budget: call.budget, ...result };
}

/**
 * Milliseconds from navigation to the first element matching `selector`, and the JS heap (bytes,
 * after a garbage collection) once the page is idle; a fresh context each time (cold cache).
 */
async function pageRun(browser, url, selector, token) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    await context.addInitScript(
      ({ selector, token }) => {
        if (token) localStorage.setItem('access-token', token);
        const seen = () => {
          if (document.querySelector(selector)) {
            window.__firstAt = performance.now();
            return true;
          }
          return false;
        };
        const observer = new MutationObserver(() => {
          if (seen()) observer.disconnect();
        });
        document.addEventListener('DOMContentLoaded', () => {
          if (!seen()) observer.observe(document.body, { childList: true, subtree: true });
        });
      },
      { selector, token },
    );
    const page = await context.newPage();
    await page.goto(url);
    await page.waitForFunction(() => window.__firstAt !== undefined, null, { timeout: 20_000 });
    const ms = await page.evaluate(() => window.__firstAt);
    await page.waitForLoadState('networkidle');
    const cdp = await context.newCDPSession(page);
    await cdp.send('HeapProfiler.collectGarbage');
    const { usedSize } = await cdp.send('Runtime.getHeapUsage');
    return { ms, heap: usedSize };
  } finally {
    await context.close();
  }
}

const medianOf = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** The two pages on the demo and the large shop in turn, PAGE_RUNS times each. */
async function pageTimes(shops, log) {
  const browser = await within(
    30_000,
    'starting Chromium',
    chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS }),
  );
  try {
    const pages = [
      { name: 'home, first part card', path: '/', selector: 'article a[href^="/purchase/"]' },
      {
        name: 'admin orders, first row',
        path: '/dashboard/manageallorders',
        selector: 'table tbody tr',
        admin: true,
      },
    ];
    const rows = [];
    for (const page of pages) {
      const runs = { demo: [], scale: [] };
      for (let run = 0; run < PAGE_RUNS; run++) {
        for (const which of ['demo', 'scale']) {
          const shop = shops[which];
          const token = page.admin
            ? await signIn(shop.url, shop.admin.email, shop.admin.password)
            : null;
          runs[which].push(await pageRun(browser, shop.url + page.path, page.selector, token));
        }
      }
      const figures = (list) => ({
        ms: medianOf(list.map((r) => r.ms)),
        heap: medianOf(list.map((r) => r.heap)),
      });
      const row = { page: page.name, demo: figures(runs.demo), scale: figures(runs.scale) };
      log(
        `  ${page.name}: demo ${runs.demo.map((r) => Math.round(r.ms)).join(' / ')} ms, large ${runs.scale.map((r) => Math.round(r.ms)).join(' / ')} ms`,
      );
      rows.push(row);
    }
    return rows;
  } finally {
    await browser.close();
  }
}

/** The two shops of one database kind: the demo catalogue and the generated rows. */
async function startShops({ kind, baseUrl, workDir, log }) {
  const databases = [];
  const shops = {};
  for (const which of ['demo', 'scale']) {
    const database = kind === 'postgres' ? await freshDatabase(baseUrl) : undefined;
    if (database) databases.push(database);
    const env = {
      DATABASE_URL: database?.url ?? '',
      DATA_DIR: join(workDir, `data-${which}`),
    };
    const started = Date.now();
    const output = await runNode([generatorBundle, '--seed', '15', ...SIZES[which][kind]], {
      env,
      // 250,000 parts and 200,000 orders took 3.5 min on one day of this VM and over 4 on another.
      timeoutMs: 600_000,
    });
    const made = output.split('\n').find((line) => line.startsWith('Generated')) ?? output;
    log(`${kind} ${which}: ${made.trim()} (${((Date.now() - started) / 1000).toFixed(0)} s)`);
    const admin = { email: `bench-admin-${which}@axle.com`, password: 'BenchAdmin1234' };
    await createAdmin(env, admin.email, admin.password);
    const shop = await startShop({
      workDir,
      label: `${kind}-${which}`,
      env: {
        ...env,
        SEED_DEMO: which === 'demo' ? 'true' : 'false',
        RATE_LIMIT_SCALE: '1000',
        // The checkout's customers each hold many unpaid orders by the end.
        UNPAID_ORDERS_PER_CUSTOMER: '1000',
        JWT_SECRET: database ? 'b'.repeat(64) : '',
      },
    });
    shops[which] = { ...shop, admin };
  }
  return {
    shops,
    async stop() {
      for (const shop of Object.values(shops)) await stopProcess(shop.child);
      for (const database of databases) await database.drop();
    },
  };
}

/**
 * Part numbers and vehicle ids of the large shop, for the searches: the numbers of a page of parts
 * and the vehicles the first of them fit.
 */
export async function catalogueSample(shopUrl) {
  const items = await (await fetch(`${shopUrl}/api/items?limit=100&page=3`)).json();
  const vehicleIds = new Set();
  for (const item of items.slice(0, 30)) {
    const detail = await (await fetch(`${shopUrl}/api/item/${item._id}`)).json();
    for (const group of detail.fitment.groups)
      for (const model of group.models)
        for (const vehicle of model.vehicles) vehicleIds.add(vehicle.id);
  }
  if (vehicleIds.size === 0) throw new Error('the large shop has no fitment to search by');
  return { partNumbers: items.map((item) => item.partNumber), vehicleIds: [...vehicleIds] };
}

/** The whole scale bench on one database kind. */
export async function benchScale({ kind, baseUrl, log }) {
  const workDir = mkdtempSync(join(tmpdir(), `axle-bench-scale-${kind}-`));
  let started;
  let bare;
  try {
    started = await startShops({ kind, baseUrl, workDir, log });
    const { shops } = started;
    const shop = shops.scale;
    const rss = rssSampler(shop.child.pid);
    const adminToken = await signIn(shop.url, shop.admin.email, shop.admin.password);
    const someCustomers = await (
      await fetch(`${shop.url}/api/users?role=customer&q=scale.axle.test&limit=1`, {
        headers: { authorization: `Bearer ${adminToken}` },
      })
    ).json();
    const customer = { email: someCustomers[0].email, password: 'axlescale1' };
    const tokens = {
      admin: adminToken,
      customer: await signIn(shop.url, customer.email, customer.password),
    };
    const [part] = await (await fetch(`${shop.url}/api/items?limit=1`)).json();

    const sizes = await replySizes(shop.url, listCalls(customer, part._id), tokens);

    const routes = [
      { name: 'GET /api/items?limit=6 (home)', path: '/api/items?limit=6' },
      { name: 'GET /api/items (first page)', path: '/api/items' },
      { name: 'GET /api/item/{id}', path: `/api/item/${part._id}` },
      { name: 'GET /api/reviews?limit=10', path: '/api/reviews?limit=10' },
    ];
    const bareDir = join(workDir, 'bare');
    mkdirSync(bareDir);
    bare = await startBare(
      shop.url,
      routes.map((route) => route.path),
      bareDir,
    );
    log(`${kind}: large shop ${shop.url}, demo shop ${shops.demo.url}, bare ${bare.url}`);
    const reads = await readRoutes({ shop, bare, routes, log });

    const sample = await catalogueSample(shop.url);
    const queries = [];
    const idle = await idleCpu(shop, { postgres: kind === 'postgres' });
    log(
      `  idle: shop ${idle.shopMsPerS.toFixed(1)} ms CPU a second, PostgreSQL ${idle.postgresMsPerS.toFixed(1)}`,
    );
    // The bare server's CPU a request at the calls' rate and at the checkout's requests' rate.
    const floorAt = (rate) =>
      bareFloor(bare, { rate, connections: OFFERED[kind].connections, path: routes[0].path });
    const floor = {
      call: await floorAt(OFFERED[kind].rate),
      checkoutRequest: await floorAt(OFFERED_CHECKOUTS[kind].rate * CHECKOUT.requests),
    };
    log(
      `  bare server: ${floor.call.toFixed(2)} ms CPU a request at ${OFFERED[kind].rate}/s, ${floor.checkoutRequest.toFixed(2)} at ${OFFERED_CHECKOUTS[kind].rate * CHECKOUT.requests}/s`,
    );
    for (const call of UNCACHED) {
      const result = await uncached(shop, kind, call, tokens, customer, sample, idle);
      log(
        `  ${call.name}: ${result.cpuMs.toFixed(2)} ms CPU (shop ${result.shopMs.toFixed(2)}), p50 ${result.p50.toFixed(0)} ms, p99 ${result.p99.toFixed(0)} ms, ${Math.round(result.saturationRps)} req/s at saturation`,
      );
      queries.push({ ...result, floorMs: floor.call });
    }
    const checkout = await checkoutWork({
      shop,
      postgres: kind === 'postgres',
      adminToken,
      idle,
      tokens: await customerTokens(shop.url, adminToken, CHECKOUT_CUSTOMERS),
      ...OFFERED_CHECKOUTS[kind],
    });
    log(
      `  5-line checkout: ${checkout.cpuMs.toFixed(2)} ms CPU (shop ${checkout.shopMs.toFixed(2)}), p50 ${checkout.p50.toFixed(0)} ms, p99 ${checkout.p99.toFixed(0)} ms`,
    );
    queries.push({
      name: CHECKOUT.name,
      budget: CHECKOUT.budget,
      ...checkout,
      floorMs: floor.checkoutRequest * CHECKOUT.requests,
    });

    const pages = await pageTimes(shops, log);
    const rssMax = rss.stop();
    return { kind, sizes, reads, idle, queries, pages, rssMax };
  } finally {
    if (bare) await stopProcess(bare.child);
    await started?.stop();
    rmSync(workDir, { recursive: true, force: true });
  }
}

/** The uncached calls' and the checkout's cost beside their budgets. */
function printWork(results, miss) {
  const fixed = (ms, digits = 1) => (ms === undefined ? '—' : ms.toFixed(digits));
  const rows = [
    [
      'database',
      'call',
      'sent',
      'CPU ms',
      'shop',
      'PostgreSQL',
      'bare server',
      '≤ CPU',
      'p50 ms',
      'p99 ms',
      '≤ p99',
      'saturation /s',
      'not 2xx',
    ],
  ];
  for (const { kind, queries } of results) {
    const times = OFFERED[kind].budgetTimes;
    for (const query of queries) {
      const { budget = {} } = query;
      const cpuBudget = budget.cpuMs === undefined ? undefined : budget.cpuMs * times;
      const p99Budget =
        budget.p99Ms === null ? undefined : (budget.p99Ms ?? SCALE_BUDGET.uncachedP99Ms) * times;
      const bad = badReplies(query.statuses);
      rows.push([
        kind,
        query.name,
        query.units,
        fixed(query.cpuMs, 2),
        fixed(query.shopMs, 2),
        kind === 'postgres' ? fixed(query.postgresMs, 2) : 'in the shop',
        fixed(query.floorMs, 2),
        fixed(cpuBudget),
        fixed(query.p50, 0),
        fixed(query.p99, 0),
        fixed(p99Budget, 0),
        fixed(query.saturationRps, 0),
        bad || '—',
      ]);
      if (cpuBudget !== undefined && query.cpuMs > cpuBudget)
        miss(kind, `${query.name}: ${query.cpuMs.toFixed(2)} ms CPU a request`);
      if (p99Budget !== undefined && query.p99 > p99Budget)
        miss(kind, `${query.name}: p99 ${query.p99.toFixed(0)} ms`);
      if (bad) miss(kind, `${query.name}: ${bad}`);
    }
  }
  printTable(rows, { alignLeft: 2 });
}

const mb = (bytes) => `${(bytes / 2 ** 20).toFixed(0)} MB`;

/** Prints every figure beside its budget; returns the budgets missed. */
export function reportScale(results) {
  const failures = [];
  const miss = (kind, what) => failures.push(`${what} (${kind})`);
  const B = SCALE_BUDGET;

  console.log(`\nList replies at size, uncompressed (budget ≤ ${kb(B.replyBytes)})\n`);
  const sizeRows = [['database', 'call', 'status', 'X-Total-Count', 'size']];
  for (const { kind, sizes } of results)
    for (const row of sizes) {
      sizeRows.push([kind, row.call, row.status, row.total ?? '—', kb(row.bytes)]);
      if (row.status !== 200) miss(kind, `GET ${row.call} answered ${row.status}`);
      if (row.bytes > B.replyBytes) miss(kind, `GET ${row.call}: ${kb(row.bytes)}`);
    }
  printTable(sizeRows, { alignLeft: 2 });

  console.log(
    `\nCached reads at size, 50 connections, median round (budget ≥ ${B.readRatio} of the bare server)\n`,
  );
  const readRows = [READ_HEADER];
  for (const { kind, reads } of results)
    for (const read of reads) {
      const { route, shop } = read;
      const ratio = readRatio(read);
      readRows.push(readRow(kind, read));
      if (ratio < B.readRatio) miss(kind, `${route}: ${ratio.toFixed(2)} of the bare server`);
      if (shop.errors + shop.non2xx > 0) miss(kind, `${route}: errors or non-2xx replies`);
    }
  printTable(readRows, { alignLeft: 2 });

  console.log(
    `\nUncached lists, searches and admin filters, every URL asked once: CPU a request (shop + PostgreSQL, from /proc; beside it what the bare server's CPU is for as many requests at that rate: the machine's floor) and latency from the scheduled time at ${OFFERED.postgres.rate} requests a second on PostgreSQL, ${OFFERED.embedded.rate} on the embedded database (budgets ×${OFFERED.embedded.budgetTimes}); p99 < ${B.uncachedP99Ms} ms where a call has no budget of its own; saturation is information\n`,
  );
  printWork(results, miss);
  console.log(
    `\nChromium, median of ${PAGE_RUNS} cold loads: large shop against the demo in the same run (budgets: time ≤ ${B.pageTimeRatio}×, heap ≤ ${B.heapRatio}×)\n`,
  );
  const pageRows = [
    ['database', 'page', 'demo ms', 'large ms', 'ratio', 'demo heap', 'large heap', 'ratio'],
  ];
  for (const { kind, pages } of results)
    for (const { page, demo, scale } of pages) {
      const time = scale.ms / demo.ms;
      const heap = scale.heap / demo.heap;
      pageRows.push([
        kind,
        page,
        demo.ms.toFixed(0),
        scale.ms.toFixed(0),
        time.toFixed(2),
        mb(demo.heap),
        mb(scale.heap),
        heap.toFixed(2),
      ]);
      if (time > B.pageTimeRatio) miss(kind, `${page}: ${time.toFixed(2)}× the demo's time`);
      if (heap > B.heapRatio) miss(kind, `${page}: ${heap.toFixed(2)}× the demo's heap`);
    }
  printTable(pageRows, { alignLeft: 2 });

  console.log(`\nServer memory under load (budget RSS < ${mb(B.rssBytes)})\n`);
  const rssRows = [['database', 'largest RSS']];
  for (const { kind, rssMax } of results) {
    rssRows.push([kind, mb(rssMax)]);
    if (rssMax >= B.rssBytes) miss(kind, `server RSS ${mb(rssMax)}`);
  }
  printTable(rssRows, { alignLeft: 1 });
  return failures;
}
