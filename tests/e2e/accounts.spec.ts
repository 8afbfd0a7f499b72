/**
 * Accounts end to end (issue "Accounts"): sign-up in Chromium with the verification link from
 * DATA_DIR/mail for a borrower, an investor and a user with both roles; the admin of
 * ADMIN_EMAIL at /admin-login; password reset; sign-up requests carrying admin flags.
 */
import { expect, test, type Page } from '@playwright/test';
import {
  ADMIN,
  createVerifiedUser,
  dataDir,
  landing,
  linkIn,
  PASSWORD,
  postForm,
  sessionCookie,
  signIn,
  signUpFields,
  uniqueEmail,
  uniqueIp,
  waitForMail,
} from '../support/accounts';
import { passSecondStep, rememberedSecret } from '../support/two-factor';
import { hydrated } from '../support/pages';

test.beforeEach(async ({ page }) => {
  await page.setExtraHTTPHeaders({ 'X-Forwarded-For': uniqueIp() });
});

async function fillSignUp(page: Page, email: string, roles: { borrower?: boolean; investor?: boolean }) {
  await page.goto('/login?signup=true');
  await hydrated(page);
  const form = page.locator('form#sign-up');
  await form.getByLabel('Full name').fill('  Jordan Example  ');
  await form.getByLabel('Email').fill(`  ${email.toUpperCase()} `);
  await form.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await form.getByLabel('Confirm password').fill(PASSWORD);
  if (roles.borrower) {
    await form.getByRole('checkbox', { name: /^Borrower/ }).check();
    await form.getByLabel('Loan type').selectOption('bridge');
    await form.getByLabel('Loan amount range').selectOption('1m-5m');
    await form.getByRole('checkbox', { name: 'Commercial', exact: true }).check();
    await form.getByRole('checkbox', { name: 'Mixed-Use', exact: true }).check();
    await form.getByRole('radio', { name: 'Yes' }).last().check();
    await form.getByLabel('Property address').fill(' 100 N Virginia St, Reno, NV ');
    await form.getByLabel('Desired loan amount (USD)').fill('1200000');
    await form.getByLabel('Estimated property value (USD)').fill('2500000');
    await form.getByLabel('Project description').fill('Bridge loan to reposition a mixed-use building.');
  }
  if (roles.investor) {
    await form.getByRole('checkbox', { name: /^Investor/ }).check();
    await expect(form.getByText('net worth over $1 million excluding the primary residence')).toBeVisible();
    await form.getByRole('radio', { name: 'Yes' }).first().check();
    await form.getByLabel('Annual income').selectOption('over-300k');
    await form.getByLabel('Net worth').selectOption('1m-5m');
    await form.getByLabel('Investment experience').selectOption('Advanced');
  }
  await form.getByLabel(/I accept the/).check();
  await form.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByRole('heading', { name: 'Account Created' })).toBeVisible();
  await expect(page.getByText('Please check your email to verify your account.').first()).toBeVisible();
}

for (const { who, roles, lands } of [
  { who: 'borrower', roles: { borrower: true }, lands: '/dashboard/loans' },
  { who: 'investor', roles: { investor: true }, lands: '/dashboard/investments' },
  { who: 'borrower and investor', roles: { borrower: true, investor: true }, lands: '/dashboard/loans' },
] as const) {
  test(`a ${who} signs up, verifies the address from the e-mail and lands on ${lands}`, async ({ page }) => {
    const email = uniqueEmail('journey');
    await fillSignUp(page, email, roles);
    // The lender hears of it, with the answers (notify-user-creation).
    const notice = await waitForMail('lender@example.test', 'New account: Jordan Example', email);
    expect(notice.body).toContain(email);
    const mail = await waitForMail(email, 'Confirm your e-mail address');
    await page.goto(linkIn(mail.body, '/api/auth/verify-email'));
    await expect(page).toHaveURL(new RegExp(`${lands}$`));
    const sidebar = page.getByRole('navigation', { name: 'Client Portal' });
    if (roles.borrower) await expect(sidebar.getByRole('link', { name: 'Borrower Portal' })).toBeVisible();
    if ('investor' in roles) await expect(sidebar.getByRole('link', { name: 'Investor Portal' })).toBeVisible();
    else await expect(sidebar.getByRole('link', { name: 'Investor Portal' })).toHaveCount(0);
    await expect(sidebar.getByRole('link', { name: 'Profile' })).toBeVisible();
    if (lands === '/dashboard/loans') await expect(page.getByRole('heading', { name: 'Welcome, Jordan Example' })).toBeVisible();

    // Signed in, the header of the public site offers the portal and Sign Out.
    await page.goto('/about');
    await expect(page.getByRole('link', { name: 'Return to Portal' })).toHaveAttribute('href', lands);
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('link', { name: 'Sign Up' })).toBeVisible();
    await page.goto(lands);
    await expect(page).toHaveURL(/\/login\?redirectTo=/);
  });
}

