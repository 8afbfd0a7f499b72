/**
 * Loan updates (issue 25 "Loan updates"; domain/returns/updates.server.ts): a loan with positions
 * billed and not paid is announced to its investors by the daily job 'returns-loan-updates' once
 * it is 30 days late (not on day 29), and once in default at 90 days, each once however often
 * and by however many runners the job runs; an approved extension and a recorded payoff are
 * announced in their own transactions; staff's post reaches every investor, through the ledger
 * page's action, audited, and is refused for a non-admin and for bad input. Notices are the
 * portal notification for every investor and the 'loan-update' e-mail for those who take e-mail.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { requestContext } from '~/load-context';
import { UPDATE_NOTICE_TITLES } from '~/lib/returns/updates';
import { action as ledgerAction, loader as ledgerLoader } from '~/routes/admin/loan-ledger';
import { db } from '~/server/db/client.server';
import { auditEvent, loanUpdate, notification, outboxEmail, profile, user } from '~/server/db/schema';
import type { LoanActor } from '~/server/domain/loans/loan.server';
import { announceStanding, postLoanUpdate, updatesOfLoan } from '~/server/domain/returns/updates.server';
import { decideExtension, requestExtension } from '~/server/domain/servicing/extensions.server';
import { currentBalances, servicingOf } from '~/server/domain/servicing/ledger.server';
import { recordPayment } from '~/server/domain/servicing/payments.server';
import { quotePayoff, recordPayoff } from '~/server/domain/servicing/payoff.server';
import { defineDaily, runDaily } from '~/server/jobs/daily.server';
import { LOAN_UPDATES } from '~/server/jobs/returns.server';
import { BILLING } from '~/server/jobs/servicing.server';
import { dealOnLoan } from '../support/returns';
import { signedInThroughLogin, type RoutePerson } from '../support/route-accounts';
import { newPerson } from '../support/servicing';
import { useTestDatabase } from '../support/test-database';

const database = useTestDatabase();
let admin: LoanActor;
beforeAll(async () => {
  admin = await newPerson('admin');
});

/** A loan ($1,000,000, first due day 2026-02-01) with three positions; the third investor takes no e-mail. */
async function troubledLoan() {
  const made = await dealOnLoan({
    admin,
    positions: [{ amountCents: 20_000_000 }, { amountCents: 30_000_000 }, { amountCents: 10_000_000 }],
  });
  await db().update(profile).set({ notifyEmail: false }).where(eq(profile.userId, made.positions[2]!.investor.id));
  return { ...made, investorIds: made.positions.map((p) => p.investor.id) };
}

let jobs = 0;
/** A job of this test's own name with `options` (so its days are its own), run at the lender's noon of `day`. */
function ownJob(options = LOAN_UPDATES, name = 'updates') {
  const job = defineDaily(`${name}-${++jobs}`, options);
  return { job, at: (day: string) => runDaily(database.current().db, job, new Date(`${day}T12:00:00-08:00`)) };
}

const updatesOf = (loanId: string) => db().select().from(loanUpdate).where(eq(loanUpdate.loanId, loanId));
const noticesOf = (investorIds: string[], title: string) =>
  db()
    .select()
    .from(notification)
    .where(and(inArray(notification.userId, investorIds), eq(notification.title, title)));
async function mailsTo(investorIds: string[], title: string) {
  const rows = await db().select().from(outboxEmail).where(eq(outboxEmail.template, 'loan-update'));
  const people = await db().select({ email: user.email }).from(user).where(inArray(user.id, investorIds));
  const addresses = new Set(people.map((p) => p.email));
  return rows.filter((r) => addresses.has(r.to) && (r.payload as { title: string }).title === title);
}

