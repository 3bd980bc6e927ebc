// Process entry: configuration → database (lock, open, migrate, seed) → HTTP → graceful shutdown.
import { existsSync } from 'node:fs';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { type Database, openEmbeddedDatabase, openPostgresDatabase } from './db/client.ts';
import { type DataDirLock, DataDirLockedError, lockDataDir } from './db/lock.ts';
import { isEmptyShop, seedDemo } from './db/seed/index.ts';
import { webDistFolder } from './paths.ts';

const SHUTDOWN_GRACE_MS = 10_000;

function fail(message: string): never {
  console.error(`\nAxle cannot start.\n${message}\n`);
  process.exit(1);
}

async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }

  let lock: DataDirLock | undefined;
  let database: Database;
  if (config.databaseUrl) {
    database = openPostgresDatabase(config.databaseUrl);
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
  const seed =
    config.seedDemo ?? (database.kind === 'embedded' && (await isEmptyShop(database.db)));

  const webRoot = existsSync(webDistFolder) ? webDistFolder : undefined;
  const app = await buildApp({
    database,
    webRoot,
    logger: {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
    },
  });
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
