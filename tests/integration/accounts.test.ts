/**
 * Accounts against a real database (issue "Accounts"; product §3, §5): the login route's action
 * forwards to better-auth's HTTP handler; the profile keeps the sign-up answers trimmed and
 * drops admin flags; the per-account lockout counts in windows of 15 minutes; sessions end
 * after 30 idle minutes or 12 hours in all.
 */
import { eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { action as loginAction } from '~/routes/auth/login';
import { db } from '~/server/db/client.server';
import { renderStoredEmail } from '~/server/mail/templates.server';
import { accreditationRecord, outboxEmail, profile, session, user } from '~/server/db/schema';
import { addMonthsToDay } from '~/server/domain/investing/investments.server';
import { lenderDay } from '~/lib/format';
import { LOCKOUT_THRESHOLD, recordFailedSignIn, signInRefusal } from '~/server/domain/accounts/accounts.server';
import { getViewer, resolveViewer, signedSessionToken } from '~/server/viewer.server';
import { endSession } from '~/server/domain/accounts/sessions.server';
import { changeAccount } from '~/server/domain/accounts/account-admin.server';
import { confirmationNeeded, requireRecentConfirmation } from '~/server/step-up.server';
import { useTestDatabase } from '../support/test-database';
import { requestContext } from '~/load-context';

useTestDatabase();

const PASSWORD = 'Str0ng!Passw0rd';
let ip = 0;

async function post(fields: Record<string, string | string[]>) {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) for (const item of [v].flat()) body.append(k, item);
  const request = new Request('http://localhost:3000/login', {
    method: 'POST',
    body,
    headers: { Origin: 'http://localhost:3000' },
  });
  const response = (await loginAction({
    request,
    params: {},
    context: requestContext({ clientIp: `198.51.100.${++ip}`, cspNonce: '', requestId: 'test' }),
  } as never)) as unknown;
  if (response instanceof Response) return { status: response.status, response, data: null };
  const r = response as { init: ResponseInit | null; data: { ok: boolean; result: { error?: Record<string, string[]> } } };
  return { status: r.init?.status ?? 200, response: null, data: r.data };
}

const signUp = (email: string, extra: Record<string, string | string[]> = {}) =>
  post({
    intent: 'signup',
    name: '  Dana   Borrower ',
    email,
    password: PASSWORD,
    confirmPassword: PASSWORD,
    acceptTerms: 'on',
    ...extra,
  });

async function profileOf(email: string) {
  const [row] = await db()
    .select({ user, profile })
    .from(user)
    .innerJoin(profile, eq(profile.userId, user.id))
    .where(eq(user.email, email));
  return row;
}

describe('sign-up', () => {
  it('stores the answers on the profile: e-mail lowercased and trimmed, texts trimmed, roles from the form', async () => {
    const res = await signUp('  Dana@Example.COM ', {
      isBorrower: 'on',
      loanType: 'bridge',
      propertyTypes: ['Commercial', 'Mixed-Use'],
      hasSpecificAddress: 'yes',
      propertyAddress: '  100 N Virginia St, Reno, NV  ',
      loanAmountRange: '1m-5m',
      projectDescription: '  Reposition a mixed-use building.  ',
      desiredLoanAmount: '1200000',
      estimatedPropertyValue: '2500000',
      // Investor answers without the investor role are not kept.
      income: 'over-300k',
    });
    expect(res.status).toBe(200);
    const row = await profileOf('dana@example.com');
    expect(row?.user.name).toBe('Dana   Borrower');
    expect(row?.user.emailVerified).toBe(false);
    expect(row?.profile).toMatchObject({
      isBorrower: true,
      isInvestor: false,
      isAdmin: false,
      loanType: 'bridge',
      propertyTypes: ['Commercial', 'Mixed-Use'],
      hasSpecificAddress: true,
      propertyAddress: '100 N Virginia St, Reno, NV',
      loanAmountRange: '1m-5m',
      projectDescription: 'Reposition a mixed-use building.',
      desiredLoanAmount: 1_200_000,
      estimatedPropertyValue: 2_500_000,
      income: null,
    });
    const mails = await db()
      .select()
      .from(outboxEmail)
      .where(sql`${outboxEmail.payload}->>'email' = 'dana@example.com'`);
    expect(mails.map((m) => m.template)).toEqual(['user-created']);
    expect(mails[0]!.payload).toMatchObject({ propertyType: 'Commercial, Mixed-Use', loanAmount: '1m-5m', isBorrower: true });
    // The lender reads it in words (issue "Solid ground" 3): labels and formatted amounts, no keys.
    const { text } = await renderStoredEmail(mails[0]!);
    for (const line of [
      'Joining as: Borrower',
      'Loan type: Bridge',
      'Loan amount range: $1 million – $5 million',
      'Property types: Commercial, Mixed-Use',
      'Property address: 100 N Virginia St, Reno, NV',
      'Desired loan amount: $1,200,000',
      'Estimated property value: $2,500,000',
    ])
      expect(text).toContain(line);
    expect(text).not.toMatch(/loanAmount|1m-5m|propertyType|isBorrower/);
  });

  it('ignores admin flags and refuses an investor who is not accredited, creating no user', async () => {
    expect(
      (await signUp('flags@example.com', { isInvestor: 'on', accredited: 'yes', isAdmin: 'on', is_admin: 'true' })).status,
    ).toBe(200);
    const created = await profileOf('flags@example.com');
    expect(created?.profile).toMatchObject({
      isAdmin: false,
      isInvestor: true,
      isAccredited: true,
    });
    // The self-certification is the investor's accreditation record for 12 months (product §11).
    const records = await db()
      .select()
      .from(accreditationRecord)
      .where(eq(accreditationRecord.investorId, created!.profile.userId));
    expect(records).toEqual([
      expect.objectContaining({
        method: 'self_certified',
        establishedOn: lenderDay(),
        expiresOn: addMonthsToDay(lenderDay(), 12),
      }),
    ]);

    const refused = await signUp('unsure@example.com', { isInvestor: 'on', accredited: 'unsure' });
    expect(refused.status).toBe(400);
    expect(refused.data?.result.error?.accredited).toEqual([
      'To create an investor account, you must be an accredited investor.',
    ]);
    const [none] = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(user)
      .where(eq(user.email, 'unsure@example.com'));
    expect(none!.n).toBe(0);
  });
});

