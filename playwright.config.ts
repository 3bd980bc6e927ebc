// Playwright journeys in Debian's Chromium against the production build (`npm run build` first;
// `npm test` does that). The shop runs as `node apps/server/dist/server.js` on a free port with a
// brand-new embedded database in a temporary DATA_DIR, removed when the run ends.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';

/** The flags Debian's Chromium needs on this kind of machine; the benches read the same file. */
const CHROMIUM_ARGS: string[] = JSON.parse(
  readFileSync(join(import.meta.dirname, 'scripts/chromium-flags.json'), 'utf8'),
);
/** Asks the OS for a port nobody listens on (synchronously: the config must be known at load). */
function freePort(): string {
  const script =
    "const s=require('node:net').createServer();" +
    "s.listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close();});";
  return execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' }).trim();
}

// Playwright loads this file in the runner and again in every worker. The runner picks the port and
// the data folder and puts them in the environment, which the workers inherit.
const ownsDataDir = !process.env.AXLE_E2E_DATA_DIR;
process.env.E2E_PORT ||= freePort();
process.env.AXLE_E2E_DATA_DIR ||= mkdtempSync(join(tmpdir(), 'axle-e2e-'));
const port = process.env.E2E_PORT;
const dataDir = process.env.AXLE_E2E_DATA_DIR;
if (ownsDataDir) {
  // The runner exits after it has stopped the web server, so the database is closed by then.
  process.on('exit', () => rmSync(dataDir, { recursive: true, force: true }));
}

const baseURL = `http://127.0.0.1:${port}`;
const isCI = Boolean(process.env.CI);

export default defineConfig({
  testDir: 'e2e',
  outputDir: '.tmp/playwright-artifacts',
  fullyParallel: true,
  forbidOnly: isCI,
  workers: 2,
  retries: isCI ? 1 : 0,
  // A journey signs up through its e-mail, loads the shop ten times and pays: 12 s alone, and up to
  // three times that on two cores shared with a second worker's browser and the shop.
  timeout: 60_000,
  expect: { timeout: 7_000 },
  reporter: [['list'], ['json', { outputFile: '.tmp/playwright-results.json' }]],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      args: CHROMIUM_ARGS,
    },
    headless: true,
  },
  webServer: {
    command: 'node apps/server/dist/server.js',
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    env: {
      PORT: port,
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      // E-mailed links must point where the browser is; the suite signs up more users from one
      // address than a real visitor may in an hour.
      PUBLIC_URL: baseURL,
      RATE_LIMIT_SCALE: '20',
      DATABASE_URL: '',
      SEED_DEMO: '',
      NODE_ENV: 'production',
      // The integrations journey's webhook receiver listens on 127.0.0.1 (tests only).
      WEBHOOK_ALLOW_PRIVATE: 'true',
    },
  },
  projects: [
    {
      name: 'desktop',
      testIgnore: /\.phone\.spec\.ts$/,
      use: { ...devices['Desktop Chrome'], channel: undefined },
    },
    {
      name: 'phone',
      testMatch: /\.phone\.spec\.ts$/,
      use: {
        browserName: 'chromium',
        viewport: { width: 375, height: 740 },
        deviceScaleFactor: 2,
        isMobile: true,
        hasTouch: true,
      },
    },
  ],
});
