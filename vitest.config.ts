import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * Unit and integration tests on a real PostgreSQL: the server of TEST_DATABASE_URL, or an embedded
 * cluster the global setup starts (tests/support/postgres-server.ts); a database per test file.
 */
export default defineConfig({
  resolve: { alias: { '~': fileURLToPath(new URL('./app', import.meta.url)) } },
  test: {
    include: ['tests/integration/**/*.test.{ts,tsx}', 'app/**/*.test.{ts,tsx}'],
    environment: 'node',
    globalSetup: ['tests/support/postgres-server.ts'],
    setupFiles: ['tests/support/vitest-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    maxWorkers: 2,
    env: {
      NODE_ENV: 'test',
      AUTH_SECRET: 'test-secret-test-secret-test-secret-0123456789',
      PUBLIC_URL: 'http://localhost:3000',
      NOTIFY_EMAIL: 'lender@example.test',
      LOG_LEVEL: 'silent',
    },
  },
});
