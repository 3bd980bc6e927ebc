import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';

/** One route of the app's router: its full path pattern and the page module it loads lazily. */
type RouteModule = { path: string; specifier: string };

/** What the server adds to index.html for an address: the page's own chunks, fetched at once. */
export type RoutePreload = { path: string; files: string[] };

/** Where the server finds the list (dist/.vite is not served). */
export const ROUTE_PRELOADS_FILE = '.vite/route-preloads.json';

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
function routesOf(array: Node, parent: string, out: RouteModule[]): void {
  for (const element of (array.elements as Node[] | undefined) ?? []) {
    if (element?.type !== 'ObjectExpression') continue;
    const pathNode = property(element, 'path');
    const segment = typeof pathNode?.value === 'string' ? pathNode.value : '';
    const path = segment.startsWith('/')
      ? segment
      : `${parent.replace(/\/$/, '')}/${segment}`.replace(/\/$/, '') || '/';
    const elementNode = property(element, 'element');
    const specifier = elementNode ? dynamicImport(elementNode) : undefined;
    if (specifier) out.push({ path: path || '/', specifier });
    const children = property(element, 'children');
    if (children?.type === 'ArrayExpression') routesOf(children, path, out);
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
  let routes: { path: string; id: string }[] = [];
  return {
    name: 'axle-route-preloads',
    apply: 'build',
    async buildStart() {
      const source = readFileSync(routerFile, 'utf8');
      const program = this.parse(source, { lang: 'tsx' }) as unknown as Node;
      const table = routeTable(program);
      if (!table) this.error(`${routerFile} has no \`routes\` array literal`);
      const found: RouteModule[] = [];
      routesOf(table, '', found);
      if (found.length === 0) this.error(`no lazy page found in ${routerFile}`);
      routes = [];
      for (const route of found) {
        const resolved = await this.resolve(route.specifier, routerFile);
        if (!resolved) this.error(`cannot resolve ${route.specifier} in ${routerFile}`);
        routes.push({ path: route.path, id: resolved.id });
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
      const preloads: RoutePreload[] = routes.map((route) => {
        const page = chunks.find((chunk) => chunk.facadeModuleId === route.id);
        if (!page) this.error(`no chunk for the page of ${route.path}`);
        const files = [...closure(page.fileName, new Set())].filter((file) => !loaded.has(file));
        return { path: route.path, files };
      });
      this.emitFile({
        type: 'asset',
        fileName: ROUTE_PRELOADS_FILE,
        source: `${JSON.stringify(preloads, null, 2)}\n`,
      });
    },
  };
}
