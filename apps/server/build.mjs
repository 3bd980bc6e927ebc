// Bundles the server into dist/server.js (and its VIN decoder's thread, dist/vin-worker.js) and
// the CLIs into dist/user.js, dist/backup.js and dist/seed-scale.js (the data generator). npm
// dependencies stay external (installed in node_modules); the workspace contract, written in
// TypeScript, is bundled in.
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies ?? {}).flatMap((name) => [name, `${name}/*`]);

await build({
  entryPoints: {
    server: 'src/server.ts',
    user: 'src/cli/user.ts',
    backup: 'src/cli/backup.ts',
    'seed-scale': 'src/db/seed/scale/scale.ts',
    // The VIN decoder's thread, beside server.js where vin-decoder.ts looks for it.
    'vin-worker': 'src/adapters/vin/vin-worker.js',
  },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external,
  logLevel: 'warning',
});
