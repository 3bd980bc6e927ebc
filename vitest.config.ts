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
