// `npm run seed:scale -- [--parts N] [--customers N] [--orders N] [--reviews N] [--seed N] [--now ISO] [--force]`
// Fills the configured database (DATABASE_URL, or the embedded one in DATA_DIR while the shop is
// stopped) with generated rows at a parts distributor's volume; see fill.ts and the README.
import { randomInt } from 'node:crypto';
import { parseArgs } from 'node:util';
import { runWhenMain } from '../../../cli/run.ts';
import { loadConfig } from '../../../config.ts';
import { type Database, openEmbeddedDatabase, openPostgresDatabase } from '../../client.ts';
import { type DataDirLock, lockDataDir } from '../../lock.ts';
import {
  CUSTOMER_PASSWORD,
  checkSizes,
  defaultScaleSizes,
  fillWithScaleData,
  type ScaleSizes,
} from './fill.ts';
import { GENERATED_EMAIL_DOMAIN } from './generate.ts';

const usage = `Usage: npm run seed:scale -- [--parts N] [--customers N] [--orders N] [--reviews N] [--seed N] [--now ISO-DATE] [--force]
Defaults: --parts ${defaultScaleSizes.parts} --customers ${defaultScaleSizes.customers} --orders ${defaultScaleSizes.orders} --reviews ${defaultScaleSizes.reviews}`;

function count(value: string | undefined, fallback: number, flag: string): number {
  if (value === undefined) return fallback;
  if (!/^\d+$/.test(value) || Number(value) > 10_000_000)
    throw new Error(`--${flag} must be a whole number from 0 to 10000000\n${usage}`);
  return Number(value);
}

export async function runScaleCommand(
  argv: string[],
  env: NodeJS.ProcessEnv = process.env,
  print: (line: string) => void = (line) => console.log(line),
): Promise<string> {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(argv);
  } catch (error) {
    throw new Error(`${(error as Error).message}\n${usage}`);
  }
  const { values } = parsed;
  const sizes: ScaleSizes = {
    parts: count(values.parts, defaultScaleSizes.parts, 'parts'),
    customers: count(values.customers, defaultScaleSizes.customers, 'customers'),
    orders: count(values.orders, defaultScaleSizes.orders, 'orders'),
    reviews: count(values.reviews, defaultScaleSizes.reviews, 'reviews'),
  };
  checkSizes(sizes);
  const seed = values.seed === undefined ? randomInt(1, 1_000_000) : count(values.seed, 0, 'seed');
  const now = values.now === undefined ? new Date() : new Date(values.now);
  if (Number.isNaN(now.getTime()))
    throw new Error(`--now must be a date, e.g. 2026-11-23T12:00:00Z\n${usage}`);

  const config = loadConfig(env);
  let lock: DataDirLock | undefined;
  let database: Database;
  if (config.databaseUrl) {
    database = openPostgresDatabase(config.databaseUrl, { max: 1 });
  } else {
    lock = lockDataDir(config.dataDir);
    database = await openEmbeddedDatabase(config.dataDir);
  }
  const started = performance.now();
  try {
    await database.migrate();
    print(
      `Generating on the ${database.kind === 'postgres' ? 'PostgreSQL' : 'embedded'} database with --seed ${seed}.`,
    );
    const made = await fillWithScaleData(
      database.db,
      { ...sizes, seed, now, force: values.force ?? false, rules: config.orders },
      print,
    );
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    const n = (value: number) => value.toLocaleString('en-US');
    return [
      `Generated ${n(made.parts)} parts (fitting ${n(made.fitments)} vehicles in all), ${n(made.customers)} customers, ${n(made.orders)} orders of ${n(made.orderLines)} lines (${n(made.payments)} paid) and ${n(made.reviews)} reviews in ${seconds} s.`,
      made.exampleCustomer
        ? `Every generated customer (e-mail at ${GENERATED_EMAIL_DOMAIN}, e.g. ${made.exampleCustomer}) signs in with the password ${CUSTOMER_PASSWORD}.`
        : '',
      `The same rows again: --seed ${seed} --now ${now.toISOString()}`,
    ]
      .filter(Boolean)
      .join('\n');
  } finally {
    await database.close();
    lock?.release();
  }
}

function parse(argv: string[]) {
  return parseArgs({
    args: argv,
    options: {
      parts: { type: 'string' },
      customers: { type: 'string' },
      orders: { type: 'string' },
      reviews: { type: 'string' },
      seed: { type: 'string' },
      now: { type: 'string' },
      force: { type: 'boolean', default: false },
    },
  });
}

runWhenMain(import.meta.url, (argv) => runScaleCommand(argv));
