/**
 * Defects of issue "Solid ground" proven over HTTP against the production build, one test each
 * (the number is the issue's): 20 redirectTo, 21 U+0000 in a URL, 23 a reset lifts the lock,
 * 24 per-user limits and one lender e-mail per user and deal, 25 decimal numbers only,
 * 26 a password change without JavaScript keeps the session, 28 no listener leak under load.
 */
import net from 'node:net';
import path from 'node:path';
import { expect, test, type Locator } from '@playwright/test';
import {
  ADMIN,
  baseURL,
  createVerifiedUser,
  dataDir,
  landing,
  linkIn,
  PASSWORD,
  postForm,
  sessionCookie,
  signIn,
  uniqueEmail,
  uniqueIp,
  waitForMail,
  staffSession,
} from '../support/accounts';
import { enrolTwoFactor, passSecondStep, rememberedSecret } from '../support/two-factor';
import { readMails } from '../support/mail';
import { startServer } from '../support/server-process';
import { newDataDir } from '../support/data-dir';
import { serverAddress, throughPort } from '../support/postgres-database';
import { hydrated } from '../support/pages';

test('20: after sign-in, redirectTo keeps only paths of this site; control characters and spaces go to the portal', async () => {
  const user = await createVerifiedUser({ borrower: true }, 'redirect');
  const cases: [string, string][] = [
    ['/dashboard/profile?tab=security', '/dashboard/profile?tab=security'],
    ['/\t/evil.example', '/dashboard'],
    ['/\n/evil.example', '/dashboard'],
    ['/\r\n/evil.example', '/dashboard'],
    ['/\v/evil.example', '/dashboard'],
    ['/\f/evil.example', '/dashboard'],
    ['/\u3000/evil.example', '/dashboard'],
    ['//evil.example', '/dashboard'],
    ['/\\evil.example', '/dashboard'],
    ['https://evil.example/', '/dashboard'],
  ];
  for (const [redirectTo, expected] of cases) {
    const res = await postForm(
      '/login',
      { intent: 'signin', email: user.email, password: PASSWORD, redirectTo },
      { ip: uniqueIp() },
    );
    expect(res.status, JSON.stringify(redirectTo)).toBe(302);
    expect(res.headers.get('location'), JSON.stringify(redirectTo)).toBe(expected);
  }
});

test('21: U+0000 in a URL path or query answers 400', async () => {
  const admin = (await staffSession({ ip: uniqueIp() })).cookie;
  for (const url of ['/admin-dashboard/users/%00/details', '/admin-dashboard/users?q=%00', '/deal/%00', '/%E0%A4%A']) {
    const res = await fetch(`${baseURL}${url}`, { headers: { Cookie: admin }, redirect: 'manual' });
    expect(res.status, url).toBe(400);
  }
});

test('23: a password reset lifts the failed-sign-in lock', async () => {
  const user = await createVerifiedUser({ investor: true }, 'unlock');
  for (let i = 0; i < 10; i++) await signIn(user.email, `Wr0ng!Password${i}`, { ip: uniqueIp() });
  expect((await signIn(user.email, user.password, { ip: uniqueIp() })).status).toBe(403);
  expect((await postForm('/login', { intent: 'forgot', email: user.email })).status).toBe(200);
  const mail = await waitForMail(user.email, 'Reset your password');
  const link = await fetch(linkIn(mail.body, '/api/auth/reset-password/'), { redirect: 'manual' });
  const token = new URL(link.headers.get('location')!, baseURL).searchParams.get('token')!;
  const fresh = 'Unl0cked!Passw0rd';
  const reset = await postForm(`/reset-password?token=${token}`, { token, newPassword: fresh, confirmPassword: fresh });
  expect(reset.status).toBe(302);
  expect((await signIn(user.email, fresh, { ip: uniqueIp() })).status).toBe(302);
});

