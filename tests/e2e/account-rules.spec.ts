/**
 * Every §5 sign-up and login rule shows its text at the field in Chromium, and the same input
 * sent straight to the server is refused (4xx) and creates no user; the per-account lockout
 * (10 failures in 15 minutes) holds from any address; per-IP rate limits answer 429.
 */
import { expect, test, type Page } from '@playwright/test';
import { createVerifiedUser, PASSWORD, postForm, signIn, signUpFields, uniqueEmail, uniqueIp } from '../support/accounts';
import { readMails } from '../support/mail';
import { hydrated } from '../support/pages';

test.beforeEach(async ({ page }) => {
  await page.setExtraHTTPHeaders({ 'X-Forwarded-For': uniqueIp() });
});

const EMAIL_INVALID = 'Please enter a valid email address.';
const PASSWORD_RULE = 'Please ensure your password meets all requirements and passwords match';

/** Each case: what to change in a valid sign-up, the text, and the field it shows at. */
const signUpCases: { name: string; fields: Record<string, string | string[] | undefined>; text: string; at: string }[] = [
  { name: 'empty full name', fields: { name: '   ' }, text: 'Full name is required', at: 'Full name' },
  {
    name: 'full name over 100 characters',
    fields: { name: 'N'.repeat(101) },
    text: 'Full name must be at most 100 characters',
    at: 'Full name',
  },
  { name: 'malformed e-mail', fields: { email: 'not-an-email' }, text: EMAIL_INVALID, at: 'Email' },
  {
    name: 'password without a special character',
    fields: { password: 'Passw0rdxx', confirmPassword: 'Passw0rdxx' },
    text: PASSWORD_RULE,
    at: 'Password',
  },
  {
    name: 'password under 8 characters',
    fields: { password: 'Pa0!x', confirmPassword: 'Pa0!x' },
    text: PASSWORD_RULE,
    at: 'Password',
  },
  {
    name: 'password without upper case',
    fields: { password: 'passw0rd!x', confirmPassword: 'passw0rd!x' },
    text: PASSWORD_RULE,
    at: 'Password',
  },
  {
    name: 'password without lower case',
    fields: { password: 'PASSW0RD!X', confirmPassword: 'PASSW0RD!X' },
    text: PASSWORD_RULE,
    at: 'Password',
  },
  {
    name: 'password without a number',
    fields: { password: 'Password!x', confirmPassword: 'Password!x' },
    text: PASSWORD_RULE,
    at: 'Password',
  },
  {
    name: 'confirmation that does not match',
    fields: { confirmPassword: 'Str0ng!Passw0rd-else' },
    text: PASSWORD_RULE,
    at: 'Password',
  },
  {
    name: 'no role',
    fields: { isBorrower: undefined, loanType: undefined },
    text: 'Please select at least one role: borrower or investor',
    at: 'roles',
  },
  {
    name: 'terms not accepted',
    fields: { acceptTerms: undefined },
    text: 'You must accept the terms and conditions',
    at: 'terms',
  },
];

/** Fills a valid borrower sign-up in the page, then applies `change` the way a user would. */
async function fillWith(page: Page, email: string, change: Record<string, string | string[] | undefined>) {
  await page.goto('/login?signup=true');
  await hydrated(page);
  const form = page.locator('form#sign-up');
  const value = (k: string, fallback: string) => (k in change ? (change[k] as string | undefined) : fallback);
  await form.getByLabel('Full name').fill(value('name', 'Valid Name') ?? '');
  await form.getByLabel('Email').fill(value('email', email) ?? '');
  await form.getByLabel('Password', { exact: true }).fill(value('password', PASSWORD) ?? '');
  await form.getByLabel('Confirm password').fill(value('confirmPassword', PASSWORD) ?? '');
  if (value('isBorrower', 'on')) await form.getByRole('checkbox', { name: /^Borrower/ }).check();
  if (value('acceptTerms', 'on')) await form.getByLabel(/I accept the/).check();
  await form.getByRole('button', { name: 'Create Account' }).click();
  return form;
}

for (const c of signUpCases) {
  test(`sign-up refuses ${c.name}: the text at the field, and 4xx with no user from the server`, async ({ page }) => {
    const email = uniqueEmail('rule');
    const form = await fillWith(page, email, c.fields);
    const errorText = form.getByText(c.text, { exact: true });
    await expect(errorText).toBeVisible();
    if (c.at === 'roles') await expect(form.getByRole('group', { name: 'I am joining as' })).toContainText(c.text);
    else if (c.at === 'terms')
      await expect(form.getByRole('checkbox', { name: /I accept the/ })).toHaveAttribute('aria-invalid', 'true');
    else await expect(form.getByLabel(c.at, { exact: true })).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByRole('heading', { name: 'Account Created' })).toHaveCount(0);

    // Straight to the server, JavaScript's checks skipped.
    const fields = { ...signUpFields(email, { borrower: true }) } as Record<string, string | string[]>;
    for (const [k, v] of Object.entries(c.fields)) {
      if (v === undefined) delete fields[k];
      else fields[k] = v;
    }
    const res = await postForm('/login', fields);
    expect(res.status).toBe(400);
    expect(await res.text()).toContain(c.text);
    await expectNoUser(email, (fields.password as string) ?? PASSWORD);
  });
}

