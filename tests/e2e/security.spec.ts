/**
 * Issue "Security and scale", second factor and accounts managed by staff, in Chromium against
 * the production build, and over HTTP:
 * - an admin without a second factor is sent to enrolment, enrols (the test computes codes from
 *   the secret the page shows), signs in again with a code, then with a recovery code, which then
 *   no longer works;
 * - a borrower turns two-step verification on and off from the profile;
 * - a session ended from 'Where you're signed in' signs that browser out;
 * - staff disable a borrower: the open session ends and sign-in is refused; enabled again, it works;
 * - the last admin cannot remove their own admin flag nor disable themselves;
 * - a disabled user is refused at sign-in (what every route answers an admin without a second
 *   factor and a disabled user is in the authorization sweep, authorization.spec.ts).
 */
import { readFile } from 'node:fs/promises';
import { expect, test, type Browser, type Page } from '@playwright/test';
import {
  baseURL,
  createVerifiedUser,
  landing,
  postForm,
  sessionCookie,
  signIn,
  uniqueIp,
  staffSession,
  userIdOf,
} from '../support/accounts';
import { startServer } from '../support/server-process';
import { answerSecondStepWith, enrolInBrowser, enrolTwoFactor, freshTotpCode, passSecondStep } from '../support/two-factor';
import { newDataDir } from '../support/data-dir';

const DISABLED = 'This account has been disabled. Please contact us if you believe this is a mistake.';

/** A page in a fresh context signed in with `cookie`, with its own client address. */
async function browserWith(browser: Browser, cookie: string, base = baseURL): Promise<Page> {
  const context = await browser.newContext({ extraHTTPHeaders: { 'X-Forwarded-For': uniqueIp() } });
  if (cookie) {
    const [name, value] = cookie.split(/=(.*)/s) as [string, string];
    await context.addCookies([{ name, value, url: base }]);
  }
  return context.newPage();
}

/** Posts an account form of the directory as the admin of `adminCookie`. */
function accountAction(intent: string, userId: string, adminCookie: string, extra: Record<string, string> = {}) {
  return postForm(
    '/admin-dashboard/users',
    { intent, userId, reason: 'Test of the account forms', ...extra },
    { cookie: adminCookie },
  );
}

/** In the directory: opens `email`'s row, then the `button` form, gives a reason and submits it. */
async function actOnAccount(page: Page, email: string, button: string) {
  await page.goto(`/admin-dashboard/users?q=${encodeURIComponent(email)}`);
  await page
    .getByRole('button', { name: /Show loans, documents and interests/ })
    .first()
    .click();
  await page.getByRole('button', { name: button }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Reason').fill('Requested by the compliance team');
  await dialog.getByRole('button', { name: button }).click();
}

test('an admin without a second factor enrols, signs in with a code, then with a recovery code that then no longer works', async ({
  browser,
}) => {
  const staff = await createVerifiedUser({ borrower: true }, 'new-staff');
  const admin = await browserWith(browser, (await staffSession()).cookie);
  await actOnAccount(admin, staff.email, 'Grant admin');
  await expect(admin.getByText('Admin access granted').first()).toBeVisible();

  const page = await browserWith(browser, '');
  const signInAsStaff = async () => {
    await page.goto('/admin-login');
    await page.getByLabel('Email').fill(staff.email);
    await page.getByLabel('Password', { exact: true }).fill(staff.password);
    await page.getByRole('button', { name: 'Log In' }).click();
  };
  await signInAsStaff();
  await expect(page.getByText('Staff accounts open private borrower files')).toBeVisible();
  const { secret, backupCodes } = await enrolInBrowser(page, staff.password);
  expect(backupCodes).toHaveLength(10);
  await expect(page).toHaveURL(/\/admin-dashboard$/);
  await expect(page.getByText('Two-step verification is on').first()).toBeVisible();

  const signOut = async () => {
    await page.getByRole('button', { name: 'Sign Out' }).first().click();
    await expect(page).toHaveURL(`${baseURL}/`);
  };
  await signOut();
  await signInAsStaff();
  await passSecondStep(page, secret);
  await expect(page).toHaveURL(/\/admin-dashboard$/);

  await signOut();
  await signInAsStaff();
  await passSecondStep(page, secret, backupCodes[0]);
  await expect(page).toHaveURL(/\/admin-dashboard$/);

  await signOut();
  await signInAsStaff();
  await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
  await page.getByLabel('Recovery code').fill(backupCodes[0]!);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('That recovery code is not correct or has been used already.').first()).toBeVisible();
  await expect(page).toHaveURL(/\/two-factor\?/);
  await page.context().close();
  await admin.context().close();
});

