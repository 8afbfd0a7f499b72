/**
 * Runs before the suite: the configured admin (ADMIN_EMAIL) and the staff accounts of `STAFF`
 * (made admins with `npm run admin:create`'s command) enrol an authenticator app, as every admin
 * must before any admin page (issue "Security and scale"), and the secrets are kept in
 * E2E_DATA_DIR so `signIn(…, { admin: true })` and `staffSignIn()` can answer the second step in
 * every worker.
 */
import { expect, test as setup } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { ADMIN, baseURL, dataDir, postForm, sessionCookie, STAFF, uniqueIp } from '../support/accounts';
import { enrolTwoFactor, rememberSecret } from '../support/two-factor';

setup('the configured admin and the staff of STAFF enrol an authenticator app', async () => {
  setup.setTimeout(120_000);
  // The staff accounts are made admins by the documented command (README), on the suite's database.
  for (const member of STAFF)
    execFileSync('npx', ['tsx', 'cli/admin-create.ts', '--email', member.email, '--password', member.password], {
      env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
      stdio: 'pipe',
    });
  for (const member of [ADMIN, ...STAFF]) {
    const ip = uniqueIp();
    const signedIn = await postForm('/admin-login', { intent: 'signin', email: member.email, password: member.password }, { ip });
    expect(signedIn.status, member.email).toBe(302);
    const { secret } = await enrolTwoFactor(baseURL, sessionCookie(signedIn), member.password, ip);
    await rememberSecret(dataDir, member.email, secret);
  }
});
