// Builds the app on a fresh database for one test file: the migrated PGlite snapshot by default,
// or a database of its own on the PostgreSQL server of TEST_DATABASE_URL (dropped afterwards).
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { inject } from 'vitest';
import type { MailMessage } from '../src/adapters/mail/mailer.ts';
import { type App, type AppDeps, buildApp } from '../src/app.ts';
import {
  type Database,
  embeddedDatabase,
  openPostgresDatabase,
  pgliteExtensions,
} from '../src/db/client.ts';
import { defaultInvoicing } from '../src/features/invoices/invoices.service.ts';
import type { OrderMail } from '../src/features/orders/order-mails.service.ts';
import { defaultOrderLimits } from '../src/features/orders/orders.service.ts';

export const testDatabaseKind = process.env.AXLE_TEST_DB === 'postgres' ? 'postgres' : 'embedded';

export type TestDatabase = Database & {
  dispose(): Promise<void>;
  /** The connection string of a PostgreSQL test database (for server processes started on it). */
  url?: string;
};

async function openPostgresTestDatabase(baseUrl: string): Promise<TestDatabase> {
  const name = `axle_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const database = openPostgresDatabase(url.toString(), { max: 4 });
  await database.migrate();
  return {
    ...database,
    url: url.toString(),
    async dispose() {
      await database.close();
      // pool.end() resolves before every socket has closed; dropping the database while one is
      // still open would kill that connection mid-close. Wait (bounded) until they are gone.
      for (let tries = 0; tries < 50; tries++) {
        const { rows } = await admin.query(
          'SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1',
          [name],
        );
        if (rows[0]?.n === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

export async function openTestDatabase(): Promise<TestDatabase> {
  if (testDatabaseKind === 'postgres') {
    const baseUrl = process.env.TEST_DATABASE_URL;
    if (!baseUrl) throw new Error('AXLE_TEST_DB=postgres needs TEST_DATABASE_URL');
    return openPostgresTestDatabase(baseUrl);
  }
  const snapshot = new Blob([await readFile(inject('pgliteSnapshot'))]);
  const client = await PGlite.create({ loadDataDir: snapshot, extensions: pgliteExtensions });
  const database = embeddedDatabase(client);
  return { ...database, dispose: () => database.close() };
}

export const TEST_PUBLIC_URL = 'http://shop.test';

/**
 * The queue's worker does not poll in API tests: after each call the test makes, the jobs it
 * queued run at once, so that its mail is there when the call's reply is (as the worker's poll
 * would send it a moment later).
 */
export function drainAfterEachCall(app: App): void {
  const inject = app.inject.bind(app) as (options: unknown) => Promise<unknown>;
  Object.assign(app, {
    inject: async (options: unknown) => {
      const reply = await inject(options);
      await app.jobs.drain();
      return reply;
    },
  });
}

const mailboxes = new WeakMap<object, MailMessage[]>();

/** Where an app built here keeps its mail (for test helpers that only get the app). */
export function mailboxOf(app: object): MailMessage[] | undefined {
  return mailboxes.get(app);
}

/** Remembers the mail of an app a test builds itself, for `mailboxOf`. */
export function rememberMailbox(app: object, mail: MailMessage[]): void {
  mailboxes.set(app, mail);
}

/**
 * What the order use cases take besides the database and the card provider, for a test that calls
 * one itself: links to the test shop, no tax. Their mail is queued; `drain` of the app sends it.
 */
export function orderWorld() {
  const orderMail: OrderMail = { publicUrl: TEST_PUBLIC_URL };
  return { mail: orderMail, invoicing: defaultInvoicing };
}

/**
 * The app as production builds it, on a fresh database, with mail kept in `mail` (newest last),
 * rate limits counted in memory, a random token key, a temporary uploads folder and room for
 * many unpaid orders per customer. Any dependency can
 * be replaced.
 */
export async function createTestApp(
  overrides: Partial<Omit<AppDeps, 'database'>> = {},
  /** A database opened otherwise (through a fault proxy); a fresh test database by default. */
  opened?: TestDatabase,
) {
  const database = opened ?? (await openTestDatabase());
  const mail: MailMessage[] = [];
  const uploadsDir = await mkdtemp(join(tmpdir(), 'axle-uploads-'));
  const deps: AppDeps = {
    uploadsDir,
    // Test customers place many orders; the cap on unpaid ones has its own tests (unpaid-orders).
    orderLimits: { ...defaultOrderLimits, unpaidPerCustomer: 1000 },
    accessKey: randomBytes(32),
    publicUrl: TEST_PUBLIC_URL,
    mailer: { send: async (message) => void mail.push(message) },
    ...overrides,
    database,
  };
  const app = await buildApp(deps);
  await app.ready();
  drainAfterEachCall(app);
  rememberMailbox(app, mail);
  return {
    app,
    db: database.db,
    database,
    mail,
    accessKey: deps.accessKey,
    async close() {
      await app.close();
      await database.dispose();
      await rm(uploadsDir, { recursive: true, force: true });
    },
  };
}
