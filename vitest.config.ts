import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

/**
 * Two kinds of tests: the server suite (real HTTP through app.inject, real database) and the web
 * component tests (happy-dom). The server suite runs on PGlite always, and a second time on
 * PostgreSQL when TEST_DATABASE_URL is set (CI sets it).
 */
const serverProject = (name: string, driver: 'pglite' | 'postgres') => ({
  test: {
    name,
    environment: 'node',
    include: ['server/**/*.test.ts'],
    // Race tests need real parallel connections, and the faults of *.postgres.test.ts (lost connections,
    // locks, listeners) exist only over a network: PostgreSQL only (PGlite has one connection, in process).
    // *.pglite.test.ts: the embedded database's own files (backup, restore, a production install), the embedded database only.
    exclude: driver === 'pglite' ? ['server/**/*.race.test.ts', 'server/**/*.postgres.test.ts'] : ['server/**/*.pglite.test.ts'],
    globalSetup: ['server/test/global-setup.ts'],
    // After every test, the data must still satisfy the product's invariants.
    setupFiles: ['server/test/check-invariants.ts'],
    env: { TEST_DB_DRIVER: driver },
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks' as const,
    maxWorkers: 2,
  },
});

export default defineConfig({
  test: {
    projects: [
      serverProject('server', 'pglite'),
      ...(process.env.TEST_DATABASE_URL ? [serverProject('server-postgres', 'postgres')] : []),
      {
        plugins: [react()],
        test: {
          name: 'web',
          environment: 'happy-dom',
          include: ['web/**/*.test.{ts,tsx}', 'contract/**/*.test.ts'],
          setupFiles: ['web/test/setup.ts'],
          // Pages, menus and dialogs load their code on first use: the first test to open one transforms it.
          testTimeout: 15_000,
        },
      },
    ],
  },
});
