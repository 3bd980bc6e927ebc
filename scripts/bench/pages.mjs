// `npm run bench:pages`: page speed of the production build, with budgets (docs/PERFORMANCE.md).
//
// It (re)builds the app when a source is newer than the build, builds a minimal React page with
// the web app's own Vite configuration into apps/web/dist/bench-baseline/ (removed afterwards),
// starts apps/server/dist/server.js on a fresh temporary DATA_DIR with the demo catalogue, so the
// baseline is served exactly like the shop's pages, and runs Lighthouse (the npm package, Debian's
// Chromium) on /, /parts, /login and the baseline with the mobile and the desktop presets.
//
// Budgets: performance within 5 points of the baseline on mobile and 100 on desktop;
// accessibility, best practices and SEO 100 on every page and preset. It also prints every web
// route's initial JavaScript (budgets: the home route 100 KB gzipped, any other 118 KB). Exits 1 when a budget is
// missed, 2 when the bench itself failed, 3 past its time limit (3 minutes).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { build as viteBuild } from 'vite';
import { routeChunks } from './chunks.mjs';
import {
  build,
  buildOutdated,
  CHROMIUM,
  CHROMIUM_FLAGS,
  onStop,
  printTable,
  root,
  startShop,
  stopChildren,
  stopProcess,
  watchdog,
  webDist,
  within,
} from './lib.mjs';

const TIME_LIMIT_MS = 178_000;
const BUDGET = { mobileBehindBaseline: 5, desktopPerformance: 100, otherCategories: 100 };
const BASELINE_DIR = 'bench-baseline';
/** Where the full Lighthouse reports are kept. */
const REPORTS = join(root, '.tmp/bench-pages');
// The file itself: @fastify/static answers a folder URL whose index.html has no compressed copy
// with the root's compressed index.html.
const BASELINE_PATH = `/${BASELINE_DIR}/index.html`;
const PAGES = ['/', '/parts', '/login'];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

const started = Date.now();
watchdog(TIME_LIMIT_MS, 'npm run bench:pages');
const log = (line) =>
  console.log(`[${((Date.now() - started) / 1000).toFixed(0).padStart(3)} s] ${line}`);

/** The baseline, built by the web app's own Vite configuration (same plugins, same compression). */
async function buildBaseline() {
  await viteBuild({
    configFile: join(root, 'apps/web/vite.config.ts'),
    root: join(root, 'scripts/bench/baseline'),
    base: `/${BASELINE_DIR}/`,
    logLevel: 'warn',
    build: { outDir: join(webDist, BASELINE_DIR), emptyOutDir: true, manifest: false },
  });
}

const ms = (audit) => (audit?.numericValue === undefined ? '—' : Math.round(audit.numericValue));

/** What a category lost points on: its audits that did not pass. */
function misses(lhr, category) {
  return lhr.categories[category].auditRefs
    .map((ref) => lhr.audits[ref.id])
    .filter(
      (audit) =>
        audit &&
        audit.score !== null &&
        audit.score < (category === 'performance' ? 0.9 : 1) &&
        audit.scoreDisplayMode !== 'informative' &&
        audit.scoreDisplayMode !== 'manual',
    )
    .map((audit) => `${audit.id}${audit.displayValue ? ` (${audit.displayValue})` : ''}`);
}

/** Lighthouse's own recording failures, which it asks to be run again (not the page's fault). */
const RETRYABLE = new Set(['NO_NAVSTART', 'NO_FCP', 'PROTOCOL_TIMEOUT']);

