// Process entry: configuration → database (lock, open, migrate, seed) → HTTP → graceful shutdown.
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { createOpenIdConnectProvider } from './adapters/identity/openid-connect.ts';
import { createMailer } from './adapters/mail/index.ts';
import { createStripeProvider } from './adapters/payments/stripe-provider.ts';
import { createVinDecoder } from './adapters/vin/vin-decoder.ts';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { type Database, openEmbeddedDatabase, openPostgresDatabase } from './db/client.ts';
import { type DataDirLock, DataDirLockedError, lockDataDir } from './db/lock.ts';
import { hasNoParts, seedDemo } from './db/seed/index.ts';
import { loadReferenceData } from './db/seed/reference.ts';
import { defaultAuthLimits, scaleAuthLimits } from './features/accounts/accounts.limits.ts';
import { accessTokenKey } from './features/accounts/sessions.tokens.ts';
import {
  defaultNewsletterLimits,
  scaleNewsletterLimits,
} from './features/newsletter/newsletter.limits.ts';
import { createLogger } from './http/request-log.ts';
import { webDistFolder } from './paths.ts';

const SHUTDOWN_GRACE_MS = 10_000;

function fail(message: string): never {
  console.error(`\nAxle cannot start.\n${message}\n`);
  process.exit(1);
}

/**
 * JWT_SECRET, or on the embedded database a secret generated once and kept in DATA_DIR. Several
 * instances on one PostgreSQL must share it, so there it has to be configured.
 */
function jwtSecret(config: ReturnType<typeof loadConfig>): string {
  if (config.jwtSecret) return config.jwtSecret;
  if (config.databaseUrl) {
    fail(
      'JWT_SECRET is required with DATABASE_URL: every instance must sign tokens with the same key (32+ characters).',
    );
  }
  const file = join(config.dataDir, 'jwt-secret');
  if (!existsSync(file))
    writeFileSync(file, randomBytes(48).toString('base64url'), { mode: 0o600 });
  return readFileSync(file, 'utf8').trim();
}

async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }

  // One logger for every line the server writes: the database's, the mailer's and Fastify's.
  const log = createLogger(config.logLevel);
  let lock: DataDirLock | undefined;
  let database: Database;
  if (config.databaseUrl) {
    database = openPostgresDatabase(config.databaseUrl, { log });
  } else {
    try {
      lock = lockDataDir(config.dataDir);
    } catch (error) {
      if (error instanceof DataDirLockedError) fail(error.message);
      throw error;
    }
    database = await openEmbeddedDatabase(config.dataDir);
  }

  await database.migrate();
  // An embedded shop without parts opens with the demo catalogue, also when its first admin was
  // made with the CLI before this start (README order); SEED_DEMO=false never seeds.
  const seed = config.seedDemo ?? (database.kind === 'embedded' && (await hasNoParts(database.db)));

  const secret = jwtSecret(config);
  const webRoot = existsSync(webDistFolder) ? webDistFolder : undefined;
  const redis = config.redisUrl
    ? new Redis(config.redisUrl, { maxRetriesPerRequest: 2, enableOfflineQueue: true })
    : undefined;
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    outboxDir: join(config.dataDir, 'outbox'),
    log,
  });
  const app = await buildApp({
    database,
    webRoot,
    uploadsDir: join(config.dataDir, 'uploads'),
    vinDecoder: createVinDecoder(join(config.dataDir, 'vpic')),
    orderLimits: config.orders,
    webhooks: { allowPrivate: config.webhookAllowPrivate },
    jobs: {
      // What is due is asked for twice a second (one indexed query when idle); a job committed
      // by any instance wakes every worker at once.
      pollMs: 500,
      recurring: {
        'deliver-webhooks': 2_000,
        'expire-unpaid-orders': 5 * 60_000,
        'reconcile-payments': 5 * 60_000,
        'prune-webhooks': 60 * 60_000,
        'purge-idempotency-keys': 60 * 60_000,
        // Once a day: the parts that fell below their reorder point (issue 33 #4).
        'mail-low-stock': 24 * 60 * 60_000,
      },
    },
    logger: log,
    httpTimeouts: config.httpTimeouts,
    invoicing: config.invoicing,
    shopTimeZone: config.shopTimeZone,
    accessKey: accessTokenKey(secret),
    publicUrl: config.publicUrl,
    mailer,
    redis,
    authLimits: scaleAuthLimits(defaultAuthLimits, config.rateLimitScale),
    newsletterLimits: scaleNewsletterLimits(defaultNewsletterLimits, config.rateLimitScale),
    stripe: config.stripe
      ? {
          provider: createStripeProvider({ secretKey: config.stripe.secretKey }),
          publishableKey: config.stripe.publishableKey,
          webhookSecret: config.stripe.webhookSecret,
        }
      : undefined,
    identityProvider: config.oidc
      ? createOpenIdConnectProvider({
          issuer: config.oidc.issuer,
          clientId: config.oidc.clientId,
          ...(config.oidc.clientSecret ? { clientSecret: config.oidc.clientSecret } : {}),
        })
      : undefined,
  });
  const referenceLoaded = await loadReferenceData(database.db);
  if (referenceLoaded.vehicles + referenceLoaded.categories > 0)
    app.log.info(referenceLoaded, 'vehicle list and category tree loaded');
  if (seed) {
    const inserted = await seedDemo(database.db);
    app.log.info(inserted, 'demo catalogue seeded');
  }
  if (!webRoot) app.log.warn('web app not built (run `npm run build`): serving the API only');

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    try {
      await app.close();
      await Promise.allSettled([mailer.close(), redis?.quit()]);
      await database.close();
    } finally {
      lock?.release();
    }
    process.exit(0);
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await database.close();
    lock?.release();
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE')
      fail(`Port ${config.port} is already in use. Set PORT to a free port.`);
    throw error;
  }
  app.log.info(
    `Axle is serving on http://${config.host}:${config.port} (${database.kind} database)`,
  );
}

await main();
