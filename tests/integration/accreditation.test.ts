/**
 * The investor's accreditation record against a real database (issue "Investing"; docs/product.md
 * §11; app/server/domain/investing/accreditation.server.ts): a letter uploaded through the route becomes a
 * pending record with its private file, and every refusal stores nothing; only the investor and
 * staff open a letter (staff audited); staff verify, record their own check or send a letter back
 * through the user directory's action, audited, and the investor is told; an expired record
 * refuses amounts until a letter is verified; reminders 30 and 7 days ahead go once each, even
 * from two runs at once, honour the e-mail preference, and never concern a superseded record.
 */
import { randomUUID } from 'node:crypto';
import { and, count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { requestContext } from '~/load-context';
import { lenderDay } from '~/lib/format';
import type { SuitabilityAnswers } from '~/lib/investing';
import { addDaysToDay, addYearsToDay } from '~/lib/schemas/accreditation';
import { action as usersAction } from '~/routes/admin/users';
import { action as loginAction } from '~/routes/auth/login';
import { loader as profileLoader } from '~/routes/portal/profile';
import { loader as letterLoader } from '~/routes/resources/accreditation-letter';
import { action as uploadAction } from '~/routes/resources/accreditation-letter-upload';
import { loader as detailsLoader } from '~/routes/resources/admin-user-details';
import { db } from '~/server/db/client.server';
import { accreditationRecord, auditEvent, deal, notification, outboxEmail, profile, user } from '~/server/db/schema';
import { verifyAccreditation } from '~/server/domain/investing/accreditation.server';
import { sendAccreditationReminders } from '~/server/domain/investing/accreditation-reminders.server';
import { sweepOrphanDocuments } from '~/server/domain/loans/documents.server';
import { signSuitability, type InvestorRef } from '~/server/domain/investing/investments.server';
import { indicateAmount } from '~/server/domain/investing/commitments.server';
import { renderStoredEmail } from '~/server/mail/templates.server';
import { storage } from '~/server/storage.server';
import { useTestDatabase } from '../support/test-database';

// A 1 MB document limit, read once when the configuration is first validated.
vi.hoisted(() => {
  process.env.DOCUMENT_MAX_MB = '1';
});

useTestDatabase();

const BASE = 'http://localhost:3000';
const PASSWORD = 'Str0ng!Passw0rd';
let ip = 0;
const context = () => requestContext({ clientIp: `198.51.100.${++ip % 250}`, cspNonce: '', requestId: 'test' });

interface Person extends InvestorRef {
  cookie: string;
}

/** What a route returned: its status, its JSON answer (data()) or its Response. */
async function outcome(result: unknown) {
  if (result instanceof Response) return { status: result.status, response: result, data: null as never };
  const r = result as { init: ResponseInit | null; data: Record<string, unknown> & { toast?: { description?: string } } };
  return { status: r.init?.status ?? 200, response: null, data: r.data };
}

async function login(fields: Record<string, string>) {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.append(k, v);
  const request = new Request(`${BASE}/login`, { method: 'POST', body, headers: { Origin: BASE } });
  return outcome(await loginAction({ request, params: {}, context: context() } as never));
}

/** A signed-up, confirmed and signed-in account, as a visitor makes it; staff get admin and a second factor. */
async function account(kind: 'investor' | 'borrower' | 'staff'): Promise<Person> {
  const email = `${kind}-${randomUUID().slice(0, 8)}@example.com`;
  const name = `${kind[0]!.toUpperCase()}${kind.slice(1)} ${randomUUID().slice(0, 4)}`;
  const roles: Record<string, string> = kind === 'investor' ? { isInvestor: 'on', accredited: 'yes' } : { isBorrower: 'on' };
  await login({ intent: 'signup', name, email, password: PASSWORD, confirmPassword: PASSWORD, acceptTerms: 'on', ...roles });
  await db().update(user).set({ emailVerified: true }).where(eq(user.email, email));
  const signedIn = await login({ intent: 'signin', email, password: PASSWORD });
  expect(signedIn.status).toBe(302);
  const cookie = signedIn
    .response!.headers.getSetCookie()
    .find((c) => c.startsWith('ormsby.session_token='))!
    .split(';')[0]!;
  const [row] = await db().select({ id: user.id }).from(user).where(eq(user.email, email));
  if (kind === 'staff') {
    // After the sign-in: the second factor is taken as passed by this session.
    await db().update(profile).set({ isAdmin: true }).where(eq(profile.userId, row!.id));
    await db().update(user).set({ twoFactorEnabled: true }).where(eq(user.id, row!.id));
  }
  return { id: row!.id, name, email, isInvestor: kind === 'investor', cookie };
}

const pdf = () => Buffer.from(`%PDF-1.7\n1 0 obj\n<<>>\nendobj\n% ${randomUUID()}\n`);

/** POSTs `file` (in field `letter` unless `field`) to the upload route as `who`. */
async function upload(who: Person, file?: { name: string; bytes: Uint8Array; field?: string }) {
  const body = new FormData();
  if (file) body.append(file.field ?? 'letter', new Blob([new Uint8Array(file.bytes)]), file.name);
  const request = new Request(`${BASE}/dashboard/profile/accreditation-letter`, {
    method: 'POST',
    body,
    headers: { Cookie: who.cookie, Origin: BASE },
  });
  return outcome(await uploadAction({ request, params: {}, context: context() } as never));
}

/** GETs letter `id` as `who`. */
async function download(who: Person, id: string, query = '') {
  const request = new Request(`${BASE}/accreditation-letters/${id}${query}`, { headers: { Cookie: who.cookie } });
  return (await letterLoader({ request, params: { id }, context: context() } as never)) as Response;
}

/** Posts one of the directory's accreditation forms as `staff`. */
async function staffPost(staff: Person, fields: Record<string, string>) {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.append(k, v);
  const request = new Request(`${BASE}/admin-dashboard/users`, {
    method: 'POST',
    body,
    headers: { Cookie: staff.cookie, Origin: BASE },
  });
  return outcome(await usersAction({ request, params: {}, context: context() } as never));
}

const recordsOf = (investorId: string) =>
  db()
    .select()
    .from(accreditationRecord)
    .where(eq(accreditationRecord.investorId, investorId))
    .orderBy(accreditationRecord.createdAt);
const pendingOf = async (investorId: string) => (await recordsOf(investorId)).filter((r) => r.letterKey && !r.expiresOn);
async function storedFiles(userId: string) {
  const keys: string[] = [];
  for await (const o of storage().list(`documents/${userId}/`)) keys.push(o.key);
  return keys;
}
const mailsTo = (to: string, template: string) =>
  db()
    .select()
    .from(outboxEmail)
    .where(and(eq(outboxEmail.to, to), eq(outboxEmail.template, template)));
const notesOf = (userId: string, title: string) =>
  db()
    .select()
    .from(notification)
    .where(and(eq(notification.userId, userId), eq(notification.title, title)));
const auditOf = (subjectId: string, action: string) =>
  db()
    .select()
    .from(auditEvent)
    .where(and(eq(auditEvent.subjectId, subjectId), eq(auditEvent.action, action)));

const today = () => lenderDay();

let staff: Person;
beforeAll(async () => {
  staff = await account('staff');
});

describe('uploading a verification letter', () => {
  it('stores the private file and a pending record, tells the lender, and shows it on the profile', async () => {
    const investor = await account('investor');
    const bytes = pdf();
    const res = await upload(investor, { name: 'CPA letter.pdf', bytes });
    expect(res.status).toBe(201);
    expect(res.data).toMatchObject({ ok: true, toast: { title: 'Letter uploaded' } });

    const [pending, ...others] = await pendingOf(investor.id);
    expect(others).toEqual([]);
    expect(pending).toMatchObject({
      method: 'professional_letter',
      letterFileName: 'CPA letter.pdf',
      expiresOn: null,
      verifiedAt: null,
      establishedOn: today(),
    });
    expect(pending!.letterKey).toMatch(new RegExp(`^documents/${investor.id}/[0-9a-f]{32}\\.pdf$`));
    expect(await storedFiles(investor.id)).toEqual([pending!.letterKey]);
    const toLender = await mailsTo('lender@example.test', 'accreditation-letter-lender');
    expect(toLender.map((m) => m.payload)).toContainEqual(
      expect.objectContaining({ investorEmail: investor.email, fileName: 'CPA letter.pdf' }),
    );

    // The owner downloads it, with its name; no audit event for their own letter.
    const file = await download(investor, pending!.id);
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer())).toEqual(bytes);
    expect(file.headers.get('Content-Type')).toBe('application/pdf');
    expect(file.headers.get('Content-Disposition')).toContain('attachment');
    expect(file.headers.get('Content-Disposition')).toContain("filename*=UTF-8''CPA%20letter.pdf");
    expect(await auditOf(investor.id, 'accreditation.letter_downloaded')).toEqual([]);

    // The profile shows the self-certification as current and the letter under review.
    const request = new Request(`${BASE}/dashboard/profile`, { headers: { Cookie: investor.cookie } });
    const page = (await profileLoader({ request, params: {}, context: context() } as never)) as {
      accreditation: { current: { method: string } | null; records: { id: string; pending: boolean }[] } | null;
    };
    expect(page.accreditation?.current?.method).toBe('self_certified');
    expect(page.accreditation?.records.find((r) => r.id === pending!.id)?.pending).toBe(true);
  });

  it.each([
    [
      'a type not taken (plain text)',
      { name: 'letter.txt', bytes: Buffer.from('I am accredited.\n') },
      415,
      /file type is not accepted.*PDF, Word document, JPEG or PNG/,
    ],
    [
      'content that is not its type',
      { name: 'letter.pdf', bytes: Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex') },
      415,
      /does not match its type/,
    ],
    [
      'a file over the limit',
      { name: 'big.pdf', bytes: Buffer.concat([pdf(), Buffer.alloc(1024 * 1024)]) },
      413,
      /larger than 1 MB/,
    ],
    ['an empty file', { name: 'empty.pdf', bytes: Buffer.alloc(0) }, 400, /empty/],
    ['a file in another field', { name: 'letter.pdf', bytes: pdf(), field: 'file' }, 400, /choose your verification letter/],
    ['no file', undefined, 400, /choose your verification letter/],
  ])('refuses %s and stores nothing', async (_label, file, status, message) => {
    const investor = await account('investor');
    const before = await recordsOf(investor.id);
    const res = await upload(investor, file);
    expect(res.status).toBe(status);
    expect(res.data.ok).toBe(false);
    expect(res.data.toast?.description).toMatch(message);
    expect(await recordsOf(investor.id)).toEqual(before);
    expect(await storedFiles(investor.id)).toEqual([]);
  });

  it('refuses a borrower (403) and a fourth letter under review (409), storing nothing', async () => {
    const borrower = await account('borrower');
    const refused = await upload(borrower, { name: 'letter.pdf', bytes: pdf() });
    expect(refused.status).toBe(403);
    expect(refused.data.toast?.description).toMatch(/Only investors/);
    expect(await recordsOf(borrower.id)).toEqual([]);
    expect(await storedFiles(borrower.id)).toEqual([]);

    const investor = await account('investor');
    for (let i = 0; i < 3; i++) expect((await upload(investor, { name: `letter-${i}.pdf`, bytes: pdf() })).status).toBe(201);
    const fourth = await upload(investor, { name: 'letter-4.pdf', bytes: pdf() });
    expect(fourth.status).toBe(409);
    expect(await pendingOf(investor.id)).toHaveLength(3);
    expect(await storedFiles(investor.id)).toHaveLength(3);
  });

  it('answers a form posted without JavaScript with a redirect to the profile and a flash toast', async () => {
    const investor = await account('investor');
    const body = new FormData();
    body.append('letter', new Blob([pdf()]), 'letter.pdf');
    const request = new Request(`${BASE}/dashboard/profile/accreditation-letter`, {
      method: 'POST',
      body,
      headers: { Cookie: investor.cookie, Origin: BASE },
    });
    const res = (await uploadAction({
      request,
      params: {},
      context: requestContext({ clientIp: '198.51.100.251', cspNonce: '', requestId: 'test', documentRequest: true }),
    } as never)) as Response;
    expect(res.status).toBe(302);
    expect(res.headers.get('Location')).toBe('/dashboard/profile#accreditation');
    expect(res.headers.get('Set-Cookie')).toMatch(/^toast=/);
    expect(await pendingOf(investor.id)).toHaveLength(1);
  });
});

