/**
 * End-to-end tests in Debian's Chromium against the production build (NODE_ENV=production,
 * so better-auth's origin checks and rate limits are on), on a random port with a temporary
 * DATA_DIR. Tests read e-mails from `E2E_DATA_DIR/mail`.
 */
import { execFileSync } from 'node:child_process';
import { defineConfig, devices } from '@playwright/test';
import { chromiumArgs, chromiumPath } from './tests/support/chromium';
import { newDataDir } from './tests/support/data-dir';

// A port the system says is free (a fixed range once met epmd, RabbitMQ's daemon, on 4369).
process.env.E2E_PORT ??= execFileSync(process.execPath, [
  '-e',
  "const s = require('node:net').createServer().listen(0, '127.0.0.1', () => { process.stdout.write(String(s.address().port)); s.close(); });",
])
  .toString()
  .trim();
process.env.E2E_DATA_DIR ??= newDataDir('e2e');
const port = Number(process.env.E2E_PORT);
const baseURL = `http://localhost:${port}`;
/** The specs that open distribution runs (the 'runs' project). */
const OPENS_RUNS = /returns-(distributions|journey)\.spec\.ts$/;

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: process.env.CI ? 2 : 2,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  // A PostgreSQL server for the suites that run several processes on one database: the one of
  // TEST_DATABASE_URL, or an embedded cluster started for the run (never skipped).
  globalSetup: './tests/support/postgres-server.ts',
  use: {
    baseURL,
    trace: 'retain-on-failure',
    launchOptions: { executablePath: chromiumPath(), args: chromiumArgs },
  },
  projects: [
    // The configured admin enrols an authenticator app first (tests/e2e/staff.setup.ts).
    { name: 'setup', testMatch: /\.setup\.ts$/ },
    { name: 'chromium', use: { ...devices['Desktop Chrome'] }, dependencies: ['setup'], testIgnore: OPENS_RUNS },
    // Distribution runs are site-wide, one open at a time, and take every loan's undistributed
    // cash (issue 25): the tests that open runs and record cash on loans with positions run
    // here, one at a time, beside the rest of the suite.
    { name: 'runs', use: { ...devices['Desktop Chrome'] }, dependencies: ['setup'], testMatch: OPENS_RUNS, workers: 1 },
  ],
  webServer: {
    command: 'node server.js',
    url: `${baseURL}/healthz`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      NODE_ENV: 'production',
      PORT: String(port),
      PUBLIC_URL: baseURL,
      DATA_DIR: process.env.E2E_DATA_DIR,
      SEED_DEMO: 'true',
      NOTIFY_EMAIL: 'lender@example.test',
      ADMIN_EMAIL: 'admin@example.test',
      ADMIN_PASSWORD: 'Adm1n!Passw0rd',
      LOG_LEVEL: 'warn',
      // As behind one proxy: tests give each simulated visitor its own X-Forwarded-For address,
      // so per-IP rate limits apply per test, and rate-limit tests choose their address.
      TRUST_PROXY: '1',
    },
  },
});