describe('sign-in lockout', () => {
  beforeEach(async () => {
    await db().update(profile).set({ failedSignIns: 0, failedSignInWindowStart: null, lockedUntil: null });
  });

  it(`locks an account at the ${LOCKOUT_THRESHOLD}th failure within 15 minutes, for 15 minutes`, async () => {
    await signUp('lock@example.com', { isBorrower: 'on' });
    for (let i = 1; i < LOCKOUT_THRESHOLD; i++) await recordFailedSignIn('LOCK@example.com ');
    expect(await signInRefusal('lock@example.com')).toBeNull();
    await recordFailedSignIn('lock@example.com');
    expect((await signInRefusal('lock@example.com'))?.code).toBe('ACCOUNT_LOCKED');
    const row = await profileOf('lock@example.com');
    const lockedFor = row!.profile.lockedUntil!.getTime() - row!.profile.failedSignInWindowStart!.getTime();
    expect(lockedFor).toBeGreaterThan(14 * 60_000);
    expect(lockedFor).toBeLessThanOrEqual(15 * 60_000 + 5_000);
    // After the lock expires, sign-ins are counted afresh.
    await db()
      .update(profile)
      .set({ lockedUntil: sql`now() - interval '1 second'`, failedSignInWindowStart: sql`now() - interval '16 minutes'` });
    expect(await signInRefusal('lock@example.com')).toBeNull();
    await recordFailedSignIn('lock@example.com');
    expect((await profileOf('lock@example.com'))!.profile.failedSignIns).toBe(1);
  });

  it(`checks at most ${LOCKOUT_THRESHOLD} passwords however many wrong ones arrive at once; the right one is then refused too`, async () => {
    await signUp('burst@example.com', { isBorrower: 'on' });
    await db().update(user).set({ emailVerified: true }).where(eq(user.email, 'burst@example.com'));
    const answers = await Promise.all(
      Array.from({ length: 30 }, () => post({ intent: 'signin', email: 'burst@example.com', password: 'Wr0ng!Passw0rd' })),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(LOCKOUT_THRESHOLD);
    expect(statuses.filter((s) => s === 403)).toHaveLength(30 - LOCKOUT_THRESHOLD);
    expect((await post({ intent: 'signin', email: 'burst@example.com', password: PASSWORD })).status).toBe(403);
  });

  it('failures spread over more than 15 minutes never lock', async () => {
    await signUp('slow@example.com', { isBorrower: 'on' });
    for (let i = 0; i < 2 * LOCKOUT_THRESHOLD; i++) {
      await recordFailedSignIn('slow@example.com');
      if (i % 5 === 4)
        await db()
          .update(profile)
          .set({ failedSignInWindowStart: sql`now() - interval '16 minutes'` });
    }
    expect(await signInRefusal('slow@example.com')).toBeNull();
  });
});

describe('sessions', () => {
  async function signedInCookie(email: string) {
    await signUp(email, { isBorrower: 'on' });
    await db().update(user).set({ emailVerified: true }).where(eq(user.email, email));
    const res = await post({ intent: 'signin', email, password: PASSWORD });
    expect(res.status).toBe(302);
    const cookie = res.response!.headers.getSetCookie().find((c) => c.startsWith('ormsby.session_token='))!;
    expect(cookie).toMatch(/Max-Age=1800/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    return cookie.split(';')[0]!;
  }
  const viewerFor = (cookie: string) =>
    getViewer({
      request: new Request('http://localhost:3000/dashboard', { headers: { Cookie: cookie } }),
      context: requestContext({ clientIp: '127.0.0.1', cspNonce: '', requestId: 'test' }),
    });

  it('records the sign-in time and reads roles from the database', async () => {
    const cookie = await signedInCookie('viewer@example.com');
    const viewer = await viewerFor(cookie);
    expect(viewer).toMatchObject({ email: 'viewer@example.com', isBorrower: true, isInvestor: false, isAdmin: false });
    expect((await profileOf('viewer@example.com'))!.profile.lastLoginAt).toBeInstanceOf(Date);
    // A role granted in the database counts on the next request.
    await db().update(profile).set({ isInvestor: true }).where(eq(profile.userId, viewer!.id));
    expect((await viewerFor(cookie))?.isInvestor).toBe(true);
  });

  it('looks the session up once per request: every loader of a request shares it, actions and the next request look again', async () => {
    const cookie = await signedInCookie('once@example.com');
    const copy = (method = 'GET') =>
      new Request('http://localhost:3000/admin-dashboard', { method, headers: { Cookie: cookie } });
    const info = { clientIp: '127.0.0.1', cspNonce: '', requestId: 'once' };
    const context = requestContext(info);
    // React Router hands each loader its own copy of the Request but the same load context.
    const first = await getViewer({ request: copy(), context });
    expect(first?.email).toBe('once@example.com');
    await db().delete(session).where(eq(session.userId, first!.id));
    expect(await getViewer({ request: copy(), context })).toEqual(first);
    // An action may change the session or the user: it never reads what a loader remembered.
    expect(await getViewer({ request: copy('POST'), context })).toBeNull();
    expect(await getViewer({ request: copy(), context: requestContext({ ...info, requestId: 'next' }) })).toBeNull();
  });

  it('asks for the password again when the last proof is older than 10 minutes, then not for ten minutes (issue "Security and scale")', async () => {
    const cookie = await signedInCookie('stepup@example.com');
    const viewer = (await viewerFor(cookie))!;
    const request = new Request('http://localhost:3000/admin-dashboard/users', { method: 'POST', headers: { Cookie: cookie } });
    const form = (confirmation?: string) => {
      const body = new FormData();
      if (confirmation !== undefined) body.set('confirmation', confirmation);
      return body;
    };
    // Just signed in: nothing asked.
    expect(await confirmationNeeded(viewer)).toBe(false);
    await expect(requireRecentConfirmation(request, viewer, form())).resolves.toBeUndefined();
    await db()
      .update(session)
      .set({ createdAt: sql`now() - interval '11 minutes'` })
      .where(eq(session.id, viewer.sessionId));
    // Each request reads its viewer, with the session's last proof, afresh.
    const later = (await viewerFor(cookie))!;
    expect(await confirmationNeeded(later)).toBe(true);
    await expect(requireRecentConfirmation(request, later, form())).rejects.toMatchObject({ kind: 'forbidden' });
    await expect(requireRecentConfirmation(request, later, form('Wr0ng!Passw0rd'))).rejects.toMatchObject({
      kind: 'forbidden',
      message: 'That password or code is not correct.',
    });
    // A code is refused for an account without an authenticator app.
    await expect(requireRecentConfirmation(request, later, form('123456'))).rejects.toMatchObject({ kind: 'forbidden' });
    expect(await confirmationNeeded((await viewerFor(cookie))!)).toBe(true);
    await expect(requireRecentConfirmation(request, later, form(PASSWORD))).resolves.toBeUndefined();
    const confirmed = (await viewerFor(cookie))!;
    expect(await confirmationNeeded(confirmed)).toBe(false);
    await expect(requireRecentConfirmation(request, confirmed, form())).resolves.toBeUndefined();
  });

  // Issue 26: the session is read in one statement on most requests, with no cache of it, so an
  // ended session is refused on the very next request (the bound is zero: docs/decisions/0010).
  it('refuses a session ended from ‘Where you’re signed in’, or by disabling the account, on the next request', async () => {
    const phone = await signedInCookie('revoked@example.com');
    const phoneViewer = (await viewerFor(phone))!;
    const userId = phoneViewer.id;
    const res = await post({ intent: 'signin', email: 'revoked@example.com', password: PASSWORD });
    const laptop = res
      .response!.headers.getSetCookie()
      .find((c) => c.startsWith('ormsby.session_token='))!
      .split(';')[0]!;
    const laptopViewer = (await viewerFor(laptop))!;
    expect(laptopViewer.sessionId).not.toBe(phoneViewer.sessionId);
    // Signed out on the phone from the laptop's list: the phone is refused at once, the laptop is not.
    await endSession(userId, phoneViewer.sessionId);
    expect(await viewerFor(phone)).toBeNull();
    expect((await viewerFor(laptop))?.sessionId).toBe(laptopViewer.sessionId);
    // Disabled by staff: refused at once, and the session is gone.
    const admin = await signedInCookie('revoking-admin@example.com');
    const adminViewer = (await viewerFor(admin))!;
    await changeAccount({ id: adminViewer.id, email: adminViewer.email }, userId, 'disable', 'Test of revocation', '127.0.0.1');
    expect(await viewerFor(laptop)).toBeNull();
    expect(await db().select().from(session).where(eq(session.userId, userId))).toHaveLength(0);
    // A disabled flag set by hand (no session ended) is refused too, and ends the sessions.
    const other = await signedInCookie('flagged@example.com');
    const otherId = (await viewerFor(other))!.id;
    await db().update(profile).set({ disabledAt: new Date() }).where(eq(profile.userId, otherId));
    expect(await viewerFor(other)).toBeNull();
    expect(await db().select().from(session).where(eq(session.userId, otherId))).toHaveLength(0);
  });

  it('accepts only the cookie better-auth signed, and slides the idle timeout once a minute through better-auth', async () => {
    const cookie = await signedInCookie('signed@example.com');
    const viewer = (await viewerFor(cookie))!;
    const [name, value] = cookie.split(/=(.*)/s) as [string, string];
    const [token, signature] = decodeURIComponent(value).split('.') as [string, string];
    const flipped = `${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`;
    expect(await viewerFor(`${name}=${encodeURIComponent(`${token}.${flipped}`)}`)).toBeNull();
    expect(await viewerFor(`${name}=${token}`)).toBeNull();
    // The one-statement path checks the signature itself: better-auth's, and only better-auth's.
    expect(await signedSessionToken(cookie)).toBe(token);
    expect(await signedSessionToken(`${name}=${encodeURIComponent(`${token}.${flipped}`)}`)).toBeNull();
    expect(await signedSessionToken(`${name}=${encodeURIComponent(`${token}x.${signature}`)}`)).toBeNull();
    // Touched within the last minute: served as is, nothing to relay.
    const resolve = () =>
      resolveViewer({
        request: new Request('http://localhost:3000/dashboard', { headers: { Cookie: cookie } }),
        context: requestContext({ clientIp: '127.0.0.1', cspNonce: '', requestId: 'slide' }),
      });
    const fresh = await resolve();
    expect(fresh.viewer).toEqual(viewer);
    expect(fresh.headers).toBeNull();
    // Last touched over a minute ago: better-auth slides the session and sets the cookie again.
    const expiresSoon = new Date(Date.now() + 10 * 60_000);
    await db()
      .update(session)
      .set({ updatedAt: sql`now() - interval '61 seconds'`, expiresAt: expiresSoon })
      .where(eq(session.id, viewer.sessionId));
    const slid = await resolve();
    expect(slid.viewer).toEqual(viewer);
    expect(slid.headers?.get('Set-Cookie')).toMatch(/ormsby\.session_token=.*Max-Age=1800/);
    const [row] = await db().select().from(session).where(eq(session.id, viewer.sessionId));
    expect(row!.expiresAt.getTime()).toBeGreaterThan(expiresSoon.getTime() + 15 * 60_000);
    expect((await resolve()).headers).toBeNull();
  });

  it('ends a session after 30 idle minutes, and after 12 hours however active', async () => {
    const idle = await signedInCookie('idle@example.com');
    const idleUser = (await profileOf('idle@example.com'))!.user.id;
    await db()
      .update(session)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(session.userId, idleUser));
    expect(await viewerFor(idle)).toBeNull();

    const old = await signedInCookie('old@example.com');
    const oldUser = (await profileOf('old@example.com'))!.user.id;
    await db()
      .update(session)
      .set({ createdAt: sql`now() - interval '12 hours 1 minute'`, expiresAt: sql`now() + interval '29 minutes'` })
      .where(eq(session.userId, oldUser));
    expect(await viewerFor(old)).toBeNull();
    const left = await db().select().from(session).where(eq(session.userId, oldUser));
    expect(left).toHaveLength(0);
  });
});
