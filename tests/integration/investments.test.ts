/**
 * Soft commitments against a real database (issue "Investing"; app/server/domain/investing/investments.server.ts):
 * every refusal of the rules stores nothing; amounts fill the raise and the rest waits in order
 * of arrival; a withdrawal or a decline moves the waitlist up and tells the investor; staff moves
 * follow STAFF_MOVES; 50 concurrent amounts never put the counted total over the raise and lose
 * none; the suitability statement keeps its text, answers and address.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { SUITABILITY_FORM_VERSION, type SuitabilityAnswers } from '~/lib/investing';
import { db } from '~/server/db/client.server';
import {
  accreditationRecord,
  deal,
  notification,
  outboxEmail,
  profile,
  softCommitment,
  suitabilityStatement,
  user,
} from '~/server/db/schema';
import {
  acknowledgeDataRoom,
  addMonthsToDay,
  currentAccreditation,
  dataRoomAcknowledged,
  investorPosition,
  recordSelfCertification,
  signSuitability,
  suitabilityOf,
  type InvestorRef,
} from '~/server/domain/investing/investments.server';
import { indicateAmount, moveCommitment, withdrawAmount } from '~/server/domain/investing/commitments.server';
import { getDeal } from '~/server/domain/investing/deals.server';
import { useTestDatabase } from '../support/test-database';

useTestDatabase();

const ANSWERS: SuitabilityAnswers = {
  netWorthOver250k: true,
  incomeOver70k: false,
  withinConcentrationLimit: true,
  understandsRisks: true,
  signature: 'Test Investor',
};
const staff = { id: null as unknown as string, email: 'staff@ormsby.test' };

/** A user with `roles`; an investor gets a self-certification unless `accredited` is false. */
async function person(roles: { isInvestor?: boolean; isBorrower?: boolean }, accredited = true): Promise<InvestorRef> {
  const who = { id: randomUUID(), name: `Investor ${randomUUID().slice(0, 6)}`, email: `${randomUUID()}@example.test` };
  await db()
    .insert(user)
    .values({ ...who, emailVerified: true });
  await db()
    .insert(profile)
    .values({ userId: who.id, isInvestor: roles.isInvestor ?? false, isBorrower: roles.isBorrower ?? false });
  if (roles.isInvestor && accredited) await recordSelfCertification(db(), who.id);
  return { ...who, isInvestor: roles.isInvestor ?? false };
}

async function newDeal(values: Partial<typeof deal.$inferInsert> = {}) {
  const [row] = await db()
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
      ...values,
    })
    .returning({ id: deal.id });
  return row!.id;
}

/** An investor ready to indicate on `dealId`: accredited, statement signed. */
async function readyInvestor(dealId: string) {
  const who = await person({ isInvestor: true });
  await signSuitability(who, dealId, ANSWERS, '203.0.113.7');
  return who;
}

const commitmentsOf = (dealId: string) =>
  db().select().from(softCommitment).where(eq(softCommitment.dealId, dealId)).orderBy(softCommitment.queuedAt);
const rowCount = async () =>
  Number((await db().execute<{ n: string }>(sql`select count(*) as n from soft_commitment`)).rows[0]!.n);

