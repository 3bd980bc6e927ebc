import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import type { Plugin } from 'vite';

/**
 * One route of the app's router: its full path pattern, the page module it loads lazily, and the
 * lazy pages of the routes around it (a dashboard page shows inside the dashboard's).
 */
type RouteModule = { path: string; specifier: string; outer: string[] };

/**
 * A route of the built app: its path, its page's module (as the build's manifest names it) and
 * the page's own chunks, which the server names in the index.html it sends for that path (and
 * `npm run bench` weighs).
 */
export type RoutePreload = { path: string; module: string; files: string[] };

/** Where the server finds the list (dist/.vite is not served). */
export const ROUTE_PRELOADS_FILE = '.vite/route-preloads.json';

/**
 * The same list for the browser, without the source modules' names: each route's path and the
 * chunks its page loads. The page fetches it once it is idle and preloads the chunks of the page a
 * link leads to when the pointer or the focus reaches the link (src/lib/route-prefetch.ts), in
 * place of the preload lists the bundler would otherwise write into every chunk that imports a
 * page (docs/decisions/008).
 */
export const ROUTE_CHUNKS_FILE = 'route-chunks.json';

type Node = { type?: string; [key: string]: unknown };

const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && typeof (value as Node).type === 'string';

/** The value of `key: …` in an object literal, if the literal has it. */
function property(object: Node, key: string): Node | undefined {
  for (const prop of (object.properties as Node[] | undefined) ?? []) {
    const name = prop.key as Node | undefined;
    if (prop.type === 'Property' && name && (name.name === key || name.value === key)) {
      return prop.value as Node;
    }
  }
  return undefined;
}

/** The specifier of the first `import('…')` inside a node (the route's `page(() => import(…))`). */
function dynamicImport(node: unknown): string | undefined {
  if (Array.isArray(node)) {
    for (const item of node) {
      const found = dynamicImport(item);
      if (found) return found;
    }
    return undefined;
  }
  if (!isNode(node)) return undefined;
  if (node.type === 'ImportExpression') {
    const source = node.source as Node;
    return typeof source.value === 'string' ? source.value : undefined;
  }
  for (const [key, value] of Object.entries(node)) {
    if (key === 'type' || key === 'start' || key === 'end') continue;
    const found = dynamicImport(value);
    if (found) return found;
  }
  return undefined;
}

/** Every route object literal of the route table, with the full path React Router gives it. */
function routesOf(array: Node, parent: string, outer: string[], out: RouteModule[]): void {
  for (const element of (array.elements as Node[] | undefined) ?? []) {
    if (element?.type !== 'ObjectExpression') continue;
    const pathNode = property(element, 'path');
    const segment = typeof pathNode?.value === 'string' ? pathNode.value : '';
    const path = segment.startsWith('/')
      ? segment
      : `${parent.replace(/\/$/, '')}/${segment}`.replace(/\/$/, '') || '/';
    const elementNode = property(element, 'element');
    const specifier = elementNode ? dynamicImport(elementNode) : undefined;
    if (specifier) out.push({ path, specifier, outer });
    const children = property(element, 'children');
    if (children?.type === 'ArrayExpression') {
      routesOf(children, path, specifier ? [...outer, specifier] : outer, out);
    }
  }
}

/** The `routes` array literal of the router module. */
function routeTable(program: Node): Node | undefined {
  for (const statement of (program.body as Node[] | undefined) ?? []) {
    const declaration =
      statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement;
    if (!isNode(declaration) || declaration.type !== 'VariableDeclaration') continue;
    for (const declarator of (declaration.declarations as Node[] | undefined) ?? []) {
      const id = declarator.id as Node;
      const init = declarator.init as Node | undefined;
      if (id.name === 'routes' && init?.type === 'ArrayExpression') return init;
    }
  }
  return undefined;
}

/**
 * Writes, for every route of `routerFile`, the chunks its page loads (its own and what they import,
 * but not what the entry already loads), so the server can name them in the page it sends:
 * the browser then fetches a page's code beside the entry's instead of after it has run.
 */
export function routePreloads(routerFile: string): Plugin {
  let routes: { path: string; id: string; outerIds: string[] }[] = [];
  let viteRoot = '';
  return {
    name: 'axle-route-preloads',
    apply: 'build',
    configResolved(config) {
      viteRoot = config.root;
    },
    async buildStart() {
      const source = readFileSync(routerFile, 'utf8');
      const program = this.parse(source, { lang: 'tsx' }) as unknown as Node;
      const table = routeTable(program);
      if (!table) this.error(`${routerFile} has no \`routes\` array literal`);
      const found: RouteModule[] = [];
      routesOf(table, '', [], found);
      if (found.length === 0) this.error(`no lazy page found in ${routerFile}`);
      routes = [];
      const resolve = async (specifier: string) => {
        const resolved = await this.resolve(specifier, routerFile);
        if (!resolved) this.error(`cannot resolve ${specifier} in ${routerFile}`);
        return resolved.id;
      };
      for (const route of found) {
        routes.push({
          path: route.path,
          id: await resolve(route.specifier),
          outerIds: await Promise.all(route.outer.map(resolve)),
        });
      }
    },
    generateBundle(_options, bundle) {
      // Another page built with this configuration (the bench's baseline) has no routes.
      if (!this.getModuleInfo(routerFile)) return;
      const chunks = Object.values(bundle).filter((file) => file.type === 'chunk');
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const closure = (fileName: string, seen: Set<string>) => {
        if (seen.has(fileName)) return seen;
        seen.add(fileName);
        for (const imported of byFile.get(fileName)?.imports ?? []) closure(imported, seen);
        return seen;
      };
      const entry = chunks.find((chunk) => chunk.isEntry);
      const loaded = entry ? closure(entry.fileName, new Set()) : new Set<string>();
      const chunkOf = (id: string, path: string) => {
        const page = chunks.find((chunk) => chunk.facadeModuleId === id);
        if (!page) this.error(`no chunk for a page of ${path}`);
        return page.fileName;
      };
      const preloads: RoutePreload[] = routes.map((route) => {
        const pages = [...route.outerIds, route.id].map((id) => chunkOf(id, route.path));
        const needed = pages.reduce((seen, page) => closure(page, seen), new Set<string>());
        const files = [...needed].filter((file) => !loaded.has(file));
        return { path: route.path, module: relative(viteRoot, route.id), files };
      });
      this.emitFile({
        type: 'asset',
        fileName: ROUTE_PRELOADS_FILE,
        source: `${JSON.stringify(preloads, null, 2)}\n`,
      });
      this.emitFile({
        type: 'asset',
        fileName: ROUTE_CHUNKS_FILE,
        source: JSON.stringify(preloads.map(({ path, files }) => ({ path, files }))),
      });
    },
  };
}