test('a borrower turns two-step verification on and off from the profile', async ({ browser }) => {
  const user = await createVerifiedUser({ borrower: true }, 'tfa-borrower');
  const page = await browserWith(browser, user.cookie);
  await page.goto('/dashboard/profile');
  await page.getByRole('link', { name: 'Turn on two-step verification' }).click();
  const { secret } = await enrolInBrowser(page, user.password);
  await expect(page).toHaveURL(/\/dashboard\/profile$/);
  await expect(page.getByText('Each sign-in asks for a code')).toBeVisible();

  // A sign-in now asks for the code.
  const ip = uniqueIp();
  const passwordStep = await postForm('/login', { intent: 'signin', email: user.email, password: user.password }, { ip });
  expect(passwordStep.headers.get('location')).toMatch(/^\/two-factor\?/);
  expect(sessionCookie(passwordStep)).toBe('');
  expect(secret).toMatch(/^[A-Z2-7]+$/);

  await page.getByRole('button', { name: 'Turn off', exact: true }).click();
  await page.getByLabel('Your password').fill(user.password);
  await page.getByRole('button', { name: 'Turn off two-step verification' }).click();
  await expect(page.getByText('Two-step verification is off').first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Turn on two-step verification' })).toBeVisible();
  const again = await signIn(user.email, user.password);
  expect(again.headers.get('location')).toBe('/dashboard');
  await page.context().close();
});

test('a session ended from ‘Where you’re signed in’ signs that browser out', async ({ browser }) => {
  const user = await createVerifiedUser({ investor: true }, 'sessions');
  const phone = await browserWith(browser, sessionCookie(await signIn(user.email, user.password)));
  await phone.goto('/dashboard/profile');
  await expect(phone.getByRole('heading', { name: 'Profile', level: 1 })).toBeVisible();

  const laptop = await browserWith(browser, user.cookie);
  await laptop.goto('/dashboard/profile');
  const sessions = laptop.getByRole('list', { name: 'Sessions' }).getByRole('listitem');
  await expect(sessions).toHaveCount(2);
  await expect(sessions.first()).toContainText('This device');
  await sessions
    .nth(1)
    .getByRole('button', { name: /^Sign out/ })
    .click();
  await expect(laptop.getByText('Signed out on that device').first()).toBeVisible();
  await expect(sessions).toHaveCount(1);

  await phone.reload();
  await expect(phone).toHaveURL(/\/login\?redirectTo=%2Fdashboard%2Fprofile/);
  await laptop.reload();
  await expect(laptop).toHaveURL(/\/dashboard\/profile$/);
  await phone.context().close();
  await laptop.context().close();
});

test('staff disable a borrower: the open session ends and sign-in is refused; enabled, it signs in again', async ({
  browser,
}) => {
  const borrower = await createVerifiedUser({ borrower: true }, 'to-disable');
  const theirs = await browserWith(browser, borrower.cookie);
  await theirs.goto('/dashboard/loans');
  await expect(theirs).toHaveURL(/\/dashboard\/loans$/);

  const admin = await browserWith(browser, (await staffSession()).cookie);
  await actOnAccount(admin, borrower.email, 'Disable account');
  await expect(admin.getByText('Account disabled').first()).toBeVisible();
  await expect(admin.getByText(/Disabled since/)).toBeVisible();

  await theirs.reload();
  await expect(theirs).toHaveURL(/\/login\?/);
  const signInForm = theirs.locator('form#sign-in');
  await signInForm.getByLabel('Email').fill(borrower.email);
  await signInForm.getByLabel('Password').fill(borrower.password);
  await signInForm.getByRole('button', { name: 'Sign In' }).click();
  await expect(theirs.getByText(DISABLED).first()).toBeVisible();

  await actOnAccount(admin, borrower.email, 'Enable account');
  await expect(admin.getByText('Account enabled').first()).toBeVisible();
  expect((await signIn(borrower.email, borrower.password)).headers.get('location')).toBe('/dashboard');
  await theirs.context().close();
  await admin.context().close();
});

test('the last admin cannot remove their own admin flag nor disable themselves', async ({ browser }) => {
  // It starts a server of its own (a fresh database with one admin) besides the suite's.
  test.setTimeout(120_000);
  const email = 'only-admin@example.test';
  const password = 'Only!Adm1nPass';
  const server = await startServer({
    DATA_DIR: newDataDir('last-admin'),
    ADMIN_EMAIL: email,
    ADMIN_PASSWORD: password,
    LOG_LEVEL: 'warn',
  });
  try {
    const signedIn = await fetch(`${server.url}/admin-login`, {
      method: 'POST',
      redirect: 'manual',
      headers: { Origin: server.url, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ intent: 'signin', email, password }),
    });
    const { cookie } = await enrolTwoFactor(server.url, sessionCookie(signedIn), password, '127.0.0.1');
    const page = await browserWith(
      browser,
      cookie.split('; ').find((c) => c.startsWith('ormsby.session_token='))!,
      server.url,
    );
    await page.goto(`${server.url}/admin-dashboard/users?q=${encodeURIComponent(email)}`);
    await page.getByRole('button', { name: /Show loans, documents and interests/ }).click();
    await expect(page.getByText('(your own account)')).toBeVisible();
    for (const [button, refusal] of [
      ['Remove admin', 'You are the last admin: you cannot remove your own admin access.'],
      ['Disable account', 'You are the last admin: you cannot disable your own account.'],
    ] as const) {
      await page.getByRole('button', { name: button }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('Reason').fill('Trying to leave');
      await dialog.getByRole('button', { name: button }).click();
      await expect(page.getByText(refusal).first()).toBeVisible();
      await dialog.getByRole('button', { name: 'Cancel' }).click();
    }
    // Still an enabled admin.
    await page.goto(`${server.url}/admin-dashboard/settings`);
    await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
    await page.context().close();
  } finally {
    server.process.kill('SIGTERM');
    await server.exited;
  }
});

// Every route refusing a disabled user's session is in the authorization sweep (authorization.spec.ts).
test('HTTP: a disabled user is refused at sign-in with the reason', async () => {
  const adminCookie = (await staffSession()).cookie;
  const user = await createVerifiedUser({ borrower: true }, 'disabled-http');
  const disabled = await accountAction('disable', await userIdOf(user.email, adminCookie), adminCookie);
  expect(disabled.status).toBe(200);
  const again = await signIn(user.email, user.password);
  expect(again.status).toBe(403);
  expect(await again.text()).toContain(DISABLED);
});

test('the audit log filters sign-ins and account changes by person, action and day, and exports them as formula-safe CSV', async ({
  page,
}) => {
  const borrower = await createVerifiedUser({ borrower: true }, 'audited');
  const ip = uniqueIp();
  expect((await signIn(borrower.email, 'Wr0ng!Passw0rd', { ip })).status).toBe(401);
  // An address typed by anyone lands in the log as written (a valid one may start with '-' or
  // '+'): in the CSV it must stay text, never a formula.
  const formula = `-cmd${uniqueIp().replaceAll('.', '')}@example.com`;
  expect((await signIn(formula, 'Wr0ng!Passw0rd', { ip })).status).toBe(401);
  const adminCookie = (await staffSession()).cookie;
  const id = await userIdOf(borrower.email, adminCookie);
  expect((await accountAction('disable', id, adminCookie, { reason: 'Left the programme' })).status).toBe(200);

  const [name, value] = adminCookie.split(/=(.*)/s) as [string, string];
  await page.context().addCookies([{ name, value, url: baseURL }]);
  await page.goto(`/admin-dashboard/audit?who=${encodeURIComponent(borrower.email)}`);
  const rows = page.getByRole('region', { name: 'Audit events' }).locator('tbody tr');
  await expect(rows.filter({ hasText: 'Sign-in failed' })).toContainText(`password · ${ip}`);
  await expect(rows.filter({ hasText: 'Account disabled' })).toContainText('“Left the programme”');

  await page.getByLabel('Action').selectOption('account.disabled');
  await page.getByRole('button', { name: 'Filter' }).click();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Account disabled');
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Los_Angeles' }).format(new Date());
  await page.goto(`/admin-dashboard/audit?who=${encodeURIComponent(borrower.email)}&from=${today}&to=${today}`);
  await expect(rows).toHaveCount(2);
  const tomorrow = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Los_Angeles' }).format(
    new Date(Date.now() + 86_400_000),
  );
  await page.goto(`/admin-dashboard/audit?who=${encodeURIComponent(borrower.email)}&from=${tomorrow}`);
  await expect(page.getByText('No events match these filters')).toBeVisible();

  await page.goto(`/admin-dashboard/audit?who=${encodeURIComponent(formula)}`);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^audit-log-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = (await readFile((await file.path())!, 'utf8')).replace(/^\uFEFF/, '');
  const lines = csv.trim().split(/\r?\n/);
  expect(lines[0]).toBe('Time (UTC),Time (lender),Who,Action,Action code,Object,Detail');
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain(`'${formula}`);
  expect(lines[1]).toContain('Sign-in failed');
  expect(lines[1]).not.toMatch(/(^|,)[=+\-@]/);
});