test('the admin of ADMIN_EMAIL signs in at /admin-login and lands on /admin-dashboard', async ({ page }) => {
  await page.goto('/admin-login');
  await page.getByLabel('Email').fill(ADMIN.email.toUpperCase());
  const password = page.getByLabel('Password', { exact: true });
  await password.fill(ADMIN.password);
  await expect(password).toHaveAttribute('type', 'password');
  await page.getByRole('button', { name: 'Show password' }).click();
  await expect(password).toHaveAttribute('type', 'text');
  await page.getByRole('button', { name: 'Log In' }).click();
  // Staff always pass a second factor (issue "Security and scale").
  await passSecondStep(page, (await rememberedSecret(dataDir, ADMIN.email))!);
  await expect(page).toHaveURL(/\/admin-dashboard$/);
  await expect(page.getByText('Login Successful')).toBeVisible();
  const sidebar = page.getByRole('navigation', { name: 'Admin' });
  for (const name of ['Dashboard', 'Users', 'Deals', 'Contacts', 'Settings'])
    await expect(sidebar.getByRole('link', { name })).toBeVisible();
  // Typed in, / sends a signed-in visitor to their portal (product §2 Home); /about keeps the header.
  await page.goto('/');
  await expect(page).toHaveURL(/\/admin-dashboard$/);
  await page.goto('/about');
  await expect(page.getByRole('link', { name: 'Admin Dashboard' })).toHaveAttribute('href', '/admin-dashboard');
  // Admin-only users do not see the public links (product §2 Top navigation).
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Borrowers' })).toHaveCount(0);
});

test('a borrower who signs in at /admin-login is told the account has no admin access and gets no session', async ({ page }) => {
  const user = await createVerifiedUser({ borrower: true }, 'not-admin');
  await page.goto('/admin-login');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page.getByText('This account does not have admin access.').first()).toBeVisible();
  await expect(page).toHaveURL(/\/admin-login$/);
  const res = await signIn(user.email, user.password, { admin: true });
  expect(res.status).toBe(403);
  expect(sessionCookie(res)).toBe('');
});

test('sign-in: unknown address and wrong password get the same answer; unverified gets its own', async ({ page }) => {
  const email = uniqueEmail('unverified');
  expect((await postForm('/login', signUpFields(email, { borrower: true }))).status).toBe(200);
  for (const [address, password, text, status] of [
    [uniqueEmail('nobody'), PASSWORD, 'Invalid email or password', 401],
    [email, 'Wr0ng!Password', 'Invalid email or password', 401],
    [email, PASSWORD, 'Please check your email and confirm your account', 403],
  ] as const) {
    const res = await signIn(address, password);
    expect(res.status).toBe(status);
    expect(await res.text()).toContain(text);
  }
  await page.goto('/login');
  await hydrated(page);
  const signInForm = page.locator('form#sign-in');
  await signInForm.getByLabel('Email').fill(email);
  await signInForm.getByLabel('Password').fill(PASSWORD);
  await signInForm.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Please check your email and confirm your account').first()).toBeVisible();
});

