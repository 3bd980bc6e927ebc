import { defineConfig } from 'vitest/config';

// The contract's rules and the web app's modules run once; the API suite runs on embedded PGlite
// always, and again on a PostgreSQL server when TEST_DATABASE_URL is set (each test file gets its
// own database there, dropped afterwards).
const serverSuite = (name: string, database: 'embedded' | 'postgres') => ({
  test: {
    name,
    root: 'apps/server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    env: { AXLE_TEST_DB: database },
    globalSetup: ['test/global-setup.ts'],
    // Each file builds its own app on its own database and mocks no module, so the files of a
    // worker share one module graph: importing the server once per worker, not once per file,
    // takes well over a third off the suite (both databases: 6.4 min on this machine, where the
    // last CI run took 17 with a module graph per file).
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
    maxWorkers: 2,
    projects: [
      { test: { name: 'contract', root: 'packages/contract', include: ['src/**/*.test.ts'] } },
      // The web app's own modules (the fetch wrapper, the form pattern) in a simulated browser.
      {
        test: {
          name: 'web',
          root: 'apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
        },
      },
      serverSuite('api-embedded', 'embedded'),
      ...(process.env.TEST_DATABASE_URL ? [serverSuite('api-postgres', 'postgres')] : []),
    ],
  },
});
