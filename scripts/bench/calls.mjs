// `npm run bench -- --calls <pattern>`: some calls of the scale bench against a shop started on a
// database that is filled already, to measure a change in turns (before, after) without
// generating the catalogue each time. The calls are scale.mjs's uncached calls whose name matches
// the pattern (a regular expression, e.g. `search` or `suggest|page by number`), and the 5-line
// checkout when it matches `checkout`. The database is DATABASE_URL's (PostgreSQL) or, without
// it, DATA_DIR's (embedded), e.g. filled by `npm run seed:scale`; the shop runs on it with the
// production bundle. For each call and round (--rounds, 3): CPU a request of the shop and
// PostgreSQL from /proc, idle CPU taken off, and p50/p99 at the scale bench's offered rate, beside
// the call's budget. --profile DIR writes the shop's CPU profile there (node --cpu-prof) when it
// stops. The run adds an admin (bench-…@bench.test) for the admin calls and the checkout's parts;
// the checkout's customers are the generator's, and on PostgreSQL their unpaid orders are
// cancelled before each round so that the cap on unpaid orders never refuses one.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { checkoutWork } from './buying.mjs';
import { createAdmin, printTable, startShop, stopProcess } from './lib.mjs';
import {
  CHECKOUT,
  CHECKOUT_CUSTOMERS,
  catalogueSample,
  customerTokens,
  OFFERED,
  OFFERED_CHECKOUTS,
  signIn,
  UNCACHED,
} from './scale.mjs';
import { idleCpu, measureWork } from './work.mjs';

export async function benchCalls(argv, log) {
  const { values } = parseArgs({
    args: argv,
    options: {
      calls: { type: 'string' },
      rounds: { type: 'string', default: '3' },
      profile: { type: 'string' },
      scale: { type: 'boolean' },
    },
  });
  const pattern = new RegExp(values.calls ?? '', 'i');
  const rounds = Number(values.rounds);
  const databaseUrl = process.env.DATABASE_URL;
  const kind = databaseUrl ? 'postgres' : 'embedded';
  if (!databaseUrl && !process.env.DATA_DIR)
    throw new Error('--calls runs on a filled database: set DATABASE_URL or DATA_DIR');
  const calls = UNCACHED.filter((call) => pattern.test(call.name));
  const checkout = pattern.test('checkout');
  if (calls.length === 0 && !checkout) throw new Error(`no call's name matches ${pattern}`);

  const workDir = mkdtempSync(join(tmpdir(), 'axle-calls-'));
  const env = {
    DATABASE_URL: databaseUrl ?? '',
    DATA_DIR: databaseUrl ? join(workDir, 'data') : resolve(process.env.DATA_DIR),
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
    JWT_SECRET: process.env.JWT_SECRET ?? 'bench-calls-secret-of-forty-characters-x',
  };
  const admin = { email: `bench-${Date.now()}@bench.test`, password: 'benchcalls1' };
  await createAdmin(env, admin.email, admin.password);
  const nodeArgs = values.profile
    ? ['--cpu-prof', `--cpu-prof-dir=${resolve(values.profile)}`]
    : [];
  const shop = await startShop({ workDir, label: kind, env, nodeArgs });
  log(`shop on the ${kind} database at ${shop.url}`);
  const postgres = kind === 'postgres';
  const rows = [['call', 'round', 'CPU a request', 'shop', 'PostgreSQL', 'p50', 'p99', 'budget']];
  const ms = (value) => `${value.toFixed(2)} ms`;
  const row = (name, round, result, budget) => [
    name,
    String(round),
    ms(result.cpuMs),
    ms(result.shopMs),
    postgres ? ms(result.postgresMs) : '—',
    `${result.p50.toFixed(0)} ms`,
    `${result.p99.toFixed(0)} ms`,
    budget ? `${budget.cpuMs * OFFERED[kind].budgetTimes} ms` : '—',
  ];
  try {
    const tokens = { admin: await signIn(shop.url, admin.email, admin.password) };
    const sample = await catalogueSample(shop.url);
    const idle = await idleCpu(shop, { postgres });
    // Each round asks URLs no earlier round asked, so that none is answered from the reply cache.
    let next = 0;
    for (const call of calls) {
      const headers = tokens[call.who] ? { authorization: `Bearer ${tokens[call.who]}` } : {};
      for (let round = 1; round <= rounds; round++) {
        const first = next;
        next += 10_000;
        const result = await measureWork({
          shop,
          postgres,
          idle,
          ...OFFERED[kind],
          work: (n, request) => request(call.path(first + n, undefined, sample), { headers }),
        });
        log(`${call.name}, round ${round}: ${ms(result.cpuMs)}`);
        rows.push(row(call.name, round, result, call.budget));
      }
    }
    if (checkout) {
      const customers = await customerTokens(shop.url, tokens.admin, CHECKOUT_CUSTOMERS);
      for (let round = 1; round <= rounds; round++) {
        if (postgres) await cancelUnpaid(databaseUrl);
        const result = await checkoutWork({
          shop,
          postgres,
          adminToken: tokens.admin,
          tokens: customers,
          idle,
          ...OFFERED_CHECKOUTS[kind],
        });
        log(`checkout, round ${round}: ${ms(result.cpuMs)}`);
        rows.push(row(CHECKOUT.name, round, result, CHECKOUT.budget));
      }
    }
  } finally {
    await stopProcess(shop.child);
  }
  console.log(
    `\nCPU a request (idle taken off) and latency at ${OFFERED[kind].rate} requests a second (checkouts: ${OFFERED_CHECKOUTS[kind].rate} a second, six requests each), ${kind} database\n`,
  );
  printTable(rows, { alignLeft: 1 });
  return 0;
}

/** The generated customers' unpaid orders cancelled, so that the checkout is never capped. */
async function cancelUnpaid(databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(
      'update orders set cancelled_at = now() where not paid and cancelled_at is null',
    );
  } finally {
    await client.end();
  }
}
