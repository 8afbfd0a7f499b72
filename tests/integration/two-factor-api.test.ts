/**
 * Issue 22, defect 3: better-auth's raw two-factor API (/api/auth/two-factor/*, through the
 * route that serves it) keeps the site's rules, against a real database:
 * - staff cannot turn their factor off (403), and the factor stays on;
 * - the authenticator secret and new recovery codes need the step-up (a sign-in or a
 *   confirmation within 10 minutes), not the password alone;
 * - every change to a factor (on, off, recovery codes replaced) is audited once, also through
 *   the site's own enrolment page; turning it on ends the user's other sessions;
 * - /api/auth/list-sessions answers without session tokens.
 * Sessions are aged by moving their start back, as ten minutes passing would.
 */
import { and, eq, sql } from 'drizzle-orm';
import { type TOTP, URI } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { requestContext } from '~/load-context';
import { action as apiAction, loader as apiLoader } from '~/routes/resources/api.auth';
import { action as adminLoginAction } from '~/routes/auth/admin-login';
import { action as setupAction, loader as setupLoader } from '~/routes/auth/two-factor-setup';
import { db } from '~/server/db/client.server';
import { auditEvent, session, twoFactor, user } from '~/server/db/schema';
import { requireRecentConfirmation } from '~/server/step-up.server';
import { getViewer } from '~/server/viewer.server';
import { ROUTE_ORIGIN, ROUTE_PASSWORD, signedInThroughLogin } from '../support/route-accounts';
import { useTestDatabase } from '../support/test-database';

useTestDatabase();

const context = () => requestContext({ clientIp: '203.0.113.9', cspNonce: '', requestId: 'tfa-api' });

/** The session cookie `name=value` a response sets, or ''. */
const sessionCookieOf = (res: Response) =>
  res.headers
    .getSetCookie()
    .find((c) => /^ormsby\.session_token=[^;]+/.test(c))
    ?.split(';')[0] ?? '';

