/**
 * Issue 22, defect 3, over HTTP against the production build: better-auth's raw API at
 * /api/auth/* keeps the site's rules for a second factor.
 * - An admin cannot turn theirs off (403), and the next sign-in still asks for a code;
 * - a borrower who turned it on voluntarily may turn it off, and the change is in the audit log;
 * - the secret and new recovery codes are handed out to a session within its step-up (a fresh
 *   sign-in here; the refusal of an older session is in tests/integration/two-factor-api.test.ts),
 *   and new recovery codes are audited;
 * - /api/auth/list-sessions answers without session tokens.
 */
import { expect, test } from '@playwright/test';
import {
  baseURL,
  createVerifiedUser,
  newStaffMember,
  postForm,
  sessionCookie,
  staffSession,
  uniqueIp,
} from '../support/accounts';
import { enrolTwoFactor } from '../support/two-factor';

/** Calls better-auth's `endpoint` as a script would: POST with a JSON body, or GET; each from its own address. */
async function api(endpoint: string, cookie: string, body?: Record<string, unknown>) {
  const res = await fetch(`${baseURL}/api/auth${endpoint}`, {
    method: body ? 'POST' : 'GET',
    redirect: 'manual',
    headers: {
      Origin: baseURL,
      Cookie: cookie,
      'X-Forwarded-For': uniqueIp(),
      ...(body ? { 'Content-Type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  return { status: res.status, json: text ? (JSON.parse(text) as unknown) : null };
}

/** The audit log's rows about `email` with `action`, as text (an admin's cookie). */
async function auditRows(email: string, action: string, adminCookie: string): Promise<number> {
  const html = await (
    await fetch(`${baseURL}/admin-dashboard/audit?who=${encodeURIComponent(email)}&action=${encodeURIComponent(action)}`, {
      headers: { Cookie: adminCookie },
    })
  ).text();
  return html.match(/<tbody[^>]*>([\s\S]*?)<\/tbody>/)?.[1]?.match(/<tr[\s>]/g)?.length ?? 0;
}

test('HTTP: an admin cannot turn their second factor off through /api/auth/two-factor/disable; the next sign-in asks for a code', async () => {
  const adminCookie = (await staffSession()).cookie;
  const staff = await newStaffMember('raw-disable-staff', adminCookie, 'Test of the raw API');
  const ip = uniqueIp();
  const signedIn = await postForm('/admin-login', { intent: 'signin', email: staff.email, password: staff.password }, { ip });
  const { cookie } = await enrolTwoFactor(baseURL, sessionCookie(signedIn), staff.password, ip);

  const refused = await api('/two-factor/disable', cookie, { password: staff.password });
  expect(refused.status).toBe(403);
  expect(refused.json).toMatchObject({ code: 'STAFF_TWO_FACTOR_REQUIRED' });
  expect((await api('/get-session', cookie)).json).toMatchObject({ user: { email: staff.email, twoFactorEnabled: true } });
  const again = await postForm('/admin-login', { intent: 'signin', email: staff.email, password: staff.password });
  expect(again.headers.get('location')).toMatch(/^\/two-factor\?/);
  expect(await auditRows(staff.email, 'two-factor.disabled', adminCookie)).toBe(0);
});

test('HTTP: a borrower with a voluntary second factor gets its secret and new recovery codes within the step-up, and may turn it off; each change is audited', async () => {
  const user = await createVerifiedUser({ borrower: true }, 'raw-2fa');
  const { cookie } = await enrolTwoFactor(baseURL, user.cookie, user.password, uniqueIp());

  const uri = await api('/two-factor/get-totp-uri', cookie, { password: user.password });
  expect(uri.status).toBe(200);
  expect((uri.json as { totpURI: string }).totpURI).toMatch(/^otpauth:\/\/totp\//);
  const codes = await api('/two-factor/generate-backup-codes', cookie, { password: user.password });
  expect(codes.status).toBe(200);
  expect((codes.json as { backupCodes: string[] }).backupCodes).toHaveLength(10);

  const off = await api('/two-factor/disable', cookie, { password: user.password });
  expect(off.status).toBe(200);
  expect(
    (await postForm('/login', { intent: 'signin', email: user.email, password: user.password })).headers.get('location'),
  ).toBe('/dashboard');
  const adminCookie = (await staffSession()).cookie;
  expect(await auditRows(user.email, 'two-factor.enabled', adminCookie)).toBe(1);
  expect(await auditRows(user.email, 'two-factor.recovery_codes_replaced', adminCookie)).toBe(1);
  expect(await auditRows(user.email, 'two-factor.disabled', adminCookie)).toBe(1);
});

test('HTTP: /api/auth/list-sessions answers without session tokens', async () => {
  const user = await createVerifiedUser({ investor: true }, 'list-sessions');
  const other = sessionCookie(await postForm('/login', { intent: 'signin', email: user.email, password: user.password }));
  expect(other).not.toBe('');
  const listed = await api('/list-sessions', user.cookie);
  expect(listed.status).toBe(200);
  const sessions = listed.json as Record<string, unknown>[];
  expect(sessions.length).toBeGreaterThanOrEqual(2);
  for (const s of sessions) {
    expect(s).toHaveProperty('id');
    expect(s).not.toHaveProperty('token');
  }
  for (const cookie of [user.cookie, other]) {
    const token = decodeURIComponent(cookie.split('=')[1]!).split('.')[0]!;
    expect(JSON.stringify(listed.json)).not.toContain(token);
  }
});
