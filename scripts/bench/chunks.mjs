// What each web route makes the browser download before it is interactive, from the production
// build's manifest (apps/web/dist/.vite/manifest.json) and its list of routes
// (.vite/route-preloads.json, read from the router by apps/web/build/route-preloads.ts): the entry
// with everything it imports statically, plus the route's own lazy module with its static imports. Chunks a page imports
// dynamically (carousels, toasts, Stripe, …) load only when needed and are listed apart.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { kb, webDist } from './lib.mjs';

/** Initial JavaScript budgets, KB gzipped (docs/decisions/008): the home page, any other page. */
export const JS_BUDGET_KB = { home: 100, page: 118 };

export function routeChunks() {
  const manifest = JSON.parse(readFileSync(join(webDist, '.vite/manifest.json'), 'utf8'));
  const sizes = new Map();
  const gz = (file) => {
    if (!sizes.has(file))
      sizes.set(file, gzipSync(readFileSync(join(webDist, file)), { level: 9 }).length);
    return sizes.get(file);
  };
  /** The chunk of `key` and every chunk it imports statically, with their styles. */
  const closure = (key, seen = new Set()) => {
    const entry = manifest[key];
    if (!entry || seen.has(key)) return seen;
    seen.add(key);
    for (const imported of entry.imports ?? []) closure(imported, seen);
    return seen;
  };
  const filesOf = (keys) => {
    const js = new Set();
    const css = new Set();
    const lazy = new Set();
    for (const key of keys) {
      const entry = manifest[key];
      js.add(entry.file);
      for (const file of entry.css ?? []) css.add(file);
      for (const dynamic of entry.dynamicImports ?? []) lazy.add(dynamic);
    }
    return { js, css, lazy };
  };
  const sum = (files) => [...files].reduce((total, file) => total + gz(file), 0);

  const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
  const entryKeys = closure(entryKey);
  const entry = filesOf(entryKeys);
  const routes = JSON.parse(readFileSync(join(webDist, '.vite/route-preloads.json'), 'utf8'));
  const routeModules = new Set(routes.map((route) => route.module));
  // What the entry fetches when needed that is not a route's page (toasts, say).
  const entryOnDemand = [...entry.lazy].filter((key) => !routeModules.has(key));
  const rows = [
    ['route', 'module', 'initial JS gz', 'CSS gz', 'route chunks gz', 'on demand (gz)'],
  ];
  let homeJsGzip = 0;
  /** Routes over their budget, in words. */
  const misses = [];
  for (const route of routes) {
    const keys = closure(route.module, new Set(entryKeys));
    const files = filesOf(keys);
    const own = [...files.js].filter((file) => !entry.js.has(file));
    // Dynamic imports of the route's own chunks (the entry's are the other routes).
    const onDemand = [
      ...entryOnDemand,
      ...filesOf([...keys].filter((key) => !entryKeys.has(key))).lazy,
    ]
      .filter((key) => !keys.has(key))
      .map((key) => {
        const lazyFiles = filesOf(closure(key, new Set(keys)));
        const extra = [...lazyFiles.js].filter((file) => !files.js.has(file));
        return `${manifest[key].name} ${kb(sum(extra))}`;
      });
    const js = sum(files.js);
    if (route.path === '/') homeJsGzip = js;
    const budget = route.path === '/' ? JS_BUDGET_KB.home : JS_BUDGET_KB.page;
    if (js / 1024 > budget)
      misses.push(
        `${route.path} (${route.module}): ${kb(js)} of JavaScript gzipped, budget ${budget} KB`,
      );
    rows.push([
      route.path,
      route.module.replace(/^src\/(app\/)?/, ''),
      kb(js),
      kb(sum(files.css)),
      kb(sum(own)),
      onDemand.join(', ') || '—',
    ]);
  }
  return { rows, homeJsGzip, misses };
}