/** A request to better-auth's `endpoint` through /api/auth/* with `cookie`: POST with a JSON body, or GET. */
async function api(endpoint: string, cookie: string, body?: Record<string, unknown>) {
  const request = new Request(`${ROUTE_ORIGIN}/api/auth${endpoint}`, {
    method: body ? 'POST' : 'GET',
    headers: { Origin: ROUTE_ORIGIN, Cookie: cookie, ...(body ? { 'Content-Type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const args = { request, params: { '*': endpoint.slice(1) }, context: context() } as never;
  const res = (await (body ? apiAction(args) : apiLoader(args))) as Response;
  const text = await res.text();
  return { status: res.status, json: text ? (JSON.parse(text) as unknown) : null, cookie: sessionCookieOf(res) || cookie };
}

/** Codes of `secret` an app would show, each once: this step's, then the next step's. */
function codesOf(totpURI: string) {
  const totp = URI.parse(totpURI) as TOTP;
  let step = 0;
  return () => totp.generate({ timestamp: Date.now() + 30_000 * step++ });
}

/** Turns the factor on through the raw API (enable, then a code); returns the new cookie and the next codes. */
async function enrolThroughApi(cookie: string) {
  const started = await api('/two-factor/enable', cookie, { password: ROUTE_PASSWORD });
  expect(started.status).toBe(200);
  const { totpURI, backupCodes } = started.json as { totpURI: string; backupCodes: string[] };
  const nextCode = codesOf(totpURI);
  const confirmed = await api('/two-factor/verify-totp', cookie, { code: nextCode() });
  expect(confirmed.status).toBe(200);
  expect(confirmed.cookie).not.toBe(cookie);
  return { cookie: confirmed.cookie, nextCode, backupCodes, totpURI };
}

async function factorOf(userId: string) {
  const [row] = await db().select({ on: user.twoFactorEnabled }).from(user).where(eq(user.id, userId));
  const [secret] = await db()
    .select({ secret: twoFactor.secret, backupCodes: twoFactor.backupCodes })
    .from(twoFactor)
    .where(eq(twoFactor.userId, userId));
  return { on: Boolean(row?.on), secret: secret?.secret ?? null, backupCodes: secret?.backupCodes ?? null };
}

async function auditedActions(userId: string) {
  const rows = await db()
    .select({ action: auditEvent.action })
    .from(auditEvent)
    .where(and(eq(auditEvent.subjectId, userId), sql`${auditEvent.action} like 'two-factor.%'`))
    .orderBy(auditEvent.createdAt);
  return rows.map((r) => r.action);
}

/** Moves every session of `userId` back 11 minutes, as if it began then and was never confirmed since. */
async function ageSessions(userId: string) {
  await db()
    .update(session)
    .set({ createdAt: sql`now() - interval '11 minutes'`, confirmedAt: null })
    .where(eq(session.userId, userId));
}

describe('the raw two-factor API', () => {
  it('refuses an admin who turns the factor off (403); the factor stays on and nothing is audited but the enrolment', async () => {
    const admin = await signedInThroughLogin({ isAdmin: true });
    const { cookie } = await enrolThroughApi(admin.cookie);
    const before = await factorOf(admin.id);
    expect(before.on).toBe(true);

    const refused = await api('/two-factor/disable', cookie, { password: ROUTE_PASSWORD });
    expect(refused.status).toBe(403);
    expect(refused.json).toMatchObject({ code: 'STAFF_TWO_FACTOR_REQUIRED' });
    expect(await factorOf(admin.id)).toEqual(before);
    expect(await auditedActions(admin.id)).toEqual(['two-factor.enabled']);
    // The session still works: the refusal changed nothing.
    expect((await api('/get-session', cookie)).json).toMatchObject({ user: { id: admin.id, twoFactorEnabled: true } });
  });

  it('lets a borrower who turned it on voluntarily turn it off, audited', async () => {
    const borrower = await signedInThroughLogin({ isBorrower: true });
    const { cookie } = await enrolThroughApi(borrower.cookie);
    const off = await api('/two-factor/disable', cookie, { password: ROUTE_PASSWORD });
    expect(off.status).toBe(200);
    expect(await factorOf(borrower.id)).toEqual({ on: false, secret: null, backupCodes: null });
    expect(await auditedActions(borrower.id)).toEqual(['two-factor.enabled', 'two-factor.disabled']);
  });

  it('turning it on is audited once and ends the other sessions, which never passed it', async () => {
    const person = await signedInThroughLogin({ isInvestor: true });
    const other = await api('/sign-in/email', '', { email: person.email, password: ROUTE_PASSWORD });
    expect(other.status).toBe(200);
    expect((await api('/get-session', other.cookie)).json).toMatchObject({ user: { id: person.id } });

    const { cookie } = await enrolThroughApi(person.cookie);
    expect((await api('/get-session', other.cookie)).json).toBeNull();
    expect((await api('/get-session', cookie)).json).toMatchObject({ user: { id: person.id, twoFactorEnabled: true } });
    expect(await auditedActions(person.id)).toEqual(['two-factor.enabled']);
  });

  it('hands out the secret and new recovery codes only after a recent step-up, and audits new codes', async () => {
    const person = await signedInThroughLogin({ isBorrower: true });
    const { cookie, totpURI } = await enrolThroughApi(person.cookie);

    // Just signed in (the session began within 10 minutes): the password is enough.
    const uri = await api('/two-factor/get-totp-uri', cookie, { password: ROUTE_PASSWORD });
    expect(uri.status).toBe(200);
    expect((uri.json as { totpURI: string }).totpURI).toBe(totpURI);
    const codes = await api('/two-factor/generate-backup-codes', cookie, { password: ROUTE_PASSWORD });
    expect(codes.status).toBe(200);
    expect((codes.json as { backupCodes: string[] }).backupCodes).toHaveLength(10);
    expect(await auditedActions(person.id)).toEqual(['two-factor.enabled', 'two-factor.recovery_codes_replaced']);

    // Eleven minutes on, with the password alone: refused, nothing handed out or replaced.
    await ageSessions(person.id);
    const stored = await factorOf(person.id);
    for (const endpoint of ['/two-factor/get-totp-uri', '/two-factor/generate-backup-codes']) {
      const refused = await api(endpoint, cookie, { password: ROUTE_PASSWORD });
      expect(refused.status, endpoint).toBe(403);
      expect(refused.json, endpoint).toMatchObject({ code: 'CONFIRMATION_REQUIRED' });
      expect(JSON.stringify(refused.json)).not.toMatch(/otpauth:|backupCodes/);
    }
    expect(await factorOf(person.id)).toEqual(stored);
    expect(await auditedActions(person.id)).toHaveLength(2);

    // After the project's step-up (the password asked again), they work.
    const request = new Request(`${ROUTE_ORIGIN}/dashboard/profile`, { method: 'POST', headers: { Cookie: cookie } });
    const viewer = (await getViewer({ request, context: context() }))!;
    const form = new FormData();
    form.set('confirmation', ROUTE_PASSWORD);
    await requireRecentConfirmation(request, viewer, form);
    expect((await api('/two-factor/get-totp-uri', cookie, { password: ROUTE_PASSWORD })).status).toBe(200);
    expect((await api('/two-factor/generate-backup-codes', cookie, { password: ROUTE_PASSWORD })).status).toBe(200);
    expect(await auditedActions(person.id)).toEqual([
      'two-factor.enabled',
      'two-factor.recovery_codes_replaced',
      'two-factor.recovery_codes_replaced',
    ]);
  });

  it('answers /list-sessions without the sessions’ tokens', async () => {
    const person = await signedInThroughLogin({ isBorrower: true });
    expect((await api('/sign-in/email', '', { email: person.email, password: ROUTE_PASSWORD })).status).toBe(200);
    const listed = await api('/list-sessions', person.cookie);
    expect(listed.status).toBe(200);
    const sessions = listed.json as Record<string, unknown>[];
    expect(sessions).toHaveLength(2);
    for (const s of sessions) {
      expect(s).toHaveProperty('id');
      expect(s).not.toHaveProperty('token');
    }
    const tokens = await db().select({ token: session.token }).from(session).where(eq(session.userId, person.id));
    for (const { token } of tokens) expect(JSON.stringify(listed.json)).not.toContain(token);
  });
});

describe('the enrolment page', () => {
  it('audits turning the factor on once', async () => {
    const person = await signedInThroughLogin({ isBorrower: true });
    const post = async (fields: Record<string, string>) => {
      const body = new FormData();
      for (const [k, v] of Object.entries(fields)) body.append(k, v);
      const request = new Request(`${ROUTE_ORIGIN}/two-factor/setup`, {
        method: 'POST',
        body,
        headers: { Origin: ROUTE_ORIGIN, Cookie: person.cookie },
      });
      return (await setupAction({ request, params: {}, context: context() } as never)) as unknown;
    };
    const started = (await post({ intent: 'start', password: ROUTE_PASSWORD })) as {
      data: { enrolment: { totpURI: string; backupCodes: string[] } };
    };
    const { totpURI, backupCodes } = started.data.enrolment;
    expect(backupCodes).toHaveLength(10);
    const done = await post({ intent: 'confirm', code: codesOf(totpURI)(), redirectTo: '/.//evil.example' }).catch(
      (thrown: unknown) => thrown,
    );
    expect(done).toBeInstanceOf(Response);
    expect((done as Response).headers.get('Location')).toBe('/dashboard');
    expect(await auditedActions(person.id)).toEqual(['two-factor.enabled']);
  });
});

/** The enrolment page's loader and action for the user of `cookie`, as the browser calls them. */
function enrolmentPage(cookie: string) {
  const args = (request: Request) => ({ request, params: {}, context: context() }) as never;
  return {
    load: async () =>
      (await setupLoader(args(new Request(`${ROUTE_ORIGIN}/two-factor/setup`, { headers: { Cookie: cookie } })))) as {
        pending: { totpURI: string; secret: string; backupCodes: string[] } | null;
      },
    post: async (fields: Record<string, string>) => {
      const body = new FormData();
      for (const [k, v] of Object.entries(fields)) body.append(k, v);
      const request = new Request(`${ROUTE_ORIGIN}/two-factor/setup`, {
        method: 'POST',
        body,
        headers: { Origin: ROUTE_ORIGIN, Cookie: cookie },
      });
      return (await setupAction(args(request)).catch((thrown: unknown) => thrown)) as
        Response | { data: { ok: boolean; enrolment?: { totpURI: string; backupCodes: string[] } }; init: { status: number } };
    },
  };
}

describe('an enrolment started and not confirmed (issue 23)', () => {
  it('a reload shows the same secret and recovery codes until it is confirmed; the code from that secret turns it on', async () => {
    const person = await signedInThroughLogin({ isBorrower: true });
    const page = enrolmentPage(person.cookie);
    expect((await page.load()).pending).toBeNull();
    const started = await page.post({ intent: 'start', password: ROUTE_PASSWORD });
    if (started instanceof Response) throw new Error('start redirected');
    const shown = started.data.enrolment!;
    // Reloaded twice: the very secret (its URI, as better-auth built it) and the same ten codes.
    for (let i = 0; i < 2; i++) {
      const { pending } = await page.load();
      expect(pending?.totpURI).toBe(shown.totpURI);
      expect(pending?.backupCodes).toEqual(shown.backupCodes);
    }
    const done = await page.post({ intent: 'confirm', code: codesOf(shown.totpURI)() });
    expect(done).toBeInstanceOf(Response);
    expect((done as Response).status).toBe(302);
  });

  it("'Start over' drops the secret shown; a confirmation without one is refused (409) and turns nothing on", async () => {
    const person = await signedInThroughLogin({ isBorrower: true });
    const page = enrolmentPage(person.cookie);
    const started = await page.post({ intent: 'start', password: ROUTE_PASSWORD });
    if (started instanceof Response) throw new Error('start redirected');
    const cancelled = await page.post({ intent: 'cancel' });
    expect(cancelled).not.toBeInstanceOf(Response);
    expect((cancelled as { data: { ok: boolean } }).data.ok).toBe(true);
    expect((await page.load()).pending).toBeNull();
    const late = await page.post({ intent: 'confirm', code: codesOf(started.data.enrolment!.totpURI)() });
    expect(late).not.toBeInstanceOf(Response);
    expect((late as { init: { status: number } }).init.status).toBe(409);
    const [row] = await db().select({ on: user.twoFactorEnabled }).from(user).where(eq(user.id, person.id));
    expect(row?.on).toBe(false);
  });

  it('staff who have just given their password at /admin-login are not asked for it again: the set-up starts at the secret', async () => {
    const person = await signedInThroughLogin({ isAdmin: true });
    const body = new FormData();
    for (const [k, v] of Object.entries({ intent: 'signin', email: person.email, password: ROUTE_PASSWORD })) body.append(k, v);
    const request = new Request(`${ROUTE_ORIGIN}/admin-login`, { method: 'POST', body, headers: { Origin: ROUTE_ORIGIN } });
    const signedIn = (await adminLoginAction({ request, params: {}, context: context() } as never).catch(
      (thrown: unknown) => thrown,
    )) as Response;
    expect(signedIn.status).toBe(302);
    const cookie = sessionCookieOf(signedIn);
    const { pending } = await enrolmentPage(cookie).load();
    expect(pending?.secret).toMatch(/^[A-Z2-7]{32,}$/);
    expect(pending?.backupCodes).toHaveLength(10);
    const done = await enrolmentPage(cookie).post({ intent: 'confirm', code: codesOf(pending!.totpURI)() });
    expect((done as Response).status).toBe(302);
  });
});