describe('refusals store nothing', () => {
  let dealId: string;
  beforeAll(async () => {
    dealId = await newDeal();
  });

  it.each([
    ['a borrower', async () => indicateAmount(await person({ isBorrower: true }), dealId, 25_000), /Only investors/],
    [
      'an investor without an accreditation record',
      async () => {
        const who = await person({ isInvestor: true }, false);
        await signSuitability(who, dealId, ANSWERS, null);
        return indicateAmount(who, dealId, 25_000);
      },
      /no current accreditation record/,
    ],
    [
      'an investor whose record expired',
      async () => {
        const who = await readyInvestor(dealId);
        await db().update(accreditationRecord).set({ expiresOn: '2026-01-31' }).where(eq(accreditationRecord.investorId, who.id));
        return indicateAmount(who, dealId, 25_000);
      },
      /expired on Jan 31, 2026/,
    ],
    [
      'no suitability statement',
      async () => indicateAmount(await person({ isInvestor: true }), dealId, 25_000),
      /suitability statement/,
    ],
    [
      'below the minimum',
      async () => indicateAmount(await readyInvestor(dealId), dealId, 20_000),
      /minimum investment in this deal is \$25,000/,
    ],
    ['off the step', async () => indicateAmount(await readyInvestor(dealId), dealId, 27_000), /steps of \$5,000/],
    ['not whole dollars', async () => indicateAmount(await readyInvestor(dealId), dealId, 25_000.5), /whole dollars/],
    [
      'a closed deal',
      async () => {
        const closed = await newDeal();
        const who = await readyInvestor(closed);
        await db().update(deal).set({ status: 'Closed' }).where(eq(deal.id, closed));
        return indicateAmount(who, closed, 25_000);
      },
      /closed/,
    ],
    [
      'a deal that does not exist',
      async () => indicateAmount(await readyInvestor(dealId), randomUUID(), 25_000),
      /does not exist/,
    ],
    ['a malformed deal id', async () => indicateAmount(await readyInvestor(dealId), 'nope', 25_000), /does not exist/],
  ])('%s', async (_label, attempt, message) => {
    const before = await rowCount();
    await expect(attempt()).rejects.toThrow(message);
    expect(await rowCount()).toBe(before);
  });

  it('suitability answers that do not qualify are refused with the form’s message, and kept nowhere', async () => {
    const who = await person({ isInvestor: true });
    await expect(signSuitability(who, dealId, { ...ANSWERS, netWorthOver250k: false }, null)).rejects.toThrow(
      /net worth over \$250,000/,
    );
    await expect(signSuitability(who, dealId, { ...ANSWERS, withinConcentrationLimit: false }, null)).rejects.toThrow(
      /10% of your net worth/,
    );
    await expect(signSuitability(who, dealId, { ...ANSWERS, signature: ' ' }, null)).rejects.toThrow(/full name/);
    expect(await suitabilityOf(who.id, dealId)).toBeNull();
  });

  it('another investor’s amount cannot be withdrawn: 404, and it stays', async () => {
    const owner = await readyInvestor(dealId);
    const other = await readyInvestor(dealId);
    const mine = await indicateAmount(owner, dealId, 25_000);
    await expect(withdrawAmount(other, mine.id)).rejects.toMatchObject({ kind: 'not-found' });
    await expect(withdrawAmount(other, 'nope')).rejects.toMatchObject({ kind: 'not-found' });
    const [row] = await db().select().from(softCommitment).where(eq(softCommitment.id, mine.id));
    expect(row!.status).toBe('indicated');
  });
});