describe('the daily job: 30 days late, in default', () => {
  it('tells every investor once when the installment is 30 days unpaid, not on day 29; e-mail by preference', async () => {
    const { loan: l, investorIds } = await troubledLoan();
    await ownJob(BILLING, 'billing').at('2026-02-01');
    const updates = ownJob();
    await updates.at('2026-03-02');
    expect(await updatesOf(l.id)).toHaveLength(0);
    await updates.at('2026-03-03');
    const [late, ...more] = await updatesOf(l.id);
    expect(more).toHaveLength(0);
    expect(late).toMatchObject({ kind: 'late-30', episode: '2026-02-01', authorId: null });
    expect(late!.body).toContain('Feb 1, 2026');
    expect(late!.body).toContain('30 days past due');
    const notices = await noticesOf(investorIds, UPDATE_NOTICE_TITLES['late-30']);
    expect(notices.map((n) => n.userId).sort()).toEqual([...investorIds].sort());
    expect(notices.every((n) => n.message.endsWith(late!.title) && n.type === 'warning')).toBe(true);
    // The third investor turned e-mail off: the notification, no e-mail.
    const mails = await mailsTo(investorIds, late!.title);
    expect(mails).toHaveLength(2);

    // Again the next day, and two runners of two jobs at once: still one update, nobody told twice.
    await updates.at('2026-03-04');
    const [a, b] = [ownJob(), ownJob()];
    await Promise.all([a.at('2026-03-05'), b.at('2026-03-05')]);
    await Promise.all([a.at('2026-03-05'), a.at('2026-03-05')]);
    expect(await updatesOf(l.id)).toHaveLength(1);
    expect(await noticesOf(investorIds, UPDATE_NOTICE_TITLES['late-30'])).toHaveLength(3);
    expect(await mailsTo(investorIds, late!.title)).toHaveLength(2);
  });

  it('announces the default at 90 days past due, once, and a loan past its maturity as its own episode', async () => {
    const { loan: l, investorIds } = await troubledLoan();
    await ownJob(BILLING, 'billing').at('2026-02-01');
    const updates = ownJob();
    await updates.at('2026-05-01'); // 89 days: late (60+), told it is late, not in default
    expect((await updatesOf(l.id)).map((u) => u.kind)).toEqual(['late-30']);
    await updates.at('2026-05-02'); // 90 days
    await updates.at('2026-05-03');
    const rows = await updatesOf(l.id);
    expect(rows.map((u) => u.kind).sort()).toEqual(['default', 'late-30']);
    expect(rows.find((u) => u.kind === 'default')!.episode).toBe('2026-02-01');
    expect(await noticesOf(investorIds, UPDATE_NOTICE_TITLES.default)).toHaveLength(3);
    // Past the maturity (2027-01-15) with principal outstanding: 'maturity-2027-01-15', once.
    await db().transaction(async (tx) => {
      expect(await announceStanding(tx, l.id, '2027-01-16')).toEqual(['default']);
      expect(await announceStanding(tx, l.id, '2027-01-17')).toEqual([]);
    });
    expect((await updatesOf(l.id)).map((u) => u.episode).sort()).toEqual(['2026-02-01', '2026-02-01', 'maturity-2027-01-15']);
  });

  it('a loan that catches up and falls behind again is a new episode, told again', async () => {
    const { loan: l, investorIds } = await troubledLoan();
    const billing = ownJob(BILLING, 'billing');
    await billing.at('2026-02-01');
    await billing.at('2026-03-01');
    await ownJob().at('2026-03-03');
    const due = await currentBalances((await servicingOf(l.id))!);
    await recordPayment(
      admin,
      l,
      { day: '2026-03-05', amountCents: due.interestDueCents + due.feesDueCents, method: 'wire', overpayment: 'principal' },
      '2026-03-05',
    );
    await billing.at('2026-04-01');
    await ownJob().at('2026-04-30'); // 29 days since 04-01: late, not yet told
    expect((await updatesOf(l.id)).map((u) => u.episode)).toEqual(['2026-02-01']);
    await ownJob().at('2026-05-01');
    expect((await updatesOf(l.id)).map((u) => u.episode).sort()).toEqual(['2026-02-01', '2026-04-01']);
    expect(await noticesOf(investorIds, UPDATE_NOTICE_TITLES['late-30'])).toHaveLength(6);
  });

  it('leaves a current loan, and a loan without positions, alone', async () => {
    const bare = await dealOnLoan({ admin });
    const { loan: current } = await troubledLoan();
    await db().transaction(async (tx) => {
      expect(await announceStanding(tx, current.id, '2026-01-31')).toEqual([]);
      expect(await announceStanding(tx, bare.loan.id, '2027-03-01')).toEqual([]);
    });
    expect(await updatesOf(bare.loan.id)).toHaveLength(0);
  });
});