test('HTTP: an authenticator code is accepted once (RFC 6238 §5.2): sent twice at once, one sign-in passes; sent again later, it is refused', async () => {
  const user = await createVerifiedUser({ borrower: true }, 'totp-once');
  const ip = uniqueIp();
  const { secret } = await enrolTwoFactor(baseURL, user.cookie, user.password, ip);
  const passwordStep = () => postForm('/login', { intent: 'signin', email: user.email, password: user.password }, { ip });
  const code = await freshTotpCode(secret);

  const [a, b] = await Promise.all([passwordStep(), passwordStep()]);
  const answers = await Promise.all([a, b].map((step) => answerSecondStepWith(baseURL, step, { intent: 'totp', code }, ip)));
  const passed = answers.filter((res) => res.status === 302 && res.headers.get('location') === '/dashboard');
  const refused = answers.filter((res) => res.status === 401);
  expect([passed.length, refused.length]).toEqual([1, 1]);
  expect(sessionCookie(passed[0]!)).not.toBe('');
  expect(await refused[0]!.text()).toContain('That code is not correct or was used already.');
  expect(sessionCookie(refused[0]!)).toBe('');

  // The same code on a later sign-in, while it is still within its 90 s: refused.
  const again = await answerSecondStepWith(baseURL, await passwordStep(), { intent: 'totp', code }, ip);
  expect(again.status).toBe(401);
  expect(sessionCookie(again)).toBe('');
  // The next code signs in.
  const next = await answerSecondStepWith(
    baseURL,
    await passwordStep(),
    { intent: 'totp', code: await freshTotpCode(secret) },
    ip,
  );
  expect(next.status).toBe(302);
  expect(next.headers.get('location')).toBe('/dashboard');
});

test('HTTP: staff reset a lost phone’s two-step verification: its sessions end and the next sign-in needs only the password', async () => {
  const adminCookie = (await staffSession()).cookie;
  const user = await createVerifiedUser({ investor: true }, 'lost-phone');
  const ip = uniqueIp();
  const { cookie } = await enrolTwoFactor(baseURL, user.cookie, user.password, ip);
  const passwordOnly = await postForm('/login', { intent: 'signin', email: user.email, password: user.password }, { ip });
  expect(passwordOnly.headers.get('location')).toMatch(/^\/two-factor\?/);
  const id = await userIdOf(user.email, adminCookie);
  expect((await accountAction('reset-two-factor', id, adminCookie)).status).toBe(200);
  expect(await landing('/dashboard/profile', cookie)).toMatch(/^\/login\?/);
  expect((await signIn(user.email, user.password)).headers.get('location')).toBe('/dashboard');
  // Nothing left to reset.
  expect((await accountAction('reset-two-factor', id, adminCookie)).status).toBe(409);
});