test('an investor who does not answer accredited "yes" is refused with the spec text', async ({ page }) => {
  const email = uniqueEmail('not-accredited');
  await page.goto('/login?signup=true');
  await hydrated(page);
  const form = page.locator('form#sign-up');
  await form.getByLabel('Full name').fill('Ivy Investor');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await form.getByLabel('Confirm password').fill(PASSWORD);
  await form.getByRole('checkbox', { name: /^Investor/ }).check();
  await form.getByRole('radio', { name: 'Not sure' }).check();
  await form.getByLabel(/I accept the/).check();
  await form.getByRole('button', { name: 'Create Account' }).click();
  const text = 'To create an investor account, you must be an accredited investor.';
  await expect(form.getByText(text)).toBeVisible();
  for (const accredited of ['no', 'unsure', undefined]) {
    const fields = signUpFields(email, { investor: true }) as Record<string, string>;
    if (accredited) fields.accredited = accredited;
    else delete fields.accredited;
    const res = await postForm('/login', fields);
    expect(res.status).toBe(400);
  }
  // Straight to better-auth's own endpoint, too.
  const api = await fetch(`http://localhost:${process.env.E2E_PORT}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: {
      Origin: `http://localhost:${process.env.E2E_PORT}`,
      'Content-Type': 'application/json',
      'X-Forwarded-For': uniqueIp(),
    },
    body: JSON.stringify({
      name: 'Ivy',
      email,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      isInvestor: true,
      accredited: 'no',
      acceptTerms: true,
    }),
  });
  expect(api.status).toBe(400);
  expect((await api.json()).message).toBe(text);
  await expectNoUser(email, PASSWORD);
});

test('sign-in: "Email is required" and "Password is required" at the fields, and 400 from the server', async ({ page }) => {
  await page.goto('/login');
  await hydrated(page);
  const form = page.locator('form#sign-in');
  await form.getByRole('button', { name: 'Sign In' }).click();
  await expect(form.getByText('Email is required')).toBeVisible();
  await expect(form.getByText('Password is required')).toBeVisible();
  await expect(form.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
  for (const fields of [
    { intent: 'signin', email: '', password: PASSWORD },
    { intent: 'signin', email: 'someone@example.com', password: '' },
  ]) {
    const res = await postForm('/login', fields);
    expect(res.status).toBe(400);
    expect(await res.text()).toContain(fields.email ? 'Password is required' : 'Email is required');
  }
});

/** No account exists for `email`: no verification e-mail, and signing in is 'Invalid email or password'. */
async function expectNoUser(email: string, password: string) {
  const res = await signIn(email.trim().toLowerCase(), password || PASSWORD);
  expect([400, 401]).toContain(res.status);
  expect((await readMails(process.env.E2E_DATA_DIR!)).some((m) => m.to === email.trim().toLowerCase())).toBe(false);
}

test('the eleventh failed sign-in for one account within 15 minutes is refused even with the right password, from any IP', async () => {
  const user = await createVerifiedUser({ borrower: true }, 'lockout');
  for (let i = 0; i < 10; i++) {
    const res = await signIn(user.email, `Wr0ng!Password${i}`, { ip: uniqueIp() });
    expect(res.status, `attempt ${i + 1}`).toBe(401);
  }
  for (const admin of [false, true]) {
    const res = await signIn(user.email, user.password, { ip: uniqueIp(), admin });
    expect(res.status).toBe(403);
    expect(await res.text()).toContain('Too many failed sign-in attempts');
  }
  // better-auth's own endpoint refuses it too.
  const api = await fetch(`http://localhost:${process.env.E2E_PORT}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: {
      Origin: `http://localhost:${process.env.E2E_PORT}`,
      'Content-Type': 'application/json',
      'X-Forwarded-For': uniqueIp(),
    },
    body: JSON.stringify({ email: user.email, password: user.password }),
  });
  expect(api.status).toBe(403);
  expect(
    api.headers.getSetCookie().some((c) => c.startsWith('ormsby.session_token=') && !c.startsWith('ormsby.session_token=;')),
  ).toBe(false);
});

test('per-IP rate limits: sign-in, sign-up and reset requests from one address beyond the limit get 429', async () => {
  const ip = uniqueIp();
  const statuses: number[] = [];
  for (let i = 0; i < 11; i++) statuses.push((await signIn(uniqueEmail('rl'), PASSWORD, { ip })).status);
  expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
  expect(statuses[10]).toBe(429);
  // Another address is not affected.
  expect((await signIn(uniqueEmail('rl'), PASSWORD, { ip: uniqueIp() })).status).toBe(401);

  const signUpIp = uniqueIp();
  const signUps: number[] = [];
  for (let i = 0; i < 6; i++)
    signUps.push((await postForm('/login', signUpFields(uniqueEmail('rl-su'), { borrower: true }), { ip: signUpIp })).status);
  expect(signUps.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
  expect(signUps[5]).toBe(429);

  const resetIp = uniqueIp();
  const resets: number[] = [];
  for (let i = 0; i < 6; i++)
    resets.push((await postForm('/login', { intent: 'forgot', email: uniqueEmail('rl-r') }, { ip: resetIp })).status);
  expect(resets.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
  expect(resets[5]).toBe(429);
});
