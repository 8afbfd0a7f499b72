/**
 * Runs before the suite: the configured admin (ADMIN_EMAIL) enrols an authenticator app, as
 * every admin must before any admin page (issue "Security and scale"), and the secret is kept in
 * E2E_DATA_DIR so `signIn(…, { admin: true })` can answer the second step in every worker.
 */
import { expect, test as setup } from '@playwright/test';
import { ADMIN, baseURL, dataDir, postForm, sessionCookie, uniqueIp } from '../support/accounts';
import { enrolTwoFactor, rememberSecret } from '../support/two-factor';

setup('the configured admin enrols an authenticator app', async () => {
  const ip = uniqueIp();
  const signedIn = await postForm('/admin-login', { intent: 'signin', email: ADMIN.email, password: ADMIN.password }, { ip });
  expect(signedIn.status).toBe(302);
  const { secret } = await enrolTwoFactor(baseURL, sessionCookie(signedIn), ADMIN.password, ip);
  await rememberSecret(dataDir, ADMIN.email, secret);
});
