/**
 * Issue 22, defect 2, over HTTP against the production build: `redirectTo` with dot segments
 * (`/.//evil.example`, `/a/..//evil.example`, `/%2e//evil.example`…) resolves to `//evil.example`
 * in a browser. /login, /admin-login, /two-factor and /two-factor/setup must never answer a
 * Location (nor a `redirectTo` inside one) that a browser reads as another host; that includes
 * the GET of /two-factor/setup for an admin who has the factor already, which redirects without
 * a click.
 */
import { expect, test } from '@playwright/test';
import {
  baseURL,
  createVerifiedUser,
  newStaffMember,
  postForm,
  sessionCookie,
  staffSession,
  STAFF,
  uniqueIp,
} from '../support/accounts';
import { answerSecondStepWith, enrolTwoFactor } from '../support/two-factor';

/** Values a browser resolves to `//evil.example…`. */
const DOT_SEGMENTS = [
  '/.//evil.example',
  '/a/..//evil.example',
  '/%2e//evil.example',
  '/%2E%2e//evil.example/x?y=1',
  '/./%2e/.//evil.example',
];

/**
 * Fails unless `res` is a redirect whose Location, and any `redirectTo` it carries, stay on this
 * site once a browser resolves them; returns the Location's path.
 */
function expectOnSite(res: Response, label: string): string {
  expect(res.status, label).toBe(302);
  const location = res.headers.get('location') ?? '';
  const resolved = new URL(location, baseURL);
  expect(resolved.origin, `${label} → ${location}`).toBe(new URL(baseURL).origin);
  const inner = resolved.searchParams.get('redirectTo');
  if (inner !== null) expect(new URL(inner, baseURL).origin, `${label} → ${location}`).toBe(new URL(baseURL).origin);
  return resolved.pathname;
}

test('HTTP: /login and /admin-login never redirect off-site for a redirectTo with dot segments', async () => {
  const borrower = await createVerifiedUser({ borrower: true }, 'dots-login');
  // An admin without a second factor yet: /admin-login signs them in at once, to redirectTo.
  const adminCookie = (await staffSession()).cookie;
  const newAdmin = await newStaffMember('dots-admin', adminCookie, 'Test of redirects');
  for (const redirectTo of DOT_SEGMENTS) {
    const fields = { intent: 'signin', password: borrower.password, redirectTo };
    expect(expectOnSite(await postForm('/login', { ...fields, email: borrower.email }), `/login ${redirectTo}`)).toBe(
      '/dashboard',
    );
    const admin = await postForm('/admin-login', { ...fields, email: newAdmin.email, password: newAdmin.password });
    expect(expectOnSite(admin, `/admin-login ${redirectTo}`)).toBe('/admin-dashboard');
    // Staff with the factor go on to the second step, carrying redirectTo.
    const staff = STAFF[0]!;
    const twoStep = await postForm('/admin-login', { ...fields, email: staff.email, password: staff.password });
    expect(expectOnSite(twoStep, `/admin-login (second step) ${redirectTo}`)).toBe('/two-factor');
  }
});

test('HTTP: the second step at /two-factor never redirects off-site for a redirectTo with dot segments', async () => {
  const user = await createVerifiedUser({ borrower: true }, 'dots-2fa');
  const ip = uniqueIp();
  const { backupCodes } = await enrolTwoFactor(baseURL, user.cookie, user.password, ip);
  for (const [i, redirectTo] of DOT_SEGMENTS.entries()) {
    const passwordStep = await postForm(
      '/login',
      { intent: 'signin', email: user.email, password: user.password, redirectTo },
      { ip },
    );
    expectOnSite(passwordStep, `/login → /two-factor ${redirectTo}`);
    // The form posts the page's redirectTo back as it was given.
    const url = new URL(passwordStep.headers.get('location')!, baseURL);
    url.searchParams.set('redirectTo', redirectTo);
    const forged = new Response(null, { status: 302, headers: passwordStep.headers });
    forged.headers.set('location', url.pathname + url.search);
    const signedIn = await answerSecondStepWith(baseURL, forged, { intent: 'recovery', code: backupCodes[i]! }, ip);
    expect(sessionCookie(signedIn), redirectTo).not.toBe('');
    expect(expectOnSite(signedIn, `/two-factor ${redirectTo}`)).toBe('/dashboard');
  }
});

test('HTTP: /two-factor/setup never redirects off-site, by GET for an admin with the factor, nor by its form', async () => {
  const staff = await staffSession();
  const password = STAFF.find((s) => s.email === staff.email)?.password;
  expect(password).toBeDefined();
  for (const redirectTo of DOT_SEGMENTS) {
    const page = await fetch(`${baseURL}/two-factor/setup?redirectTo=${encodeURIComponent(redirectTo)}`, {
      headers: { Cookie: staff.cookie },
      redirect: 'manual',
    });
    expect(expectOnSite(page, `GET /two-factor/setup ${redirectTo}`)).toBe('/admin-dashboard');
    // The form's first step for an account that has the factor already goes back to redirectTo.
    const started = await postForm(
      '/two-factor/setup',
      { intent: 'start', password: password!, redirectTo },
      { cookie: staff.cookie },
    );
    expect(expectOnSite(started, `POST /two-factor/setup ${redirectTo}`)).toBe('/dashboard');
  }
});
