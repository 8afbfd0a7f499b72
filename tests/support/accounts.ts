/**
 * Accounts for end-to-end tests, made the way a visitor makes them: sign-up through /login,
 * the verification link read from `DATA_DIR/mail`, sign-in through /login or /admin-login.
 * Each call can carry its own client address (X-Forwarded-For; the e2e server trusts one
 * proxy hop) so per-IP rate limits do not couple unrelated tests.
 */
import { randomInt, randomUUID } from 'node:crypto';
import { expect } from '@playwright/test';
import { readMails } from './mail';
import { answerSecondStep, answerSecondStepWith, nextTotpStep, rememberedSecret, unusedTotpCode } from './two-factor';

export const baseURL = `http://localhost:${process.env.E2E_PORT}`;
export const dataDir = process.env.E2E_DATA_DIR!;
export const PASSWORD = 'Str0ng!Passw0rd';
export const ADMIN = { email: 'admin@example.test', password: 'Adm1n!Passw0rd' };

/**
 * Staff accounts besides the configured admin, made admins and enrolled by tests/e2e/staff.setup.ts,
 * for tests that need a staff session and not a particular person: an account takes at most three
 * authenticator codes in 30 s (each is accepted once), which one account could not give a whole
 * suite without making tests wait for the clock.
 */
export const STAFF = Array.from({ length: 6 }, (_, i) => ({ email: `staff${i + 1}@example.test`, password: ADMIN.password }));

/** A client address no other test uses. */
export function uniqueIp(): string {
  return `10.${randomInt(0, 255)}.${randomInt(0, 255)}.${randomInt(1, 254)}`;
}

/** A fresh e-mail address. */
export function uniqueEmail(tag: string): string {
  return `${tag}-${randomUUID().slice(0, 8)}@example.com`;
}

export type Roles = { borrower?: boolean; investor?: boolean };

/** The form fields of a valid sign-up for `email` with `roles`, plus `extra` fields. */
export function signUpFields(email: string, roles: Roles, extra: Record<string, string | string[]> = {}) {
  const fields: Record<string, string | string[]> = {
    intent: 'signup',
    name: 'Test User',
    email,
    password: PASSWORD,
    confirmPassword: PASSWORD,
    acceptTerms: 'on',
  };
  if (roles.borrower) Object.assign(fields, { isBorrower: 'on', loanType: 'bridge' });
  if (roles.investor) Object.assign(fields, { isInvestor: 'on', accredited: 'yes', income: 'over-300k' });
  return { ...fields, ...extra };
}

function form(fields: Record<string, string | string[]>): URLSearchParams {
  const body = new URLSearchParams();
  for (const [k, v] of Object.entries(fields)) for (const item of [v].flat()) body.append(k, item);
  return body;
}

/** POSTs a form to `path` as a browser without JavaScript would; never follows redirects. */
export async function postForm(
  path: string,
  fields: Record<string, string | string[]>,
  init: { ip?: string; cookie?: string } = {},
) {
  return fetch(`${baseURL}${path}`, {
    method: 'POST',
    redirect: 'manual',
    headers: {
      Origin: baseURL,
      'Content-Type': 'application/x-www-form-urlencoded',
      'X-Forwarded-For': init.ip ?? uniqueIp(),
      ...(init.cookie ? { Cookie: init.cookie } : {}),
    },
    body: form(fields),
  });
}

/** The `name=value` of the session cookie among a response's Set-Cookie headers, or ''. */
export function sessionCookie(res: Response): string {
  const cookie = res.headers.getSetCookie().find((c) => /^ormsby\.session_token=[^;]+/.test(c));
  return cookie ? cookie.split(';')[0]! : '';
}

/**
 * Waits for the newest e-mail to `to` whose subject contains `subject` (and whose body contains
 * `body`, when given: tests running side by side send alike e-mails), and returns it.
 */