test('24: interest changes are limited per user, and the lender gets one e-mail per user and deal', async () => {
  const investor = await createVerifiedUser({ investor: true }, 'toggler');
  // The investor's own list shows Active deals first.
  const deals = await (await fetch(`${baseURL}/dashboard/deals`, { headers: { Cookie: investor.cookie } })).text();
  const dealId = /\/deal\/([0-9a-f-]{36})/.exec(deals)![1]!;
  const statuses = await Promise.all(
    Array.from({ length: 30 }, (_, i) =>
      postForm(`/deals/${dealId}/interest`, { intent: i % 2 ? 'unfollow' : 'follow' }, { cookie: investor.cookie }).then(
        (r) => r.status,
      ),
    ),
  );
  expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(10);
  expect(statuses.every((s) => [200, 409, 429].includes(s))).toBe(true);
  // The lender's notice waits a minute for further changes: none of the 20 changes has been mailed yet.
  const sent = (await readMails(dataDir)).filter(
    (m) => m.to === 'lender@example.test' && /interest/i.test(m.subject) && m.body.includes(investor.email),
  );
  expect(sent).toHaveLength(0);
});

test('25: numbers are read in decimal only', async () => {
  const admin = (await staffSession({ ip: uniqueIp() })).cookie;
  const fields = {
    title: 'Hex probe',
    location: 'Reno, NV',
    description: 'A deal with a hexadecimal rate.',
    loanAmount: '100000',
    ltv: '60',
    interestRate: '0x10',
    termMonths: '12',
    minimumInvestment: '1000',
  };
  for (const value of ['0x10', '1e1', '0b1', 'Infinity', ' 12abc']) {
    const res = await postForm('/admin-dashboard/deals/new', { ...fields, interestRate: value }, { cookie: admin });
    expect(res.status, value).toBe(400);
  }
  const deals = await (await fetch(`${baseURL}/admin-dashboard/deals?q=Hex+probe`, { headers: { Cookie: admin } })).text();
  expect(deals).toContain('No deals found');
});

test('26: changing the password without JavaScript keeps this session signed in', async () => {
  const user = await createVerifiedUser({ borrower: true }, 'nojs-password');
  const fresh = 'Ch4nged!Passw0rd';
  const res = await postForm(
    '/dashboard/profile',
    { intent: 'change-password', currentPassword: PASSWORD, newPassword: fresh, confirmPassword: fresh },
    { cookie: user.cookie },
  );
  expect(res.status).toBe(302);
  expect(res.headers.get('location')).toBe('/dashboard/profile');
  const cookie = sessionCookie(res);
  expect(cookie).not.toBe('');
  expect(await landing('/dashboard/profile', cookie)).toBe('200');
  expect(await landing('/dashboard/profile', user.cookie)).toBe('/login?redirectTo=%2Fdashboard%2Fprofile');
});

test('28: concurrent compressed pages add no listener leak warning', async () => {
  test.setTimeout(120_000);
  const server = await startServer({
    DATA_DIR: path.join(newDataDir('leak'), 'data'),
    SEED_DEMO: 'true',
    PAGE_CACHE: 'false',
  });
  try {
    for (let round = 0; round < 5; round++)
      await Promise.all(
        Array.from({ length: 20 }, () =>
          fetch(`${server.url}/deals`, { headers: { 'Accept-Encoding': 'gzip' } }).then((r) => r.arrayBuffer()),
        ),
      );
    expect(server.output()).not.toContain('MaxListenersExceededWarning');
  } finally {
    server.process.kill('SIGTERM');
    await server.exited;
  }
});