describe('extension and payoff', () => {
  it('an approved extension tells the investors (episode: the new maturity); a declined one does not', async () => {
    const { loan: l, borrower, investorIds } = await troubledLoan();
    const declined = await requestExtension(borrower, l, 3, '2026-06-01');
    await decideExtension(admin, l, declined, 'declined', 'Not this time', '2026-06-01');
    expect(await updatesOf(l.id)).toHaveLength(0);
    const approved = await requestExtension(borrower, l, 6, '2026-06-02');
    await decideExtension(admin, l, approved, 'approved', null, '2026-06-02');
    const [u, ...more] = await updatesOf(l.id);
    expect(more).toHaveLength(0);
    expect(u).toMatchObject({ kind: 'extended', episode: '2027-07-15' });
    expect(u!.title).toContain('Jul 15, 2027');
    expect(await noticesOf(investorIds, UPDATE_NOTICE_TITLES.extended)).toHaveLength(3);
    expect(await mailsTo(investorIds, u!.title)).toHaveLength(2);
  });

  it('a recorded payoff tells the investors (episode: the day received), in the payoff transaction', async () => {
    const { loan: l, investorIds } = await troubledLoan();
    const quote = await quotePayoff(admin, l, '2026-01-30', { by: 'staff', today: '2026-01-25' });
    await recordPayoff(
      admin,
      l,
      { quoteId: quote.id, day: '2026-01-28', amountCents: quote.totalCents, method: 'wire', reference: 'FW-1' },
      '2026-01-28',
    );
    const [u] = await updatesOf(l.id);
    expect(u).toMatchObject({ kind: 'paid-off', episode: '2026-01-28' });
    expect(await noticesOf(investorIds, UPDATE_NOTICE_TITLES['paid-off'])).toHaveLength(3);
    // A paid-off loan is no longer the job's.
    await ownJob().at('2026-04-01');
    expect(await updatesOf(l.id)).toHaveLength(1);
  });
});