export async function waitForMail(to: string, subject: string, body?: string) {
  let found: Awaited<ReturnType<typeof readMails>>[number] | undefined;
  await expect
    .poll(
      async () => {
        found = (await readMails(dataDir))
          .filter((m) => m.to === to && m.subject.includes(subject) && (!body || m.body.includes(body)))
          .at(-1);
        return Boolean(found);
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  return found!;
}

/** The first link in `body` that contains `fragment`. */
export function linkIn(body: string, fragment: string): string {
  const link = body.match(new RegExp(`https?://[^\\s"<>]*${fragment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}[^\\s"<>]*`))?.[0];
  if (!link) throw new Error(`no link with ${fragment} in:\n${body}`);
  return link.replaceAll('&amp;', '&');
}

/**
 * Signs up through /login (with `fields` over the defaults, e.g. a `name`) and opens the
 * verification link; returns the signed-in cookie.
 */
export async function createVerifiedUser(roles: Roles, tag = 'user', fields: Record<string, string> = {}) {
  const email = uniqueEmail(tag);
  const res = await postForm('/login', signUpFields(email, roles, fields));
  expect(res.status).toBe(200);
  const mail = await waitForMail(email, 'Confirm your e-mail address');
  // Opened from the new user's own address, as every simulated visitor has one: the auth
  // routes' per-address limit (100 a minute) is not the whole suite's to share.
  const verified = await fetch(linkIn(mail.body, '/api/auth/verify-email'), {
    redirect: 'manual',
    headers: { 'X-Forwarded-For': uniqueIp() },
  });
  expect(verified.status).toBe(302);
  const cookie = sessionCookie(verified);
  expect(cookie).not.toBe('');
  return { email, password: PASSWORD, cookie };
}

/**
 * Signs in through /login (or /admin-login); returns the response. For an account whose
 * authenticator secret the suite remembers (the configured admin, tests/e2e/staff.setup.ts), the
 * second step is answered with a fresh code and its response returned.
 */
export async function signIn(email: string, password: string, init: { ip?: string; admin?: boolean } = {}) {
  const ip = init.ip ?? uniqueIp();
  const res = await postForm(init.admin ? '/admin-login' : '/login', { intent: 'signin', email, password }, { ip });
  const secret = await rememberedSecret(dataDir, email);
  return secret ? answerSecondStep(baseURL, res, secret, ip) : res;
}

/**
 * Signs a staff member in at /admin-login with both steps: the first account of `STAFF` (tried
 * from a random one on) with an authenticator code unused now, waiting for the next 30 s step when
 * none has. Returns the session cookie and the staff member's e-mail address.
 */
export async function staffSession(init: { ip?: string } = {}): Promise<{ cookie: string; email: string }> {
  const ip = init.ip ?? uniqueIp();
  for (;;) {
    const first = randomInt(STAFF.length);
    for (let i = 0; i < STAFF.length; i++) {
      const member = STAFF[(first + i) % STAFF.length]!;
      const secret = await rememberedSecret(dataDir, member.email);
      if (!secret) throw new Error(`${member.email} has no authenticator secret: run the setup project`);
      const code = await unusedTotpCode(secret);
      if (!code) continue;
      const passwordStep = await postForm(
        '/admin-login',
        { intent: 'signin', email: member.email, password: member.password },
        { ip },
      );
      const signedIn = await answerSecondStepWith(baseURL, passwordStep, { intent: 'totp', code }, ip);
      const cookie = sessionCookie(signedIn);
      if (signedIn.status !== 302 || !cookie) throw new Error(`${member.email} could not sign in: ${signedIn.status}`);
      return { cookie, email: member.email };
    }
    await nextTotpStep();
  }
}

/**
 * Where a page request (or its `.data` request) for `path` goes with `cookie`: the redirect
 * target, or `200` when the page is served.
 */
export async function landing(path: string, cookie: string, kind: 'page' | 'data' = 'page'): Promise<string> {
  const [pathname, query] = path.split(/\?(.*)/s) as [string, string | undefined];
  const url =
    kind === 'page' ? `${baseURL}${path}` : `${baseURL}${pathname === '/' ? '/_root' : pathname}.data${query ? `?${query}` : ''}`;
  const res = await fetch(url, { redirect: 'manual', headers: cookie ? { Cookie: cookie } : {} });
  if (kind === 'page') {
    if (res.status >= 300 && res.status < 400)
      return new URL(res.headers.get('location')!, baseURL).pathname + new URL(res.headers.get('location')!, baseURL).search;
    return String(res.status);
  }
  const text = await res.text();
  const match = text.match(/"SingleFetchRedirect".*?"redirect","([^"]+)"/);
  return match ? match[1]! : String(res.status);
}

/** The user id of `email` in the admin directory (as the admin of `adminCookie`, on `base`). */
export async function userIdOf(email: string, adminCookie: string, base = baseURL): Promise<string> {
  const html = await (
    await fetch(`${base}/admin-dashboard/users?q=${encodeURIComponent(email)}`, { headers: { Cookie: adminCookie } })
  ).text();
  const id = html.match(/data-user-id="([^"]+)"/)?.[1];
  if (!id) throw new Error(`no row for ${email}`);
  return id;
}

/**
 * A new staff member who has not enrolled a second factor yet: a verified investor made admin by
 * the staff member of `adminCookie` (`grant-admin`, with `reason` for the audit log).
 */
export async function newStaffMember(tag: string, adminCookie: string, reason: string) {
  const member = await createVerifiedUser({ investor: true }, tag);
  const granted = await postForm(
    '/admin-dashboard/users',
    { intent: 'grant-admin', userId: await userIdOf(member.email, adminCookie), reason },
    { cookie: adminCookie },
  );
  expect(granted.status).toBe(200);
  return member;
}