describe('who opens a letter', () => {
  it('another investor and a borrower get 404; staff get it, audited; the sweep keeps it', async () => {
    const owner = await account('investor');
    await upload(owner, { name: 'letter.png', bytes: Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex') });
    const [letter] = await pendingOf(owner.id);
    expect((await download(await account('investor'), letter!.id)).status).toBe(404);
    expect((await download(await account('borrower'), letter!.id)).status).toBe(404);
    expect((await download(owner, 'not-a-uuid')).status).toBe(404);

    const got = await download(staff, letter!.id);
    expect(got.status).toBe(200);
    expect(got.headers.get('Content-Type')).toBe('image/png');
    const preview = await download(staff, letter!.id, '?inline=1');
    expect(preview.headers.get('Content-Disposition')).toMatch(/^inline/);
    const [downloaded] = await auditOf(owner.id, 'accreditation.letter_downloaded');
    expect(downloaded).toMatchObject({ actorId: staff.id, subjectType: 'user' });
    expect(downloaded!.details).toMatchObject({ recordId: letter!.id, fileName: 'letter.png' });
    expect(await auditOf(owner.id, 'accreditation.letter_opened')).toHaveLength(1);

    // Letters live under documents/ and the orphan sweep knows them.
    await sweepOrphanDocuments(0, new Date(Date.now() + 60_000));
    expect(await storedFiles(owner.id)).toEqual([letter!.letterKey]);
  });
});

describe('staff', () => {
  it('verify a letter with an expiry: current record, audited, the investor told; a second verify is refused', async () => {
    const investor = await account('investor');
    await upload(investor, { name: 'letter.pdf', bytes: pdf() });
    const [letter] = await pendingOf(investor.id);
    const expiresOn = addYearsToDay(today(), 1);

    for (const [bad, message] of [
      [today(), /after today/],
      [addYearsToDay(today(), 6), /at most 5 years/],
      ['2026-02-30x', /Choose the day/],
    ] as const) {
      const refused = await staffPost(staff, { intent: 'accreditation-verify', recordId: letter!.id, expiresOn: bad });
      expect(refused.status).toBe(400);
      expect(JSON.stringify(refused.data.result)).toMatch(message);
    }
    expect((await pendingOf(investor.id)).map((r) => r.id)).toEqual([letter!.id]);

    const res = await staffPost(staff, { intent: 'accreditation-verify', recordId: letter!.id, expiresOn });
    expect(res.status).toBe(200);
    expect(res.data.ok).toBe(true);
    const [verified] = (await recordsOf(investor.id)).filter((r) => r.id === letter!.id);
    expect(verified).toMatchObject({ method: 'professional_letter', establishedOn: today(), expiresOn, verifiedBy: staff.id });
    expect(verified!.verifiedAt).toBeInstanceOf(Date);
    const [event] = await auditOf(investor.id, 'accreditation.verified');
    expect(event).toMatchObject({ actorId: staff.id, actorEmail: staff.email, subjectType: 'user' });
    expect(event!.details).toMatchObject({ recordId: letter!.id, expiresOn });
    expect(await notesOf(investor.id, 'Accreditation verified')).toHaveLength(1);
    const [mail] = await mailsTo(investor.email, 'accreditation-verified');
    expect((await renderStoredEmail(mail!)).text).toContain('/dashboard/profile#accreditation');

    // The directory's row shows it as the current record.
    const request = new Request(`${BASE}/admin-dashboard/users/${investor.id}/details`, { headers: { Cookie: staff.cookie } });
    const details = (
      (await detailsLoader({ request, params: { id: investor.id }, context: context() } as never)) as {
        data: { accreditation: { current: { id: string } } };
      }
    ).data;
    expect(details.accreditation.current.id).toBe(letter!.id);

    const again = await staffPost(staff, { intent: 'accreditation-verify', recordId: letter!.id, expiresOn });
    expect(again.status).toBe(409);
    expect(await auditOf(investor.id, 'accreditation.verified')).toHaveLength(1);
  });

  it('two staff verifying at once: one wins', async () => {
    const investor = await account('investor');
    await upload(investor, { name: 'letter.pdf', bytes: pdf() });
    const [letter] = await pendingOf(investor.id);
    const results = await Promise.allSettled(
      [1, 2].map(() => verifyAccreditation(staff, letter!.id, { expiresOn: addYearsToDay(today(), 1) })),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(results.find((r) => r.status === 'rejected')).toMatchObject({ reason: { kind: 'conflict' } });
    expect(await auditOf(investor.id, 'accreditation.verified')).toHaveLength(1);
  });

  it("record the lender's own check (audited with the note) and only for an investor", async () => {
    const investor = await account('investor');
    const expiresOn = addDaysToDay(today(), 200);
    const res = await staffPost(staff, {
      intent: 'accreditation-lender-check',
      userId: investor.id,
      expiresOn,
      note: 'Two years of tax returns reviewed.',
    });
    expect(res.status).toBe(200);
    const checked = (await recordsOf(investor.id)).find((r) => r.method === 'lender_verified');
    expect(checked).toMatchObject({ establishedOn: today(), expiresOn, verifiedBy: staff.id, letterKey: null });
    const [event] = await auditOf(investor.id, 'accreditation.lender_checked');
    expect(event!.details).toMatchObject({ reason: 'Two years of tax returns reviewed.', expiresOn });

    const borrower = await account('borrower');
    const refused = await staffPost(staff, {
      intent: 'accreditation-lender-check',
      userId: borrower.id,
      expiresOn,
      note: 'Checked.',
    });
    expect(refused.status).toBe(404);
    expect(await recordsOf(borrower.id)).toEqual([]);
  });

  it('send a letter back with a reason: record and file gone, audited, the investor told why', async () => {
    const investor = await account('investor');
    await upload(investor, { name: 'blurry.jpg', bytes: Buffer.from('ffd8ffe000104a46494600010100000100010000ffdb', 'hex') });
    const [letter] = await pendingOf(investor.id);
    const short = await staffPost(staff, { intent: 'accreditation-reject', recordId: letter!.id, reason: 'x' });
    expect(short.status).toBe(400);
    const res = await staffPost(staff, {
      intent: 'accreditation-reject',
      recordId: letter!.id,
      reason: 'The letter is not signed.',
    });
    expect(res.status).toBe(200);
    expect(await pendingOf(investor.id)).toEqual([]);
    expect(await storedFiles(investor.id)).toEqual([]);
    const [event] = await auditOf(investor.id, 'accreditation.rejected');
    expect(event!.details).toMatchObject({ fileName: 'blurry.jpg', reason: 'The letter is not signed.' });
    expect(await notesOf(investor.id, 'Verification letter not accepted')).toHaveLength(1);
    const [mail] = await mailsTo(investor.email, 'accreditation-letter-rejected');
    expect((await renderStoredEmail(mail!)).text).toContain('The letter is not signed.');
    expect((await download(investor, letter!.id)).status).toBe(404);
  });
});

describe('an expired record', () => {
  const ANSWERS: SuitabilityAnswers = {
    netWorthOver250k: true,
    incomeOver70k: false,
    withinConcentrationLimit: true,
    understandsRisks: true,
    signature: 'Test Investor',
  };

  it('refuses amounts naming the date, and a verified letter lets them through', async () => {
    const [target] = await db()
      .insert(deal)
      .values({
        title: `Deal ${randomUUID().slice(0, 6)}`,
        location: 'Reno, NV',
        description: 'A first-position bridge loan.',
        loanAmount: 100_000,
        ltv: 60,
        termMonths: 12,
        interestRate: 10,
        minimumInvestment: 25_000,
        investmentStep: 5_000,
        amountToRaise: 100_000,
      })
      .returning({ id: deal.id });
    const investor = await account('investor');
    await signSuitability(investor, target!.id, ANSWERS, '203.0.113.7');
    await db()
      .update(accreditationRecord)
      .set({ expiresOn: '2025-06-30' })
      .where(eq(accreditationRecord.investorId, investor.id));
    await expect(indicateAmount(investor, target!.id, 25_000)).rejects.toMatchObject({
      kind: 'forbidden',
      message:
        'Your accreditation record expired on Jun 30, 2025. Upload a new verification letter on your profile to indicate amounts.',
    });

    await upload(investor, { name: 'letter.pdf', bytes: pdf() });
    const [letter] = await pendingOf(investor.id);
    // Pending is not enough.
    await expect(indicateAmount(investor, target!.id, 25_000)).rejects.toMatchObject({ kind: 'forbidden' });
    await verifyAccreditation(staff, letter!.id, { expiresOn: addYearsToDay(today(), 1) });
    await expect(indicateAmount(investor, target!.id, 25_000)).resolves.toMatchObject({ amount: 25_000, status: 'indicated' });
  });
});

describe('reminders', () => {
  // Far enough ahead that every record the other tests made has expired by then.
  const base = addYearsToDay(today(), 8);
  const at = (day: string) => new Date(`${day}T20:00:00Z`);

  /** An investor (no session) whose records are `records`: [method, expiresOn]. */
  async function investorWith(records: [string, string][], notifyEmail = true) {
    const who = { id: randomUUID(), name: 'Rita Reminder', email: `rita-${randomUUID().slice(0, 8)}@example.com` };
    await db()
      .insert(user)
      .values({ ...who, emailVerified: true });
    await db().insert(profile).values({ userId: who.id, isInvestor: true, notifyEmail });
    for (const [method, expiresOn] of records)
      await db()
        .insert(accreditationRecord)
        .values({
          investorId: who.id,
          method: method as 'self_certified',
          establishedOn: today(),
          expiresOn,
          verifiedAt: new Date(),
        });
    return who;
  }
  const twice = (now: Date) => Promise.all([sendAccreditationReminders(now), sendAccreditationReminders(now)]);

  it('sends the 30-day and the 7-day e-mail once each, even from two runs at once', async () => {
    const rita = await investorWith([['self_certified', addDaysToDay(base, 20)]]);
    const first = await twice(at(base));
    expect(first[0].thirtyDay + first[1].thirtyDay).toBeGreaterThanOrEqual(1);
    let mails = await mailsTo(rita.email, 'accreditation-reminder');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.payload).toMatchObject({ daysLeft: 20, method: 'Self-certified at sign-up' });
    const { text } = await renderStoredEmail(mails[0]!);
    expect(text).toContain('in 20 days');
    expect(text).toContain('/dashboard/profile#accreditation');
    expect(await notesOf(rita.id, 'Accreditation expiring')).toHaveLength(1);

    // The same day again, and the next week: nothing new.
    await twice(at(base));
    await twice(at(addDaysToDay(base, 7)));
    expect(await mailsTo(rita.email, 'accreditation-reminder')).toHaveLength(1);

    // Five days left: the 7-day reminder, once.
    await twice(at(addDaysToDay(base, 15)));
    await sendAccreditationReminders(at(addDaysToDay(base, 16)));
    mails = await mailsTo(rita.email, 'accreditation-reminder');
    expect(mails.map((m) => m.payload.daysLeft).sort()).toEqual([20, 5]);
    expect(await notesOf(rita.id, 'Accreditation expiring')).toHaveLength(2);
    const [record] = await recordsOf(rita.id);
    expect(record!.reminded30At).toBeInstanceOf(Date);
    expect(record!.reminded7At).toBeInstanceOf(Date);

    // Expired: no more.
    await sendAccreditationReminders(at(addDaysToDay(base, 21)));
    expect(await mailsTo(rita.email, 'accreditation-reminder')).toHaveLength(2);
  });

  it('four runs at once over many investors send each reminder exactly once', async () => {
    // A year later again: only these records are in the window.
    const later = addYearsToDay(base, 1);
    const many = await Promise.all(
      Array.from({ length: 40 }, (_, i) => investorWith([['self_certified', addDaysToDay(later, 10 + (i % 20))]])),
    );
    const runs = await Promise.all(Array.from({ length: 4 }, () => sendAccreditationReminders(at(later))));
    expect(runs.reduce((sum, r) => sum + r.thirtyDay, 0)).toBe(40);
    expect(runs.reduce((sum, r) => sum + r.emailed, 0)).toBe(40);
    for (const who of many) expect(await mailsTo(who.email, 'accreditation-reminder')).toHaveLength(1);
  });

  it('a record found in its last week gets the 7-day reminder only', async () => {
    const late = await investorWith([['lender_verified', addDaysToDay(base, 3)]]);
    await twice(at(base));
    const mails = await mailsTo(late.email, 'accreditation-reminder');
    expect(mails.map((m) => m.payload.daysLeft)).toEqual([3]);
    await sendAccreditationReminders(at(base));
    expect(await mailsTo(late.email, 'accreditation-reminder')).toHaveLength(1);
  });

  it('an investor who turned e-mail off gets the notification but no e-mail', async () => {
    const quiet = await investorWith([['self_certified', addDaysToDay(base, 10)]], false);
    const counts = await sendAccreditationReminders(at(base));
    expect(counts.thirtyDay).toBeGreaterThanOrEqual(1);
    expect(await mailsTo(quiet.email, 'accreditation-reminder')).toEqual([]);
    expect(await notesOf(quiet.id, 'Accreditation expiring')).toHaveLength(1);
    const [record] = await recordsOf(quiet.id);
    expect(record!.reminded30At).toBeInstanceOf(Date);
  });

  it('a superseded record is not reminded', async () => {
    const renewed = await investorWith([
      ['self_certified', addDaysToDay(base, 5)],
      ['lender_verified', addDaysToDay(base, 300)],
    ]);
    await twice(at(base));
    expect(await mailsTo(renewed.email, 'accreditation-reminder')).toEqual([]);
    expect(await notesOf(renewed.id, 'Accreditation expiring')).toEqual([]);
    const [{ n }] = (await db()
      .select({ n: count() })
      .from(accreditationRecord)
      .where(and(eq(accreditationRecord.investorId, renewed.id)))) as [{ n: number }];
    expect(n).toBe(2);
    expect((await recordsOf(renewed.id)).every((r) => !r.reminded30At && !r.reminded7At)).toBe(true);
  });
});