test('password reset: the link sets a new password, the old one fails and older sessions are signed out', async ({ page }) => {
  const user = await createVerifiedUser({ investor: true }, 'reset');
  expect(await landing('/dashboard/investments', user.cookie)).toBe('200');

  await page.goto('/login');
  await hydrated(page);
  const signInForm = page.locator('form#sign-in');
  await signInForm.getByRole('button', { name: 'Forgot password?' }).click();
  await expect(signInForm.getByText('Please enter your email address first').first()).toBeVisible();
  await signInForm.getByLabel('Email').fill(user.email);
  await signInForm.getByRole('button', { name: 'Forgot password?' }).click();
  await expect(page.getByText('Reset Email Sent').first()).toBeVisible();
  // The same answer for an address without an account (no enumeration).
  const unknown = await postForm('/login', { intent: 'forgot', email: uniqueEmail('ghost') });
  expect(unknown.status).toBe(200);
  expect(await unknown.text()).toContain('Check your email for password reset instructions');

  const mail = await waitForMail(user.email, 'Reset your password');
  await page.goto(linkIn(mail.body, '/api/auth/reset-password/'));
  await expect(page).toHaveURL(/\/reset-password\?token=/);
  await page.getByLabel('New password', { exact: true }).fill('short');
  await page.getByLabel('Confirm new password').fill('different');
  await page.getByRole('button', { name: 'Update Password' }).click();
  await expect(page.getByText('New passwords do not match')).toBeVisible();
  const fresh = 'N3w!Passw0rd-2026';
  await page.getByLabel('New password', { exact: true }).fill(fresh);
  await page.getByLabel('Confirm new password').fill(fresh);
  await page.getByRole('button', { name: 'Update Password' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Password updated successfully')).toBeVisible();

  expect((await signIn(user.email, user.password)).status).toBe(401);
  expect(await landing('/dashboard/investments', user.cookie)).toBe('/login?redirectTo=%2Fdashboard%2Finvestments');
  const again = page.locator('form#sign-in');
  await again.getByLabel('Email').fill(user.email);
  await again.getByLabel('Password').fill(fresh);
  await again.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/dashboard\/investments$/);
  await expect(page.getByText('Welcome back!')).toBeVisible();
  // The link works once.
  await page.goto(linkIn(mail.body, '/api/auth/reset-password/'));
  await expect(page.getByText('This link is invalid or has expired')).toBeVisible();
});

test('sign-up requests carrying admin flags create no admin, through the page or straight to better-auth', async ({
  request,
}) => {
  const viaPage = uniqueEmail('flag-page');
  const res = await postForm(
    '/login',
    signUpFields(viaPage, { borrower: true }, { isAdmin: 'on', is_admin: 'true', role: 'admin' }),
  );
  expect(res.status).toBe(200);
  const direct = uniqueEmail('flag-api');
  const api = await request.post('/api/auth/sign-up/email', {
    headers: { Origin: `http://localhost:${process.env.E2E_PORT}`, 'X-Forwarded-For': uniqueIp() },
    data: {
      ...signUpFields(direct, { investor: true }),
      isInvestor: true,
      acceptTerms: true,
      isAdmin: true,
      is_admin: true,
      role: 'admin',
    },
  });
  expect(api.status()).toBe(200);
  for (const email of [viaPage, direct]) {
    const mail = await waitForMail(email, 'Confirm your e-mail address');
    const verified = await fetch(linkIn(mail.body, '/api/auth/verify-email'), { redirect: 'manual' });
    const cookie = sessionCookie(verified);
    expect(await landing('/admin-dashboard', cookie)).toBe('/');
    expect(await landing('/dashboard', cookie)).not.toBe('/admin-dashboard');
  }
});

test('signing up with an address that has an account answers the same and e-mails the owner instead', async () => {
  const user = await createVerifiedUser({ borrower: true }, 'twice');
  const again = await postForm('/login', signUpFields(user.email, { investor: true }));
  expect(again.status).toBe(200);
  expect(await again.text()).toContain('Account Created');
  await waitForMail(user.email, 'You already have an account');
  // The existing account is unchanged: still a borrower only, same password.
  const res = await signIn(user.email, PASSWORD);
  expect(res.status).toBe(302);
  expect(await landing('/dashboard', sessionCookie(res))).toBe('/dashboard/loans');
});