async function audit(port, url, preset, attempt = 1) {
  const config = preset === 'desktop' ? desktopConfig : undefined;
  const result = await within(
    60_000,
    `Lighthouse on ${url} (${preset})`,
    lighthouse(
      url,
      { port, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES },
      config,
    ),
  );
  const { lhr } = result;
  if (lhr.runtimeError && RETRYABLE.has(lhr.runtimeError.code) && attempt < 3) {
    console.log(`  (Lighthouse: ${lhr.runtimeError.code} on ${url}; running it again)`);
    return audit(port, url, preset, attempt + 1);
  }
  if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.message}`);
  const path = new URL(url).pathname;
  const name = path === BASELINE_PATH ? 'baseline' : path.replace(/\//g, '') || 'home';
  writeFileSync(join(REPORTS, `${preset}-${name}.json`), JSON.stringify(lhr));
  const scores = Object.fromEntries(
    CATEGORIES.map((id) => [id, Math.round((lhr.categories[id].score ?? 0) * 100)]),
  );
  return {
    scores,
    metrics: {
      fcp: ms(lhr.audits['first-contentful-paint']),
      lcp: ms(lhr.audits['largest-contentful-paint']),
      tbt: ms(lhr.audits['total-blocking-time']),
      cls: lhr.audits['cumulative-layout-shift']?.numericValue?.toFixed(3) ?? '—',
      si: ms(lhr.audits['speed-index']),
    },
    misses: Object.fromEntries(CATEGORIES.map((id) => [id, misses(lhr, id)])),
  };
}

async function main() {
  console.log(
    `Axle page bench: ${cpus().length} cores (${cpus()[0]?.model.trim()}), ${(totalmem() / 2 ** 30).toFixed(1)} GiB, Node ${process.version}, Lighthouse 12`,
  );
  const outdated = buildOutdated();
  if (outdated) {
    log(`building the production app (${outdated})`);
    await build(90_000);
  }
  const workDir = mkdtempSync(join(tmpdir(), 'axle-bench-pages-'));
  mkdirSync(REPORTS, { recursive: true });
  let shop;
  let chrome;
  const rows = [];
  const removeBaseline = () =>
    rmSync(join(webDist, BASELINE_DIR), { recursive: true, force: true });
  onStop(removeBaseline);
  try {
    await within(60_000, 'building the baseline page', buildBaseline());
    shop = await startShop({ workDir, label: 'pages', env: { LOG_LEVEL: 'warn' } });
    chrome = await within(
      30_000,
      'starting Chromium',
      chromeLauncher.launch({
        chromePath: CHROMIUM,
        chromeFlags: ['--headless=new', ...CHROMIUM_FLAGS],
        logLevel: 'error',
      }),
    );
    const launched = chrome;
    onStop(() => launched.kill());
    log(`shop ${shop.url}, Chromium on port ${chrome.port}`);
    for (const preset of ['mobile', 'desktop']) {
      for (const path of [BASELINE_PATH, ...PAGES]) {
        const result = await audit(chrome.port, shop.url + path, preset);
        rows.push({ preset, path, ...result });
        log(`  ${preset} ${path}: ${CATEGORIES.map((id) => result.scores[id]).join(' / ')}`);
      }
    }
  } finally {
    await chrome?.kill();
    if (shop) await stopProcess(shop.child);
    removeBaseline();
    rmSync(workDir, { recursive: true, force: true });
  }

  const failures = [];
  const table = [
    [
      'preset',
      'page',
      'perf',
      'a11y',
      'best pr.',
      'SEO',
      'FCP ms',
      'LCP ms',
      'TBT ms',
      'CLS',
      'SI ms',
    ],
  ];
  for (const row of rows) {
    const baseline = rows.find((r) => r.preset === row.preset && r.path === BASELINE_PATH);
    const isBaseline = row.path === BASELINE_PATH;
    const { scores, metrics } = row;
    table.push([
      row.preset,
      isBaseline ? 'baseline (minimal React)' : row.path,
      scores.performance,
      scores.accessibility,
      scores['best-practices'],
      scores.seo,
      metrics.fcp,
      metrics.lcp,
      metrics.tbt,
      metrics.cls,
      metrics.si,
    ]);
    if (isBaseline) continue;
    const perfBudget =
      row.preset === 'mobile'
        ? (baseline?.scores.performance ?? 100) - BUDGET.mobileBehindBaseline
        : BUDGET.desktopPerformance;
    const missed = [];
    if (scores.performance < perfBudget)
      missed.push(`performance ${scores.performance} < ${perfBudget}`);
    for (const id of ['accessibility', 'best-practices', 'seo'])
      if (scores[id] < BUDGET.otherCategories) missed.push(`${id} ${scores[id]}`);
    if (missed.length > 0) {
      const why = CATEGORIES.flatMap((id) => row.misses[id]).join(', ');
      failures.push(`${row.preset} ${row.path}: ${missed.join(', ')} — ${why}`);
    }
  }
  console.log('\nLighthouse 12 (scores 0–100; metrics as Lighthouse reports them)\n');
  printTable(table, { alignLeft: 2 });
  console.log(`\nAudits below par (performance: under 0.9); full reports in ${REPORTS}`);
  for (const row of rows) {
    const all = CATEGORIES.flatMap((id) => row.misses[id]);
    console.log(`  ${row.preset} ${row.path}: ${all.join(', ') || 'none'}`);
  }

  console.log('\nWeb routes: initial JavaScript and CSS, gzipped (from the production build)\n');
  const chunks = routeChunks();
  printTable(chunks.rows, { alignLeft: 2 });
  failures.push(...chunks.misses);

  console.log('');
  for (const failure of failures) console.log(`BUDGET MISSED: ${failure}`);
  console.log(
    `${failures.length === 0 ? 'all page budgets met' : `${failures.length} page budget(s) missed`} in ${((Date.now() - started) / 1000).toFixed(0)} s`,
  );
  return failures.length === 0 ? 0 : 1;
}

main().then(
  (code) => {
    stopChildren();
    process.exit(code);
  },
  (error) => {
    console.error(`\nThe page bench failed: ${error.stack ?? error}`);
    stopChildren();
    process.exit(2);
  },
);
