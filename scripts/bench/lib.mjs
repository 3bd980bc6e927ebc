// Helpers of `npm run bench`: child processes that are always stopped, time limits, a free port,
// the build check and the table printer.
import { spawn } from 'node:child_process';
import { closeSync, openSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';

export const root = resolve(import.meta.dirname, '..', '..');
export const serverBundle = join(root, 'apps/server/dist/server.js');
export const userCli = join(root, 'apps/server/dist/user.js');
export const webDist = join(root, 'apps/web/dist');

/** Every child this run started, so the watchdog and the exit handler can stop them (by pid). */
const children = new Set();
/** How to stop what was started some other way (Chromium, through chrome-launcher). */
const stoppers = new Set();

/** Registers how to stop something this run started; returns the function that unregisters it. */
export function onStop(stop) {
  stoppers.add(stop);
  return () => stoppers.delete(stop);
}

export function stopChildren() {
  for (const child of children) {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }
  children.clear();
  for (const stop of stoppers) {
    try {
      stop();
    } catch {
      // already gone
    }
  }
  stoppers.clear();
}
process.on('exit', stopChildren);

/**
 * Ends the whole run after `ms`, whatever is still going on: a benchmark must never hang a
 * terminal or a CI job.
 */
export function watchdog(ms, label) {
  const timer = setTimeout(() => {
    console.error(`\n${label} did not finish within ${Math.round(ms / 1000)} s: stopped.`);
    stopChildren();
    process.exit(3);
  }, ms);
  timer.unref();
}

/** Rejects when `promise` takes longer than `ms`. */
export function within(ms, what, promise) {
  let timer;
  const late = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took longer than ${ms / 1000} s`)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

export const sleep = (ms) => new Promise((done) => setTimeout(done, ms));

export function freePort() {
  return new Promise((done, fail) => {
    const server = createServer();
    server.on('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => done(port));
    });
  });
}

/** Starts a child whose output goes to `logFile` (read back when it fails to start). */
export function startProcess(args, { env = {}, logFile }) {
  const fd = openSync(logFile, 'a');
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', fd, fd],
  });
  closeSync(fd);
  children.add(child);
  child.on('exit', () => children.delete(child));
  return child;
}

/** Stops a child this run started and waits (bounded) for it to exit. */
export async function stopProcess(child, graceMs = 5000) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((done) => child.once('exit', done));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
}

/** Runs a command to completion (bounded); resolves with its output, rejects on failure. */
function run(command, args, { env = {}, timeoutMs }) {
  return new Promise((done, fail) => {
    const child = spawn(command, args, {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.add(child);
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('exit', (code) => {
      clearTimeout(timer);
      children.delete(child);
      if (code === 0) done(output);
      else fail(new Error(`${command} ${args.join(' ')} failed (${code}):\n${output}`));
    });
  });
}

/** Runs a node script to completion (bounded); resolves with its output, rejects on failure. */
export function runNode(args, { env = {}, timeoutMs = 30_000 } = {}) {
  return run(process.execPath, args, { env, timeoutMs });
}

/** Makes an admin account with the shop's user command, in the database `env.DATABASE_URL` names. */
export function createAdmin(env, email, password) {
  const args = ['create', '--email', email, '--password', password, '--name', 'Bench Admin'];
  return runNode([userCli, ...args, '--admin'], { env, timeoutMs: 60_000 });
}

export function tail(file, lines = 20) {
  try {
    return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '';
  }
}

/** Polls `url` until it answers 200, the process exits, or `ms` pass. */
export async function waitForHttp(url, child, ms, logFile) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (child.exitCode !== null) break;
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  throw new Error(`${url} did not come up within ${ms / 1000} s:\n${tail(logFile)}`);
}

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      if (name !== 'node_modules' && name !== 'dist') yield* files(path);
    } else yield path;
  }
}

function newest(dirs) {
  let latest = 0;
  for (const dir of dirs)
    for (const file of files(dir)) latest = Math.max(latest, statSync(file).mtimeMs);
  return latest;
}

/**
 * Why the production build must be (re)made, or null when it is current: missing, or older than a
 * source file of the web app, the server or the contract.
 */
export function buildOutdated() {
  const builtFiles = [
    serverBundle,
    join(webDist, 'index.html'),
    join(webDist, '.vite/manifest.json'),
  ];
  let built = Number.POSITIVE_INFINITY;
  for (const file of builtFiles) {
    try {
      built = Math.min(built, statSync(file).mtimeMs);
    } catch {
      return `${file.slice(root.length + 1)} is missing`;
    }
  }
  const sources = newest(
    [
      'apps/web/src',
      'apps/web/public',
      'apps/server/src',
      'apps/server/drizzle',
      'packages/contract/src',
    ].map((dir) => join(root, dir)),
  );
  return sources > built ? 'a source file is newer than the build' : null;
}

/** Runs `npm run build` (bounded), printing only a failure. */
export async function build(timeoutMs) {
  await run('npm', ['run', 'build', '--silent'], { timeoutMs });
}

/**
 * Starts the production bundle on a fresh DATA_DIR in `workDir` with the demo catalogue and the
 * offline adapters (no PostgreSQL, Redis, SMTP, Stripe or Google from the environment); `env` adds
 * to or overrides that; `nodeArgs` go to node before the bundle (`--cpu-prof`). Resolves once it
 * answers its health check.
 */
export async function startShop({ workDir, label, env = {}, nodeArgs = [] }) {
  const port = await freePort();
  const logFile = join(workDir, `shop-${label}.log`);
  const child = startProcess([...nodeArgs, serverBundle], {
    logFile,
    env: {
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: join(workDir, `data-${label}`),
      SEED_DEMO: 'true',
      DATABASE_URL: '',
      REDIS_URL: '',
      SMTP_URL: '',
      STRIPE_SECRET_KEY: '',
      STRIPE_PUBLISHABLE_KEY: '',
      OIDC_CLIENT_ID: '',
      ...env,
    },
  });
  const url = `http://127.0.0.1:${port}`;
  await waitForHttp(`${url}/api/health`, child, 30_000, logFile);
  return { child, url, logFile };
}

/** Prints rows of strings as an aligned table (first row: the header). */
export function printTable(rows, { alignLeft = 1 } = {}) {
  const widths = rows[0].map((_, column) =>
    Math.max(...rows.map((row) => String(row[column]).length)),
  );
  const line = (row) =>
    row
      .map((cell, column) =>
        column < alignLeft
          ? String(cell).padEnd(widths[column])
          : String(cell).padStart(widths[column]),
      )
      .join('  ');
  console.log(line(rows[0]));
  console.log(widths.map((width) => '-'.repeat(width)).join('  '));
  for (const row of rows.slice(1)) console.log(line(row));
}

export const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

/** Debian's Chromium, as the README says to install it, with the flags this machine needs (shared
 * with playwright.config.ts). */
export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
export const CHROMIUM_FLAGS = JSON.parse(
  readFileSync(join(root, 'scripts/chromium-flags.json'), 'utf8'),
);