describe('the raise, the waitlist and the staff', () => {
  it('fills the raise, waitlists the rest in order, and moves it up when room opens', async () => {
    const dealId = await newDeal();
    const [first, second, third] = [await readyInvestor(dealId), await readyInvestor(dealId), await readyInvestor(dealId)];

    expect(await indicateAmount(first, dealId, 50_000)).toMatchObject({ status: 'indicated', amount: 50_000 });
    const raised = await indicateAmount(first, dealId, 75_000);
    expect(raised).toMatchObject({ status: 'indicated', amount: 75_000 });
    expect(await indicateAmount(second, dealId, 25_000)).toMatchObject({ status: 'indicated' });
    const waiting = await indicateAmount(third, dealId, 25_000);
    expect(waiting.status).toBe('waitlisted');
    expect((await commitmentsOf(dealId)).map((c) => [c.investorId, c.amount, c.status])).toEqual([
      [first.id, 75_000, 'indicated'],
      [second.id, 25_000, 'indicated'],
      [third.id, 25_000, 'waitlisted'],
    ]);
    // The lender heard of each amount; the waitlisted investor was told by e-mail.
    const lenderMails = await db().select().from(outboxEmail).where(eq(outboxEmail.template, 'commitment-lender'));
    expect(lenderMails.filter((m) => (m.payload as { dealTitle: string }).dealTitle).length).toBeGreaterThanOrEqual(4);
    const toThird = () =>
      db()
        .select()
        .from(outboxEmail)
        .where(and(eq(outboxEmail.template, 'commitment-investor'), eq(outboxEmail.to, third.email)));
    expect((await toThird()).map((m) => (m.payload as { subject: string }).subject)).toEqual(['Amount Waitlisted']);

    await withdrawAmount(first, raised.id);
    const after = await commitmentsOf(dealId);
    expect(after.find((c) => c.investorId === first.id)!.status).toBe('withdrawn');
    expect(after.find((c) => c.investorId === third.id)!.status).toBe('indicated');
    expect((await toThird()).map((m) => (m.payload as { subject: string }).subject)).toEqual([
      'Amount Waitlisted',
      'Off the Waitlist',
    ]);
    const notices = await db().select().from(notification).where(eq(notification.userId, third.id));
    expect(notices.map((n) => n.title)).toContain('Off the Waitlist');

    // A withdrawn investor may indicate again (a new amount, at the back of the line if full).
    expect(await indicateAmount(first, dealId, 50_000)).toMatchObject({ status: 'indicated' });
    expect(await indicateAmount(await readyInvestor(dealId), dealId, 25_000)).toMatchObject({ status: 'waitlisted' });
  });

  it('staff confirm, fund and decline by STAFF_MOVES; a decline moves the waitlist up; confirmed amounts are the lender’s to change', async () => {
    const dealId = await newDeal({ amountToRaise: 50_000 });
    const a = await readyInvestor(dealId);
    const b = await readyInvestor(dealId);
    const c = await readyInvestor(dealId);
    const amountA = await indicateAmount(a, dealId, 25_000);
    const amountB = await indicateAmount(b, dealId, 25_000);
    const amountC = await indicateAmount(c, dealId, 25_000);
    expect(amountC.status).toBe('waitlisted');

    await moveCommitment(staff, amountA.id, 'confirmed', 'Documents go out Monday.');
    await expect(indicateAmount(a, dealId, 30_000)).rejects.toThrow(/has confirmed your amount/);
    await expect(withdrawAmount(a, amountA.id)).rejects.toThrow(/has confirmed your amount/);
    await moveCommitment(staff, amountA.id, 'funded', '');
    await expect(moveCommitment(staff, amountA.id, 'declined', '')).rejects.toThrow(/Funded cannot be moved to Declined/);
    await expect(moveCommitment(staff, amountC.id, 'confirmed', '')).rejects.toThrow(/Waitlisted cannot be moved to Confirmed/);
    await expect(moveCommitment(staff, randomUUID(), 'confirmed', '')).rejects.toMatchObject({ kind: 'not-found' });

    await moveCommitment(staff, amountB.id, 'declined', 'The raise closed with other investors.');
    const rows = await commitmentsOf(dealId);
    expect(Object.fromEntries(rows.map((r) => [r.investorId, r.status]))).toEqual({
      [a.id]: 'funded',
      [b.id]: 'declined',
      [c.id]: 'indicated',
    });
    expect(rows.find((r) => r.investorId === b.id)!.note).toBe('The raise closed with other investors.');
    const toB = await db()
      .select()
      .from(outboxEmail)
      .where(and(eq(outboxEmail.template, 'commitment-investor'), eq(outboxEmail.to, b.email)));
    expect(toB.map((m) => (m.payload as { message: string }).message)).toEqual([
      expect.stringContaining('as declined. The raise closed with other investors.'),
    ]);
  });

  it('50 concurrent amounts on one deal: the counted total stays within the raise, the rest is waitlisted, none is lost', async () => {
    const dealId = await newDeal({ amountToRaise: 500_000 });
    const investors = await Promise.all(Array.from({ length: 50 }, () => readyInvestor(dealId)));
    const answers = await Promise.all(investors.map((who) => indicateAmount(who, dealId, 25_000)));
    const rows = await commitmentsOf(dealId);
    expect(rows).toHaveLength(50);
    const counted = rows.filter((r) => r.status === 'indicated').reduce((sum, r) => sum + r.amount, 0);
    expect(counted).toBe(500_000);
    expect(rows.filter((r) => r.status === 'waitlisted')).toHaveLength(30);
    expect(answers.filter((a) => a.status === 'indicated')).toHaveLength(20);
    // Order of arrival: no waitlisted amount arrived before an indicated one.
    const lastIndicated = Math.max(...rows.filter((r) => r.status === 'indicated').map((r) => r.queuedAt.getTime()));
    const firstWaiting = Math.min(...rows.filter((r) => r.status === 'waitlisted').map((r) => r.queuedAt.getTime()));
    expect(lastIndicated).toBeLessThanOrEqual(firstWaiting);
  });
});

