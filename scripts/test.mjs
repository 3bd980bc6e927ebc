// `npm test`: every test of the shop, then one summary line.
//
//   1. Vitest: the contract rules and the API suite (embedded PGlite, and PostgreSQL too when
//      TEST_DATABASE_URL is set), as vitest.config.ts lists them.
//   2. Playwright: builds the production app and runs the e2e journeys in Debian's Chromium.
//
// The last line printed is `N passed, N failed` (`, N skipped` when some were skipped), summed over
// both runners. The exit code is non-zero on any failure, when a runner crashed, or when Chromium
// is missing.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const tmp = join(root, '.tmp');
const vitestJson = join(tmp, 'vitest-results.json');
const playwrightJson = join(tmp, 'playwright-results.json');
const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

const totals = { passed: 0, failed: 0, skipped: 0 };
const problems = [];

function run(command, args, env = {}) {
  console.log(`\n$ ${[command, ...args].join(' ')}`);
  return new Promise((done) => {
    const child = spawn(command, args, {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, ...env },
    });
    child.on('error', (error) => done({ code: 1, error }));
    child.on('exit', (code, signal) => done({ code: code ?? 1, signal }));
  });
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

/** A runner that failed without reporting a failed test still counts as one failure. */
function runnerFailed(name, result) {
  const how = result.signal ? `was stopped by ${result.signal}` : `exited with ${result.code}`;
  problems.push(`${name} ${how} without reporting a failed test (see its output above)`);
  totals.failed += 1;
}

const seconds = (since) => `${((Date.now() - since) / 1000).toFixed(0)} s`;

async function vitest() {
  const started = Date.now();
  rmSync(vitestJson, { force: true });
  const result = await run('npx', [
    '--no',
    'vitest',
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${vitestJson}`,
  ]);
  const report = readJson(vitestJson);
  let failed = 0;
  if (report) {
    const tests = report.testResults.flatMap((file) => file.assertionResults);
    totals.passed += tests.filter((test) => test.status === 'passed').length;
    failed = tests.filter((test) => test.status === 'failed').length;
    totals.skipped += tests.filter((test) =>
      ['skipped', 'pending', 'todo', 'disabled'].includes(test.status),
    ).length;
    // A file that failed to load or whose hooks failed reports no failed test: count the file.
    failed += report.testResults.filter(
      (file) =>
        file.status === 'failed' && !file.assertionResults.some((test) => test.status === 'failed'),
    ).length;
    totals.failed += failed;
  }
  if (result.code !== 0 && failed === 0) runnerFailed('Vitest', result);
  console.log(`\nVitest finished in ${seconds(started)}.`);
}

async function playwright() {
  if (!existsSync(chromium)) {
    problems.push(
      `Chromium was not found at ${chromium}, so the browser tests did not run.\n` +
        '  Install it with:  apt-get install -y chromium\n' +
        '  (or point CHROMIUM_PATH at a Chromium binary)',
    );
    totals.failed += 1;
    return;
  }
  const buildStarted = Date.now();
  const build = await run('npm', ['run', 'build']);
  if (build.code !== 0) {
    problems.push('`npm run build` failed, so the browser tests did not run (see above).');
    totals.failed += 1;
    return;
  }
  console.log(`\nBuild finished in ${seconds(buildStarted)}.`);

  const started = Date.now();
  rmSync(playwrightJson, { force: true });
  const result = await run('npx', ['--no', 'playwright', 'test'], { CHROMIUM_PATH: chromium });
  const report = readJson(playwrightJson);
  let failed = 0;
  if (report?.stats) {
    const { expected = 0, unexpected = 0, flaky = 0, skipped = 0 } = report.stats;
    totals.passed += expected + flaky;
    totals.skipped += skipped;
    failed = unexpected;
    // Errors outside any test (the web server did not start, a spec did not load, …).
    if (failed === 0 && report.errors?.length) failed = report.errors.length;
    totals.failed += failed;
  }
  if (result.code !== 0 && failed === 0) runnerFailed('Playwright', result);
  console.log(`\nPlaywright finished in ${seconds(started)}.`);
}

const started = Date.now();
mkdirSync(tmp, { recursive: true });
await vitest();
await playwright();

console.log(`\nAll tests finished in ${seconds(started)}.`);
for (const problem of problems) console.error(`\n${problem}`);
const summary = `${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`;
console.log(`\n${summary}`);
process.exitCode = totals.failed > 0 ? 1 : 0;
