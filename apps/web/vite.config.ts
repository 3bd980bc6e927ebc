import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { routePreloads } from './build/route-preloads.ts';

const apiPort = process.env.PORT ?? '3000';

/** Text files worth compressing; smaller ones go as they are (the server's own rule, too). */
const COMPRESSIBLE = /\.(js|css|html|svg|txt|json)$/;
const COMPRESS_MIN_BYTES = 1024;

/**
 * Writes a brotli (.br) and a gzip (.gz) copy next to each text file of the build, at the highest
 * levels, once: the server sends the copy the browser accepts (@fastify/static's preCompressed),
 * so no page or script is compressed per request.
 */
function precompress(): Plugin {
  let outDir = '';
  const brotli = promisify(brotliCompress);
  const gz = promisify(gzip);
  async function* files(dir: string): AsyncGenerator<string> {
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      // .vite holds the manifest, which the server does not serve.
      if (entry.isDirectory()) {
        if (entry.name !== '.vite') yield* files(path);
      } else if (COMPRESSIBLE.test(entry.name)) yield path;
    }
  }
  return {
    name: 'axle-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    async closeBundle() {
      const jobs: Promise<void>[] = [];
      for await (const file of files(outDir)) {
        if ((await stat(file)).size < COMPRESS_MIN_BYTES) continue;
        const bytes = await readFile(file);
        jobs.push(
          brotli(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).then((br) =>
            writeFile(`${file}.br`, br),
          ),
          gz(bytes, { level: 9 }).then((gzipped) => writeFile(`${file}.gz`, gzipped)),
        );
      }
      await Promise.all(jobs);
    },
  };
}

export default defineConfig({
  root: import.meta.dirname,
  plugins: [
    react(),
    tailwindcss(),
    precompress(),
    routePreloads(join(import.meta.dirname, 'src/app/router.tsx')),
  ],
  resolve: {
    // react-toastify's default entry injects a <style> tag, which the CSP (style-src 'self')
    // blocks; its unstyled entry plus ReactToastify.css is the same library without that.
    alias: [
      { find: /^react-toastify$/, replacement: 'react-toastify/unstyled' },
      // zod without its `new Function` probe, which the CSP reports (src/lib/zod.ts).
      { find: /^zod$/, replacement: join(import.meta.dirname, 'src/lib/zod.ts') },
    ],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // No preload list in the chunks that import a page (about 1 KB gzipped in the entry alone):
    // the server names the first page's chunks in its HTML, and src/lib/route-prefetch.ts those
    // of the page a link leads to, from the build's route-chunks.json (docs/decisions/008).
    modulePreload: false,
    // dist/.vite/manifest.json: which chunks and styles each route loads (printed by `npm run bench`).
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              // React, the router and TanStack Query change rarely: their own chunk stays cached
              // across releases. Only what the first page needs ($initial): a library module
              // that only some pages use loads with them.
              name: 'react',
              tags: ['$initial'],
              test: /node_modules[\\/](react|react-dom|react-router|scheduler|@tanstack)[\\/]/,
            },
            {
              // The rest of what the entry imports statically: the shell every page needs, in one
              // chunk. Left alone, Rolldown gives each module that a lazy page imports too a chunk
              // of its own (rolldown/rolldown#10731): some twenty small files that compress worse.
              name: 'shell',
              tags: ['$initial'],
            },
            {
              // The catalogue's pieces (cards, grid, prices, their words, and the hook that asks for
              // a company member's own prices) that the home page's list and /parts share: one
              // chunk rather than several small ones. The home page loads it after its first paint,
              // as its list is shown (its call and its list's words are the page's own).
              name: 'catalog',
              includeDependenciesRecursively: false,
              test: /(catalog[\\/](components[\\/](Part(Grid|Card)|PriceLine)\.tsx|strings\.ts|paths\.ts)|cart[\\/]components[\\/]AddToCartButton\.tsx|companies[\\/]member-prices\.ts)$/,
            },
            {
              // Tiny modules the home page and most others share (the catalogue's and the company's
              // query keys, the price format): one file rather than three.
              name: 'keys',
              includeDependenciesRecursively: false,
              test: /(catalog[\\/]keys\.ts|companies[\\/]keys\.ts|lib[\\/]money\.ts)$/,
            },
            {
              // What "Add to cart" does and the navbar's cart link need (the cart's calls, the
              // visitor's cart in the browser, their words): one chunk, fetched after the first
              // paint, so that a card's button names one file to load rather than six.
              name: 'cart',
              includeDependenciesRecursively: false,
              test: /cart[\\/](add-to-cart|api|keys|visitor-cart|button-strings)\.ts$|contract[\\/]src[\\/]buying-texts\.ts$/,
            },
            {
              // What a cart or order line says of its stock (where it ships from, what of it is
              // backordered) and the day format they share: one chunk for the order pages rather
              // than three small ones.
              name: 'line-stock',
              includeDependenciesRecursively: false,
              test: /warehouses[\\/](ships-from|backorder-text|stock-strings)\.ts$/,
            },
            {
              // An address as its fields hold it (the blank one): apart from the fields, which the
              // checkout loads only when a new address is chosen; Rolldown put the two together.
              name: 'address-values',
              includeDependenciesRecursively: false,
              test: /addresses[\\/]components[\\/]address-values\.ts$/,
            },
            {
              // The sign-in pages' shared pieces (their screen, fields, Google button, calls, the
              // signing in itself and words): one chunk for /login, /register and the pages
              // e-mailed links open, rather than six small ones each page would wait for in turn on
              // a slow phone.
              name: 'accounts',
              // Only these modules: what else they use (the error text, say) stays shared. The
              // form that sets a new password loads when it shows (LazyNewPasswordForm), with the
              // form library, so it is not one of them.
              includeDependenciesRecursively: false,
              test: /features[\\/]accounts[\\/](components[\\/](?!NewPasswordForm\.)[^\\/]+\.tsx|api\.ts|use(ReturnTo|SignIn)\.ts|strings\.ts)$/,
            },
            {
              // The form pattern (react-hook-form, lib/form.ts, Field): only pages with a form.
              name: 'form',
              includeDependenciesRecursively: false,
              test: /node_modules[\\/]react-hook-form[\\/]|lib[\\/]form\.ts$|ui[\\/]Field\.tsx$/,
            },
            {
              // What pages that send need: TanStack's useMutation.
              name: 'forms',
              includeDependenciesRecursively: false,
              test: /node_modules[\\/]@tanstack[\\/][^\\/]+[\\/]build[\\/]modern[\\/](useMutation|mutationObserver|mutation)\.js$/,
            },
            {
              // The contract's words of the SPEC's forms: most pages with a form show some, the
              // checkout none (its words are buying-texts'), so they are a chunk of their own.
              name: 'texts',
              includeDependenciesRecursively: false,
              test: /contract[\\/]src[\\/]texts\.ts$/,
            },
            {
              // zod and its form resolver: only forms need them, so they load with the first
              // form's rules (docs/decisions/008).
              name: 'zod',
              test: /node_modules[\\/](zod|@hookform[\\/]resolvers)[\\/]|src[\\/]lib[\\/]zod\.ts$/,
            },
          ],
        },
      },
    },
  },
  server: { proxy: { '/api': `http://localhost:${apiPort}` } },
});
