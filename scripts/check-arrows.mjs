// Keeps the dependency arrows of ARCHITECTURE.md honest (import cycles are Biome's
// noImportCycles rule). Prints each offending import and exits 1 when there is one.
//
//   contract ← features ← app; on the server routes → service → db/adapters.
//   - packages/contract imports only zod and itself.
//   - A feature never imports another feature's internals. Exceptions: a *.table.ts may import
//     another feature's *.table.ts (foreign keys); a *.service.ts or a use case may call another
//     feature's exported *.service.ts; a *.routes.ts may call any feature's use case. On the web
//     a feature imports another only through its public entry, features/<domain>/index.ts.
//   - Server use cases are the feature files named by what the shop does, with no kind in the
//     name (orders/place-order.ts, orders/cancel-order.ts): routes → use case → service → db. A
//     service never imports a use case.
//   - Web: lib/ and components/ import no feature and no app/; features import no app/.
//   - Server: http/ and db/ (but db/schema.ts and the seed, which gather tables) import no feature.
//   - Server: only route files (*.routes.ts), app.ts and server.ts import http/; services, use
//     cases, tables, adapters and domain/ speak the shop's words (errors and the caller from
//     domain/), never HTTP. domain/ imports nothing of the server.
//   - Nothing imports tests, e2e/ or bench/; the web and the server never import each other.
//   - Web: values from the contract's schemas (`@axle/contract`) only in what loads after a page
//     has been shown: a feature's form-rules.ts (lib/form.ts loads it). Everything else takes
//     types from it, and words and limits from `@axle/contract/texts` (ADR 008): one value from a
//     module with a schema brings all of that module's schemas, and zod, into the page.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const roots = ['packages/contract/src', 'apps/server/src', 'apps/server/test', 'apps/web/src'];
const importPattern =
  /(?:^|[\s;])(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

function* walk(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* walk(path);
    else if (/\.(ts|tsx)$/.test(name)) yield path;
  }
}

const isTest = (file) =>
  /\.test\.tsx?$/.test(file) || file.startsWith('apps/server/test/') || file.startsWith('e2e/');
/** A server use case: work across domains, one file named by what the shop does (place-order.ts). */
const isUseCase = (file) => /^apps\/server\/src\/features\/[^/]+\/[a-z0-9-]+\.ts$/.test(file);
const featureOf = (file) => file.match(/^apps\/(server|web)\/src\/features\/([^/]+)\//)?.[2];

function offence(from, target, spec) {
  if (isTest(target) && !isTest(from)) return 'imports a test';
  if (/^(e2e|bench)\//.test(target)) return 'imports e2e/ or bench/';
  const fromApp = from.split('/').slice(0, 2).join('/');
  const toApp = target.split('/').slice(0, 2).join('/');
  if (fromApp.startsWith('apps/') && toApp.startsWith('apps/') && fromApp !== toApp)
    return `${fromApp} imports ${toApp}`;
  if (from.startsWith('packages/contract/') && !target.startsWith('packages/contract/'))
    return 'the contract imports outside itself';
  if (isTest(from)) return null;

  const fromFeature = featureOf(from);
  const toFeature = featureOf(target);
  if (fromFeature && toFeature && fromFeature !== toFeature) {
    const tables = from.endsWith('.table.ts') && target.endsWith('.table.ts');
    const services =
      target.endsWith('.service.ts') && (/\.(service|routes)\.ts$/.test(from) || isUseCase(from));
    const useCase = isUseCase(target) && from.endsWith('.routes.ts');
    const publicEntry = /^apps\/web\/src\/features\/[^/]+\/index\.ts$/.test(target);
    if (!tables && !services && !useCase && !publicEntry)
      return `feature ${fromFeature} imports the internals of feature ${toFeature} (${spec})`;
  }
  if (isUseCase(target) && !from.endsWith('.routes.ts') && !isUseCase(from))
    return 'only route files (and other use cases) call a use case';
  if (
    from.startsWith('apps/web/src/') &&
    toFeature &&
    /^apps\/web\/src\/(lib|components)\//.test(from)
  )
    return 'a generic web module imports a feature';
  if (
    /^apps\/web\/src\/(lib|components|features)\//.test(from) &&
    target.startsWith('apps/web/src/app/')
  )
    return 'imports app/ (app composes features, not the other way round)';
  if (/^apps\/server\/src\/(http|db)\//.test(from) && toFeature) {
    const gathersTables =
      from === 'apps/server/src/db/schema.ts' || from.startsWith('apps/server/src/db/seed/');
    if (!(gathersTables && target.endsWith('.table.ts')))
      return 'a cross-cutting server module imports a feature';
  }
  if (
    target.startsWith('apps/server/src/http/') &&
    from.startsWith('apps/server/src/') &&
    !from.startsWith('apps/server/src/http/') &&
    !/\.routes\.ts$|^apps\/server\/src\/(app|server)\.ts$/.test(from)
  )
    return 'only route files and the app wiring import http/ (use domain/ for errors and the caller)';
  if (
    from.startsWith('apps/server/src/domain/') &&
    !target.startsWith('apps/server/src/domain/') &&
    target.startsWith('apps/server/')
  )
    return 'domain/ imports nothing of the server';
  if (
    /apps\/server\/src\/(app|server)\.ts$/.test(target) &&
    !/apps\/server\/src\/server\.ts$/.test(from)
  )
    return 'imports the app wiring';
  return null;
}

/** Web modules loaded after their page has been shown, which may take zod with them. */
const loadedLater = /^apps\/web\/src\/features\/[^/]+\/form-rules\.ts$/;

const problems = [];
for (const base of roots) {
  for (const path of walk(join(root, base))) {
    const from = relative(root, path);
    const source = readFileSync(path, 'utf8');
    for (const match of source.matchAll(importPattern)) {
      const spec = match[1] ?? match[2];
      let target;
      if (spec.startsWith('.')) target = relative(root, resolve(dirname(path), spec));
      else if (spec.startsWith('@axle/contract')) target = 'packages/contract/src/index.ts';
      else continue;
      const why = offence(from, target, spec);
      if (why) problems.push(`${from}: ${why} — ${spec}`);
      const valueImport = !/^[\s;]*(import|export)\s+type\s/.test(match[0]);
      if (
        spec === '@axle/contract' &&
        valueImport &&
        from.startsWith('apps/web/src/') &&
        !isTest(from) &&
        !loadedLater.test(from)
      )
        problems.push(
          `${from}: takes a value from the contract's schemas on a page's first load (use @axle/contract/texts, or form-rules.ts) — ${spec}`,
        );
    }
  }
}

if (problems.length > 0) {
  console.error(`Dependency arrows broken (ARCHITECTURE.md):\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log('Dependency arrows: ok');