describe('signatures', () => {
  it('keeps the suitability statement’s text, version, answers and address, once', async () => {
    const dealId = await newDeal();
    const who = await person({ isInvestor: true });
    await signSuitability(who, dealId, ANSWERS, '198.51.100.4');
    await signSuitability(who, dealId, { ...ANSWERS, signature: 'Someone Else' }, '198.51.100.5');
    const rows = await db().select().from(suitabilityStatement).where(eq(suitabilityStatement.investorId, who.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ formVersion: SUITABILITY_FORM_VERSION, clientIp: '198.51.100.4', answers: ANSWERS });
    expect(rows[0]!.formText).toContain('$250,000');
    // Only the investor's own.
    expect(await suitabilityOf((await person({ isInvestor: true })).id, dealId)).toBeNull();
  });

  it('records the data room acknowledgement once, with the first time', async () => {
    const dealId = await newDeal();
    const who = await person({ isInvestor: true });
    expect(await dataRoomAcknowledged(who.id, dealId)).toBeNull();
    await acknowledgeDataRoom(who, dealId, '192.0.2.1');
    const first = await dataRoomAcknowledged(who.id, dealId);
    await acknowledgeDataRoom(who, dealId, '192.0.2.2');
    expect(await dataRoomAcknowledged(who.id, dealId)).toEqual(first);
    await expect(acknowledgeDataRoom(await person({ isBorrower: true }), dealId, null)).rejects.toThrow(/Only investors/);
  });

  it('the deal page’s reads: the investor’s position and the deal’s subscription, each one statement, agree with the records', async () => {
    const dealId = await newDeal();
    const [a, b, c] = [await readyInvestor(dealId), await readyInvestor(dealId), await readyInvestor(dealId)];
    await indicateAmount(a, dealId, 75_000);
    await indicateAmount(b, dealId, 25_000);
    const waiting = await indicateAmount(c, dealId, 30_000);
    expect(waiting.status).toBe('waitlisted');
    await acknowledgeDataRoom(c, dealId, null);
    // Two records: the current one is the one that expires last.
    await db()
      .insert(accreditationRecord)
      .values({ investorId: c.id, method: 'professional_letter', establishedOn: '2020-01-01', expiresOn: '2021-01-01' });

    const position = await investorPosition(c.id, dealId);
    const record = await currentAccreditation(c.id);
    expect(position).toEqual({
      accreditation: { method: record!.method, expiresOn: record!.expiresOn },
      accreditationRefusal: null,
      suitabilitySignedAt: (await suitabilityOf(c.id, dealId))!.signedAt,
      acknowledgedAt: await dataRoomAcknowledged(c.id, dealId),
      commitment: {
        id: waiting.id,
        amount: 30_000,
        status: 'waitlisted',
        statusChangedAt: expect.any(Date),
        note: null,
        place: 1,
      },
    });
    // Nothing of another investor's: no amount, no acknowledgement, no statement, no record.
    const stranger = await person({ isInvestor: true }, false);
    expect(await investorPosition(stranger.id, dealId)).toEqual({
      accreditation: null,
      accreditationRefusal: expect.stringMatching(/no current accreditation record/),
      suitabilitySignedAt: null,
      acknowledgedAt: null,
      commitment: null,
    });
    expect((await investorPosition(a.id, dealId)).commitment).toMatchObject({ amount: 75_000, status: 'indicated', place: null });

    const shown = await getDeal(a.id, dealId);
    expect(shown?.subscription).toEqual({ counted: 100_000, waitlisted: 30_000, waiting: 1 });
    expect(shown?.counted).toBe(100_000);
    await db().update(deal).set({ deletedAt: new Date() }).where(eq(deal.id, dealId));
    expect(await getDeal(a.id, dealId)).toBeNull();
  });

  it('adds months to a calendar day, keeping the day or taking the month’s last', () => {
    expect(addMonthsToDay('2026-11-24', 12)).toBe('2027-11-24');
    expect(addMonthsToDay('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonthsToDay('2028-01-31', 1)).toBe('2028-02-29');
    expect(addMonthsToDay('2026-12-15', 1)).toBe('2027-01-15');
  });
});