test('27: while PostgreSQL is out of reach, pages that need it answer 503 with Retry-After, and the site recovers by itself', async () => {
  const adminUrl = process.env.TEST_DATABASE_URL;
  test.setTimeout(120_000);
  const { default: pg } = await import('pg');
  const name = `ormsby_outage_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();

  // A TCP proxy in front of PostgreSQL: closing it is the outage.
  const sockets = new Set<net.Socket>();
  const proxy = net.createServer((client) => {
    const upstream = net.connect(serverAddress(adminUrl!));
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => s.destroy());
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const port = (proxy.address() as net.AddressInfo).port;
  const url = new URL(throughPort(adminUrl!, port));
  url.pathname = `/${name}`;

  const server = await startServer({
    DATA_DIR: path.join(newDataDir('outage'), 'data'),
    DATABASE_URL: url.toString(),
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
  });
  const signedIn = await fetch(`${server.url}/admin-login`, {
    method: 'POST',
    redirect: 'manual',
    headers: { Origin: server.url, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ intent: 'signin', email: ADMIN.email, password: ADMIN.password }),
  });
  const { cookie } = await enrolTwoFactor(server.url, sessionCookie(signedIn), ADMIN.password, '127.0.0.1');
  // The session is looked up in the database on every page.
  const page = (suffix = '') => fetch(`${server.url}/admin-dashboard${suffix}`, { headers: { Cookie: cookie } });
  try {
    expect((await page()).status).toBe(200);
    proxy.close();
    for (const s of sockets) s.destroy();
    const out = await page();
    expect(out.status).toBe(503);
    expect(out.headers.get('retry-after')).toBe('30');
    const html = await out.text();
    expect(html).toContain('right back');
    // The page gives the request id the log has, for the lender to look up.
    expect(html).toContain(out.headers.get('x-request-id')!);
    expect((await page('.data')).status).toBe(503);
    expect((await fetch(`${server.url}/healthz`)).status).toBe(503);
    await new Promise<void>((resolve) => proxy.listen(port, '127.0.0.1', resolve));
    await expect.poll(async () => (await fetch(`${server.url}/healthz`)).status, { timeout: 30_000 }).toBe(200);
    expect((await page()).status).toBe(200);
    expect(server.output()).not.toMatch(/"level":50[^\n]*unexpected error/);
  } finally {
    server.process.kill('SIGTERM');
    await server.exited;
    proxy.close();
    for (const s of sockets) s.destroy();
    const cleanup = new pg.Client({ connectionString: adminUrl });
    await cleanup.connect();
    await cleanup.query(`drop database if exists ${name} with (force)`);
    await cleanup.end();
  }
});

test('4: an unconfirmed sign-in and Account Created offer a new verification e-mail, with the same answer for any address', async ({
  page,
}) => {
  const email = uniqueEmail('resend');
  await page.setExtraHTTPHeaders({ 'X-Forwarded-For': uniqueIp() });
  await page.goto('/login?signup=true');
  await hydrated(page);
  const form = page.locator('form#sign-up');
  await form.getByLabel('Full name').fill('Resend Tester');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await form.getByLabel('Confirm password').fill(PASSWORD);
  await form.getByRole('checkbox', { name: /Borrower/ }).check();
  await form.getByRole('checkbox', { name: /I accept/ }).check();
  await form.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByRole('heading', { name: 'Account Created' })).toBeVisible();
  await waitForMail(email, 'Confirm your e-mail address');
  const confirmations = async () =>
    (await readMails(dataDir)).filter((m) => m.to === email && m.subject.includes('Confirm your e-mail address')).length;
  expect(await confirmations()).toBe(1);
  await page.getByRole('button', { name: 'Resend verification e-mail' }).click();
  await expect(page.getByText('Verification e-mail sent').first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Account Created' })).toBeVisible();
  await expect.poll(confirmations, { timeout: 15_000 }).toBe(2);

  // Without JavaScript too, the panel stays with its answer in it (the server renders it from the answer).
  const again = await postForm('/login', { intent: 'resend', from: 'account-created', email });
  expect(again.status).toBe(200);
  const html = await again.text();
  expect(html).toContain('Account Created');
  expect(html).toContain('Verification e-mail sent');
  expect(html).not.toContain('id="sign-up"');

  // Signing in before confirming offers it too.
  const refused = await postForm('/login', { intent: 'signin', email, password: PASSWORD });
  expect(refused.status).toBe(403);
  expect(await refused.text()).toContain('Resend verification e-mail');

  // The same answer for an address without an account.
  const known = await postForm('/login', { intent: 'resend', email });
  const unknown = await postForm('/login', { intent: 'resend', email: uniqueEmail('nobody') });
  expect(known.status).toBe(200);
  expect(unknown.status).toBe(200);
  const sentence = 'If this address has an account waiting for confirmation, a new link is on its way.';
  expect(await known.text()).toContain(sentence);
  expect(await unknown.text()).toContain(sentence);
});

test('quiet, honest logs: a normal start warns of nothing, names the admin sign-in, every line is JSON, and each request has one access-log line under its id', async () => {
  test.setTimeout(120_000);
  const server = await startServer({
    DATA_DIR: path.join(newDataDir('logs'), 'data'),
    SEED_DEMO: 'true',
    AUTH_SECRET: '',
  });
  try {
    // A sign-in for an unknown address makes better-auth log: through the same logger.
    const res = await fetch(`${server.url}/login`, {
      method: 'POST',
      redirect: 'manual',
      headers: { Origin: server.url, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ intent: 'signin', email: 'nobody@example.com', password: 'Wr0ng!Passw0rd' }),
    });
    expect(res.status).toBe(401);
    await expect.poll(() => server.output().includes('better-auth:'), { timeout: 10_000 }).toBe(true);
    const lines = server
      .output()
      .split('\n')
      .filter((l) => l.trim());
    const entries = lines.map((l) => JSON.parse(l) as { level: number; msg: string; file?: string });
    const started = entries.slice(0, entries.findIndex((e) => e.msg.includes('is listening on')) + 1);
    expect(started.filter((e) => e.level >= 40)).toEqual([]);
    expect(started.at(-1)!.msg).toContain(`${server.url}/admin-login`);
    expect(started.find((e) => e.msg.startsWith('AUTH_SECRET is not set'))?.file).toMatch(/auth-secret$/);

    // The access log (server/access-log.ts): one line per answer, under the id sent back as
    // X-Request-Id; a proxy's well-formed id is kept, a malformed one replaced; a 4xx at warn.
    // /about twice: the first through Express, the second from the page cache's front lane.
    const given = ['proxy-0123456789-a', 'proxy-0123456789-b'];
    for (const id of given) {
      const about = await fetch(`${server.url}/about`, { headers: { 'X-Request-Id': id } });
      expect(about.headers.get('x-request-id')).toBe(id);
      await about.text();
    }
    const odd = await fetch(`${server.url}/no-such-page`, { headers: { 'X-Request-Id': 'bad id with spaces' } });
    expect(odd.status).toBe(404);
    await odd.text();
    const oddId = odd.headers.get('x-request-id')!;
    expect(oddId).toMatch(/^[0-9a-f-]{36}$/);
    type Access = { level: number; msg: string; req?: { id: string; method: string; url: string }; res?: { statusCode: number } };
    const accessOf = (id: string) =>
      server
        .output()
        .split('\n')
        .filter((l) => l.trim())
        .map((l) => JSON.parse(l) as Access)
        .filter((e) => e.req?.id === id);
    await expect.poll(() => accessOf(oddId).length, { timeout: 10_000 }).toBe(1);
    for (const id of given)
      expect(accessOf(id)).toMatchObject([
        { level: 30, msg: 'request completed', req: { method: 'GET', url: '/about' }, res: { statusCode: 200 } },
      ]);
    expect(accessOf(oddId)).toMatchObject([
      { level: 40, msg: 'request completed', req: { url: '/no-such-page' }, res: { statusCode: 404 } },
    ]);
    expect(accessOf(res.headers.get('x-request-id')!)).toMatchObject([
      { level: 40, req: { method: 'POST', url: '/login' }, res: { statusCode: 401 } },
    ]);
    // The health checks that started the test are not logged.
    expect(server.output()).not.toContain('"url":"/healthz"');
  } finally {
    server.process.kill('SIGTERM');
    await server.exited;
  }
});

test('under LOG_LEVEL=warn the access log keeps the refused requests and drops the answered ones', async () => {
  test.setTimeout(120_000);
  const server = await startServer({
    DATA_DIR: path.join(newDataDir('warn-logs'), 'data'),
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
  });
  try {
    const ok = await fetch(`${server.url}/about`);
    expect(ok.status).toBe(200);
    await ok.text();
    const missing = await fetch(`${server.url}/no-such-page`);
    expect(missing.status).toBe(404);
    await missing.text();
    const idOf = (r: Response) => `"id":"${r.headers.get('x-request-id')!}"`;
    await expect.poll(() => server.output().includes(idOf(missing)), { timeout: 10_000 }).toBe(true);
    const line = server
      .output()
      .split('\n')
      .find((l) => l.includes(idOf(missing)));
    expect(JSON.parse(line!)).toMatchObject({ level: 40, msg: 'request completed', res: { statusCode: 404 } });
    expect(server.output()).not.toContain(idOf(ok));
  } finally {
    server.process.kill('SIGTERM');
    await server.exited;
  }
});

/** Whether a click on the centre of `target` reaches it (nothing else lies on top). */
const reachedByClick = (target: Locator) =>
  target.evaluate((a) => {
    const r = a.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return hit === a || a.contains(hit);
  });

test('6: a toast covers neither the header nor the page’s main action', async ({ page }) => {
  await page.setExtraHTTPHeaders({ 'X-Forwarded-For': uniqueIp() });
  await page.goto('/admin-login');
  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
  await page.getByRole('button', { name: 'Log In' }).click();
  await passSecondStep(page, (await rememberedSecret(dataDir, ADMIN.email))!);
  await expect(page.getByText('Welcome back!')).toBeVisible();
  await page.getByRole('link', { name: 'Deals' }).first().click();
  const add = page.getByRole('link', { name: 'Add New Deal' });
  await expect(add).toBeVisible();
  await expect(page.getByText('Welcome back!')).toBeVisible();
  // What a click on the action's centre reaches is the action itself.
  expect(await reachedByClick(add)).toBe(true);
  await add.click();
  await expect(page).toHaveURL(/\/admin-dashboard\/deals\/new$/);
});

test.describe('at 390px', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('6: on a phone, a toast leaves the header’s menu reachable', async ({ page }) => {
    await page.setExtraHTTPHeaders({ 'X-Forwarded-For': uniqueIp() });
    await page.goto('/login');
    await hydrated(page);
    const form = page.locator('form#sign-in');
    await form.getByLabel('Email').fill(uniqueEmail('toast'));
    await form.getByLabel('Password', { exact: true }).fill('Wr0ng!Passw0rd');
    await form.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText('Invalid email or password').first()).toBeVisible();
    const menu = page.getByRole('banner').getByRole('button', { name: 'Open menu' });
    expect(await reachedByClick(menu)).toBe(true);
  });

  test('9: the home contact block’s e-mail wraps only after @ or a dot', async ({ page }) => {
    await page.goto('/');
    const mail = page.locator('main a[href^="mailto:"]').first();
    await expect(mail).toBeVisible();
    const style = await mail.evaluate((a) => {
      const s = getComputedStyle(a);
      return { wordBreak: s.wordBreak, wrap: s.overflowWrap, breaks: a.querySelectorAll('wbr').length };
    });
    expect(style.wordBreak).not.toBe('break-all');
    expect(style.wrap).not.toBe('anywhere');
    expect(style.breaks).toBeGreaterThan(0);
  });
});

test('7: sign-up: the side panel is as tall as its content, a password error shows once, and passwords can be shown', async ({
  page,
}) => {
  await page.goto('/login?signup=true');
  await hydrated(page);
  const form = page.locator('form#sign-up');
  await form.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Please ensure your password meets all requirements and passwords match')).toHaveCount(1);
  const panel = page.locator('aside').first();
  const height = (await panel.boundingBox())!.height;
  expect(height).toBeLessThan(700);
  const password = form.getByLabel('Password', { exact: true });
  await password.fill('Str0ng!Passw0rd');
  await expect(password).toHaveAttribute('type', 'password');
  await form.getByRole('button', { name: 'Show password' }).first().click();
  await expect(password).toHaveAttribute('type', 'text');
});

test('10: the calls to action say where they go', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Reach Out' }).first()).toHaveAttribute('href', '/login?signup=true');
  await expect(page.getByText('Reach Out opens your client account', { exact: false })).toBeVisible();
  await page.goto('/about');
  await expect(
    page.getByText('Reach Out opens your client account to apply; Contact Us sends our team a message.'),
  ).toBeVisible();
});

test('13: on a touch screen the upload card offers no drag and drop', async ({ browser }) => {
  const user = await createVerifiedUser({ borrower: true }, 'touch');
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  const [name, value] = user.cookie.split(/=(.*)/s) as [string, string];
  await context.addCookies([{ name, value, url: baseURL }]);
  const page = await context.newPage();
  await page.goto('/dashboard/loans');
  await expect(page.getByText('Choose files')).toBeVisible();
  await expect(page.getByText('Drag and drop files here')).toBeHidden();
  await context.close();
});