describe("staff's updates", () => {
  it('checks the title and text, and refuses a loan without investors', async () => {
    const { loan: l } = await troubledLoan();
    await expect(postLoanUpdate(admin, l, { title: ' ', body: 'A long enough text.' })).rejects.toMatchObject({
      kind: 'invalid',
    });
    await expect(postLoanUpdate(admin, l, { title: 'Short', body: 'Too short' })).rejects.toMatchObject({ kind: 'invalid' });
    await expect(postLoanUpdate(admin, l, { title: 'x'.repeat(121), body: 'A long enough text.' })).rejects.toMatchObject({
      kind: 'invalid',
    });
    const bare = await dealOnLoan({ admin });
    await expect(postLoanUpdate(admin, bare.loan, { title: 'Hello', body: 'Nobody to tell here.' })).rejects.toMatchObject({
      kind: 'conflict',
    });
    expect(await updatesOf(l.id)).toHaveLength(0);
    expect(await updatesOf(bare.loan.id)).toHaveLength(0);
  });

  describe('through the ledger page', () => {
    const ORIGIN = 'http://localhost:3000';
    let requests = 0;
    const context = () =>
      requestContext({ clientIp: '203.0.113.95', cspNonce: '', requestId: `updates-${++requests}`, documentRequest: false });
    let staff: RoutePerson;
    let investor: RoutePerson;
    beforeAll(async () => {
      [staff, investor] = await Promise.all([
        signedInThroughLogin({ isAdmin: true }, { twoFactor: true }),
        signedInThroughLogin({ isInvestor: true }),
      ]);
    });

    /** Posts `fields` to the ledger page's action as `cookie`; the status and body (a thrown redirect included). */
    async function post(reference: string, cookie: string, fields: Record<string, string>) {
      const body = new FormData();
      for (const [k, v] of Object.entries(fields)) body.append(k, v);
      const request = new Request(`${ORIGIN}/admin-dashboard/loans/${reference}/ledger`, {
        method: 'POST',
        body,
        headers: { Origin: ORIGIN, Cookie: cookie },
      });
      let result: unknown;
      try {
        result = await ledgerAction({ request, params: { reference }, context: context() } as never);
      } catch (thrown) {
        result = thrown;
      }
      if (result instanceof Response) return { status: result.status, body: null };
      const r = result as { init?: ResponseInit | null; data?: unknown };
      return { status: r.init?.status ?? 200, body: r.data };
    }

    it('posts to every investor, audited, and lists it on the page', async () => {
      const { loan: l, investorIds } = await troubledLoan();
      const reference = l.reference!;
      const fields = { intent: 'update', title: 'Site visit', body: 'We visited the property: the work goes on.\nMore soon.' };
      const posted = await post(reference, staff.cookie, fields);
      expect(posted.status).toBe(200);
      expect(posted.body).toMatchObject({ ok: true });
      const [u] = await updatesOf(l.id);
      expect(u).toMatchObject({ kind: 'note', episode: null, title: 'Site visit', authorId: staff.id });
      const notices = await noticesOf(investorIds, UPDATE_NOTICE_TITLES.note);
      expect(notices.map((n) => n.userId).sort()).toEqual([...investorIds].sort());
      expect(await mailsTo(investorIds, 'Site visit')).toHaveLength(2);
      const [event] = await db()
        .select()
        .from(auditEvent)
        .where(and(eq(auditEvent.action, 'loan.update_posted'), eq(auditEvent.subjectId, l.id)));
      expect(event).toMatchObject({ actorId: staff.id, details: { updateId: u!.id, investors: 3 } });
      // A second post is a second update (staff's posts have no episode).
      expect((await post(reference, staff.cookie, { ...fields, title: 'Second visit' })).status).toBe(200);
      const page = (await ledgerLoader({
        request: new Request(`${ORIGIN}/admin-dashboard/loans/${reference}/ledger`, { headers: { Cookie: staff.cookie } }),
        params: { reference },
        context: context(),
      } as never)) as { updates: { title: string; authorName: string | null }[]; investors: number };
      expect(page.investors).toBe(3);
      expect(page.updates.map((x) => x.title)).toEqual(['Second visit', 'Site visit']);
      expect((await updatesOfLoan(l.id))[0]!.authorName).toBe('Route Tester');
    });

    it('refuses bad input (400) and a non-admin (redirected), changing nothing', async () => {
      const { loan: l, investorIds } = await troubledLoan();
      const reference = l.reference!;
      const bad = await post(reference, staff.cookie, { intent: 'update', title: '', body: 'short' });
      expect(bad.status).toBe(400);
      const refused = await post(reference, investor.cookie, {
        intent: 'update',
        title: 'Hello',
        body: 'Not staff, not posted.',
      });
      expect(refused.status).toBe(302);
      const anonymous = await post(reference, '', { intent: 'update', title: 'Hello', body: 'Not signed in, not posted.' });
      expect(anonymous.status).toBe(302);
      expect(await updatesOf(l.id)).toHaveLength(0);
      expect(await noticesOf(investorIds, UPDATE_NOTICE_TITLES.note)).toHaveLength(0);
    });
  });
});
