// `npm run user -- create --email E --password P --name N [--admin]`
// `npm run user -- promote --email E`
// Works on the configured database: PostgreSQL at any time; the embedded one only while the shop
// is stopped (one process per DATA_DIR), which it says plainly.
import { parseArgs } from 'node:util';
import { fullName, password, registerEmail } from '@axle/contract';
import { loadConfig } from '../config.ts';
import { type Database, openEmbeddedDatabase, openPostgresDatabase } from '../db/client.ts';
import { type DataDirLock, lockDataDir } from '../db/lock.ts';
import { createUser, promoteToAdmin } from '../features/accounts/accounts.service.ts';
import { runWhenMain } from './run.ts';

const usage = `Usage:
  npm run user -- create --email E --password P --name N [--admin]
  npm run user -- promote --email E`;

function check<T>(
  schema: {
    safeParse(
      value: unknown,
    ): { success: true; data: T } | { success: false; error: { issues: { message: string }[] } };
  },
  value: unknown,
  what: string,
): T {
  const result = schema.safeParse(value);
  if (!result.success) throw new Error(`${what}: ${result.error.issues[0]?.message ?? 'invalid'}`);
  return result.data;
}

export async function runUserCommand(
  argv: string[],
  env: NodeJS.ProcessEnv = process.env,
): Promise<string> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      email: { type: 'string' },
      password: { type: 'string' },
      name: { type: 'string' },
      admin: { type: 'boolean', default: false },
    },
  });
  const command = positionals[0];
  if (command !== 'create' && command !== 'promote') throw new Error(usage);
  const email = check(registerEmail, values.email ?? '', '--email');

  const config = loadConfig(env);
  let lock: DataDirLock | undefined;
  let database: Database;
  if (config.databaseUrl) {
    database = openPostgresDatabase(config.databaseUrl, { max: 1 });
  } else {
    lock = lockDataDir(config.dataDir);
    database = await openEmbeddedDatabase(config.dataDir);
  }
  try {
    await database.migrate();
    if (command === 'create') {
      const user = await createUser(
        { db: database.db },
        {
          email,
          name: check(fullName, values.name ?? '', '--name'),
          password: check(password, values.password ?? '', '--password'),
          admin: values.admin ?? false,
        },
      );
      return `Created ${user.role === 'admin' ? 'admin' : 'customer'} ${user.email}.`;
    }
    const user = await promoteToAdmin({ db: database.db }, email);
    return `${user.email} is now an admin.`;
  } finally {
    await database.close();
    lock?.release();
  }
}

runWhenMain(import.meta.url, (argv) => runUserCommand(argv));
