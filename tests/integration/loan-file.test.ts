/**
 * The loan file against a real database (issue "The loan file", Must show 3): the stage rules
 * (in the rules module and through every domain change), the checklist template of each
 * purpose, the migration that keeps every existing document as a general document, uploads
 * racing into one checklist item, who finds a loan, internal notes kept from the borrower, and
 * the e-mails each change queues with the notification preferences honoured.
 */
import { randomUUID } from 'node:crypto';
import { and, count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatCalendarDay, lenderDay } from '~/lib/format';
import { checklistTemplate, LOAN_PURPOSES, PIPELINE, staffMoves, type LoanPurpose, type LoanStage } from '~/lib/loans';
import { db } from '~/server/db/client.server';
import { document, loanEvent, loanItem, outboxEmail, profile, termSheet, user } from '~/server/db/schema';
import { listDocuments, stageDocument } from '~/server/domain/loans/documents.server';
import { DOCUMENT_NOTIFICATION_TITLES, listNotifications, LOAN_NOTIFICATION_TITLES } from '~/server/domain/notifications.server';
import {
  addNote,
  myLoans,
  loanFile,
  postMessage,
  recordItemDocuments,
  requestItem,
  reviewItem,
} from '~/server/domain/loans/file.server';
import { declineLoan, issueTermSheet, listPipeline, moveStage } from '~/server/domain/loans/pipeline.server';
import { acceptTermSheet } from '~/server/domain/loans/signature.server';
import {
  borrowerLoan,
  borrowerLoanRead,
  staffLoan,
  staffLoanRead,
  type Loan,
  type LoanActor,
} from '~/server/domain/loans/loan.server';
import { statementsOfLoan } from '~/server/domain/servicing/billing.server';
import { loanDraws } from '~/server/domain/servicing/draw-views.server';
import { servicingSummary } from '~/server/domain/servicing/view.server';
import { saveApplicationStep, submitApplication, withdrawLoan } from '~/server/domain/loans/application.server';
import { isRefused } from '~/server/errors.server';
import { boardingDefaults, boardLoan } from '~/server/domain/servicing/boarding.server';
import { boardingSchema } from '~/lib/servicing/boarding';
import { parseForm } from '~/lib/parse-form';
import { boardingForm } from '../support/servicing';
import { renderStoredEmail } from '~/server/mail/templates.server';
import { storage } from '~/server/storage.server';
import { migrateOldData } from '../support/old-database';
import { useTestDatabase } from '../support/test-database';

useTestDatabase();

const admin: LoanActor = { id: '', name: 'Morgan Staff', email: 'morgan@ormsby.test' };
let people = 0;

/** A new borrower (user and profile) with `notifyEmail`. */
async function newBorrower(notifyEmail = true): Promise<LoanActor> {
  const who = {
    id: randomUUID(),
    name: `Borrower ${++people}`,
    email: `borrower${people}-${randomUUID().slice(0, 6)}@example.com`,
  };
  await db()
    .insert(user)
    .values({ ...who, emailVerified: true });
  await db().insert(profile).values({ userId: who.id, isBorrower: true, notifyEmail });
  return who;
}

beforeAll(async () => {
  admin.id = randomUUID();
  await db().insert(user).values({ id: admin.id, name: admin.name, email: admin.email, emailVerified: true });
  await db().insert(profile).values({ userId: admin.id, isAdmin: true });
});

const future = (days: number) => lenderDay(new Date(Date.now() + days * 86_400_000));

/** A submitted loan of `borrower` for `purpose` (a company borrowing unless `entityType`). */
async function submitted(borrower: LoanActor, purpose: LoanPurpose = 'bridge', entityType: 'llc' | 'individual' = 'llc') {
  const rehab = purpose === 'construction' || purpose === 'fix-and-flip';
  let id = await saveApplicationStep(borrower, null, 'property', {
    propertyAddress: '75 Court St',
    propertyCity: 'Reno',
    propertyState: 'NV',
    propertyType: 'Commercial',
  });
  id = await saveApplicationStep(borrower, id, 'loan', {
    purpose,
    propertyValue: 2_000_000,
    loanAmount: 1_300_000,
    rehabBudget: rehab ? 300_000 : undefined,
    afterRepairValue: rehab ? 2_800_000 : undefined,
    exitStrategy: 'refinance',
  });
  id = await saveApplicationStep(borrower, id, 'borrower', {
    entityType,
    entityName: entityType === 'llc' ? 'Court Street LLC' : undefined,
    projectsLast36Months: 2,
    targetClosingDate: future(30),
    phone: '(775) 555-0142',
    creditScoreRange: '720-759',
  });
  const draft = (await borrowerLoan(borrower.id, id))!;
  const reference = await submitApplication(borrower, draft);
  return (await staffLoan(reference))!;
}

const reload = async (l: Loan) => (await staffLoan(l.reference!))!;

/** The refusal kind `promise` rejects with. */
async function refusal(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (isRefused(error)) return error.kind;
    throw error;
  }
  throw new Error('expected a refusal');
}

async function mails(template: string, to?: string) {
  return db()
    .select()
    .from(outboxEmail)
    .where(and(eq(outboxEmail.template, template), to ? eq(outboxEmail.to, to) : undefined));
}

const terms = () => ({ amount: 1_300_000, ratePercent: 10.5, points: 2, termMonths: 12, ltv: 65, expiresOn: future(10) });
const pdf = () => Buffer.from(`%PDF-1.7\n1 0 obj\n<<>>\nendobj\n% ${randomUUID()}\n`);
const body = (b: Uint8Array) =>
  (async function* () {
    yield b;
  })();

describe('stage rules', () => {
  it('allow one step forward or back, decline until funded, and nothing from a closed loan', () => {
    expect(staffMoves('draft')).toEqual([]);
    expect(staffMoves('submitted')).toEqual(['in_review', 'declined']);
    // Term sheet comes only with a term sheet, and leaves only with the borrower's acceptance.
    expect(staffMoves('in_review')).toEqual(['declined']);
    expect(staffMoves('term_sheet')).toEqual(['in_review', 'declined']);
    expect(staffMoves('processing')).toEqual(['approved', 'declined']);
    // Funded by boarding the closing record, Paid off by recording the payoff (issue 24).
    expect(staffMoves('closing')).toEqual(['approved', 'declined']);
    expect(staffMoves('funded')).toEqual([]);
    for (const closed of ['paid_off', 'declined', 'withdrawn'] as LoanStage[]) expect(staffMoves(closed)).toEqual([]);
    for (const stage of PIPELINE)
      for (const to of staffMoves(stage))
        if (to !== 'declined') expect(Math.abs(PIPELINE.indexOf(to) - PIPELINE.indexOf(stage))).toBe(1);
  });

  it('refuse a jump and leave the loan as it was', async () => {
    const l = await submitted(await newBorrower());
    const [before] = await db().select({ n: count() }).from(loanEvent).where(eq(loanEvent.loanId, l.id));
    expect(await refusal(moveStage(admin, l, 'funded', null))).toBe('conflict');
    expect(await refusal(moveStage(admin, l, 'term_sheet', null))).toBe('conflict');
    expect(await refusal(moveStage(admin, l, 'declined', null))).toBe('invalid');
    const after = await reload(l);
    expect(after.stage).toBe('submitted');
    const [events] = await db().select({ n: count() }).from(loanEvent).where(eq(loanEvent.loanId, l.id));
    expect(events!.n).toBe(before!.n);
  });

  it('take a loan through the pipeline with the term sheet, and record the answer with its client', async () => {
    const borrower = await newBorrower();
    let l = await submitted(borrower);
    expect(await refusal(issueTermSheet(admin, l, terms()))).toBe('conflict');
    await moveStage(admin, l, 'in_review', 'Started.');
    await issueTermSheet(admin, await reload(l), terms());
    l = await reload(l);
    expect(l.stage).toBe('term_sheet');
    // A second term sheet replaces the first.
    await issueTermSheet(admin, l, { ...terms(), ratePercent: 9.75 });
    const sheets = await db().select().from(termSheet).where(eq(termSheet.loanId, l.id)).orderBy(termSheet.createdAt);
    expect(sheets.map((s) => s.status)).toEqual(['superseded', 'issued']);
    expect(
      await refusal(
        acceptTermSheet(borrower, l, sheets[0]!.id, {
          consent: true,
          signedName: borrower.name,
          ip: '203.0.113.9',
          userAgent: 'test',
        }),
      ),
    ).toBe('conflict');
    await acceptTermSheet(borrower, l, sheets[1]!.id, {
      consent: true,
      signedName: borrower.name,
      ip: '203.0.113.9',
      userAgent: 'Chromium',
    });
    const [answered] = await db().select().from(termSheet).where(eq(termSheet.id, sheets[1]!.id));
    expect(answered).toMatchObject({ status: 'accepted', respondedIp: '203.0.113.9', respondedUserAgent: 'Chromium' });
    expect(answered!.respondedAt).toBeInstanceOf(Date);
    l = await reload(l);
    expect(l.stage).toBe('processing');
    for (const to of ['approved', 'closing'] as const) {
      await moveStage(admin, l, to, null);
      l = await reload(l);
    }
    expect(await refusal(moveStage(admin, l, 'funded', null))).toBe('conflict');
    const defaults = (await boardingDefaults(l))!;
    const closingRecord = parseForm(boardingForm(defaults), { schema: boardingSchema });
    if (closingRecord.status !== 'success') throw new Error(JSON.stringify(closingRecord.error));
    await boardLoan(admin, l, closingRecord.value);
    l = await reload(l);
    expect(l.stage).toBe('funded');
    // Funded: no decline, no withdrawal.
    expect(await refusal(declineLoan(admin, l, 'Too late.'))).toBe('conflict');
    expect(await refusal(withdrawLoan(borrower, l, null))).toBe('conflict');
    const events = await db().select().from(loanEvent).where(eq(loanEvent.loanId, l.id)).orderBy(loanEvent.createdAt);
    expect(events.map((e) => e.toStage)).toEqual([
      'submitted',
      'in_review',
      'term_sheet',
      'processing',
      'approved',
      'closing',
      'funded',
    ]);
    expect(events[1]).toMatchObject({ note: 'Started.', actorName: admin.name });
  });

  it('refuse an expired term sheet', async () => {
    const borrower = await newBorrower();
    const l = await submitted(borrower);
    await moveStage(admin, l, 'in_review', null);
    await issueTermSheet(admin, await reload(l), terms());
    const [sheet] = await db().select().from(termSheet).where(eq(termSheet.loanId, l.id));
    await db()
      .update(termSheet)
      .set({ expiresOn: future(-1) })
      .where(eq(termSheet.id, sheet!.id));
    expect(
      await refusal(
        acceptTermSheet(borrower, await reload(l), sheet!.id, {
          consent: true,
          signedName: borrower.name,
          ip: '::1',
          userAgent: null,
        }),
      ),
    ).toBe('conflict');
    expect((await reload(l)).stage).toBe('term_sheet');
  });

  it('close a loan for good once declined or withdrawn', async () => {
    const borrower = await newBorrower();
    const declined = await submitted(borrower);
    expect(await refusal(declineLoan(admin, declined, '   '))).toBe('invalid');
    await declineLoan(admin, declined, 'The loan-to-value is above our limit for this property type.');
    const after = await reload(declined);
    expect(after).toMatchObject({
      stage: 'declined',
      declineReason: 'The loan-to-value is above our limit for this property type.',
    });
    expect(await refusal(moveStage(admin, after, 'in_review', null))).toBe('conflict');
    expect(await refusal(withdrawLoan(borrower, after, null))).toBe('conflict');
    expect(await refusal(requestItem(admin, after, { title: 'Appraisal', description: '' }))).toBe('conflict');

    const withdrawn = await submitted(borrower);
    await withdrawLoan(borrower, withdrawn, 'Found other financing.');
    expect((await reload(withdrawn)).stage).toBe('withdrawn');
    expect(await refusal(moveStage(admin, await reload(withdrawn), 'in_review', null))).toBe('conflict');
  });
});

describe('the application', () => {
  it('gives each purpose its checklist, the entity documents only to a company', async () => {
    const borrower = await newBorrower();
    for (const { value: purpose } of LOAN_PURPOSES)
      for (const entityType of ['llc', 'individual'] as const) {
        const l = await submitted(borrower, purpose, entityType);
        const items = await db().select().from(loanItem).where(eq(loanItem.loanId, l.id)).orderBy(loanItem.position);
        const expected = checklistTemplate(purpose, entityType);
        expect(items.map((i) => i.title)).toEqual(expected.map((i) => i.title));
        expect(items.every((i) => i.status === 'requested')).toBe(true);
        expect(items.some((i) => i.title === 'Entity documents')).toBe(entityType === 'llc');
      }
    expect(checklistTemplate('fix-and-flip', 'individual').map((i) => i.title)).toContain('Scope of work and rehab budget');
    expect(checklistTemplate('acquisition', 'individual').map((i) => i.title)).toContain('Purchase contract');
  });

  it('numbers submissions in a row, and refuses a draft with a step missing', async () => {
    const borrower = await newBorrower();
    const first = await submitted(borrower);
    const second = await submitted(borrower);
    expect(first.reference).toMatch(/^OL-\d{4}-\d{5}$/);
    expect(Number(second.reference!.slice(-5))).toBe(Number(first.reference!.slice(-5)) + 1);

    const id = await saveApplicationStep(borrower, null, 'property', {
      propertyAddress: '1 Main St',
      propertyCity: 'Fresno',
      propertyState: 'CA',
      propertyType: 'Multi-Family',
    });
    const draft = (await borrowerLoan(borrower.id, id))!;
    expect(await refusal(submitApplication(borrower, draft))).toBe('invalid');
    const still = (await borrowerLoan(borrower.id, id))!;
    expect(still).toMatchObject({ stage: 'draft', reference: null });
  });

  it('lets only the borrower find their loan; another borrower and a draft saved by them are refused', async () => {
    const owner = await newBorrower();
    const other = await newBorrower();
    const l = await submitted(owner);
    expect(await borrowerLoan(owner.id, l.reference!)).not.toBeNull();
    expect(await borrowerLoan(other.id, l.reference!)).toBeNull();
    expect(await borrowerLoan(other.id, l.id)).toBeNull();
    expect(await borrowerLoan(other.id, 'not-a-reference')).toBeNull();
    expect(await refusal(saveApplicationStep(other, l.id, 'property', {}))).toBe('not-found');
    expect(await refusal(saveApplicationStep(owner, l.id, 'property', {}))).toBe('conflict');
  });

  it("reads a loan's parts in the loan's own wait, and finds nothing of another borrower's loan (issue 26)", async () => {
    const owner = await newBorrower();
    const other = await newBorrower();
    const l = await submitted(owner);
    await postMessage(owner, l, 'Is the appraisal ordered?', false);
    await addNote(admin, l, 'Appraisal ordered on Monday.');
    // The owner's read gives what the row gives, for the borrower and for staff.
    const row = (await borrowerLoan(owner.id, l.reference!))!;
    const own = borrowerLoanRead(owner.id, l.reference!);
    expect(await own.loan).toEqual(row);
    expect(await loanFile(own, 'borrower')).toEqual(await loanFile(row, 'borrower'));
    expect(await loanFile(staffLoanRead(l.reference!), 'staff')).toEqual(await loanFile(row, 'staff'));
    expect((await loanFile(row, 'staff')).notes).toHaveLength(1);
    // Another borrower, a bad key, a reference that is no loan: no row, and every part empty.
    for (const read of [
      borrowerLoanRead(other.id, l.reference!),
      borrowerLoanRead(other.id, l.id),
      borrowerLoanRead(owner.id, 'not-a-reference'),
      staffLoanRead('OL-1999-99999'),
    ]) {
      expect(await read.loan).toBeNull();
      expect(await loanFile(read, 'staff')).toBeNull();
      expect(await statementsOfLoan(read.id, l.reference!)).toEqual([]);
      expect(await loanDraws(read)).toBeNull();
      expect(await servicingSummary(read, 'staff')).toBeNull();
    }
  });

  it("reads each listed loan's next step from its own checklist and term sheet (My loans and the pipeline)", async () => {
    // Two borrowers' loans in review, one of them with a term sheet out and an item to redo: each
    // row's counts are its own loan's (a subquery naming the outer row's id bare counts nothing).
    const [first, second] = [await newBorrower(), await newBorrower()];
    const waiting = await submitted(first);
    const answering = await submitted(second, 'construction');
    for (const l of [waiting, answering]) await moveStage(admin, l, 'in_review', null);
    const [redo] = await db().select().from(loanItem).where(eq(loanItem.loanId, waiting.id)).limit(1);
    await db().update(loanItem).set({ status: 'needs_attention', reason: 'Unreadable' }).where(eq(loanItem.id, redo!.id));
    await issueTermSheet(admin, await reload(answering), terms());
    const requestedOf = async (l: Loan) =>
      (
        await db()
          .select({ n: count() })
          .from(loanItem)
          .where(and(eq(loanItem.loanId, l.id), eq(loanItem.status, 'requested')))
      )[0]!.n;
    const requested = await requestedOf(waiting);
    expect(requested).toBeGreaterThan(1);
    expect(requested).not.toBe(await requestedOf(answering));

    // My loans reads the loans, the general documents and the notifications in one statement:
    // the latter two as their own reads give them.
    const titles = [...DOCUMENT_NOTIFICATION_TITLES, ...LOAN_NOTIFICATION_TITLES];
    const page = await myLoans(first.id, titles, 5);
    expect(page.documents).toEqual(await listDocuments(first.id));
    expect(page.notifications).toEqual(await listNotifications(first.id, titles, 5));
    expect(page.notifications.length).toBeGreaterThan(0);
    const listBorrowerLoans = async (id: string) => (await myLoans(id, titles, 5)).loans;
    const [mine] = await listBorrowerLoans(first.id);
    expect(mine).toMatchObject({ reference: waiting.reference, nextStep: 'Replace 1 document that needs attention.' });
    const [theirs] = await listBorrowerLoans(second.id);
    expect(theirs).toMatchObject({
      reference: answering.reference,
      nextStep: 'Review your term sheet and accept or decline it.',
    });
    await db().update(loanItem).set({ status: 'accepted' }).where(eq(loanItem.id, redo!.id));
    expect((await listBorrowerLoans(first.id))[0]!.nextStep).toBe(`Upload ${requested} requested documents.`);

    const staffStep = async (l: Loan) => (await listPipeline({ q: l.reference!, stage: null, page: 1 })).loans[0]!.nextStep;
    expect(await staffStep(waiting)).toBe(`Waiting on ${requested} documents`);
    expect(await staffStep(answering)).toBe("Waiting on the borrower's answer");
  });

  it('finds loans in the pipeline by reference, property or borrower, and by stage', async () => {
    const borrower = await newBorrower();
    const l = await submitted(borrower);
    await db().update(user).set({ name: 'Quinlan Zephyr' }).where(eq(user.id, borrower.id));
    const byName = await listPipeline({ q: 'zephyr', stage: null, page: 1 });
    expect(byName.loans.map((x) => x.reference)).toContain(l.reference);
    const byReference = await listPipeline({ q: l.reference!, stage: null, page: 1 });
    expect(byReference.loans.map((x) => x.reference)).toEqual([l.reference]);
    const submittedOnly = await listPipeline({ q: 'zephyr', stage: 'in_review', page: 1 });
    expect(submittedOnly.loans).toEqual([]);
    expect(byReference.loans[0]).toMatchObject({ ltv: 65, stage: 'submitted', daysInStage: 0, nextStep: 'Start the review' });
  });
});

describe('the checklist', () => {
  it('keeps every upload racing into one item, then takes no file into an accepted item', async () => {
    const borrower = await newBorrower();
    const l = await submitted(borrower);
    const [item] = await db().select().from(loanItem).where(eq(loanItem.loanId, l.id)).orderBy(loanItem.position).limit(1);
    const stage = async (name: string) => [await stageDocument(borrower, { fileName: name, body: body(pdf()) })];
    const [a, b] = await Promise.all([stage('a.pdf'), stage('b.pdf')]);
    const before = (await mails('loan-item-uploaded')).length;
    await Promise.all([recordItemDocuments(borrower, l, item!.id, a!), recordItemDocuments(borrower, l, item!.id, b!)]);
    const files = await db().select().from(document).where(eq(document.loanItemId, item!.id));
    expect(files.map((f) => f.fileName).sort()).toEqual(['a.pdf', 'b.pdf']);
    const [after] = await db().select().from(loanItem).where(eq(loanItem.id, item!.id));
    expect(after!.status).toBe('uploaded');
    expect((await mails('loan-item-uploaded')).length - before).toBe(2);

    await reviewItem(admin, l, item!.id, 'accepted', '');
    const late = await stage('late.pdf');
    expect(await refusal(recordItemDocuments(borrower, l, item!.id, late))).toBe('conflict');
    // Refused: nothing kept, neither the row nor the stored file.
    const kept: string[] = [];
    for await (const o of storage().list(`documents/${borrower.id}`)) kept.push(o.key);
    expect(kept).not.toContain(late[0]!.key);
    expect(await db().select().from(document).where(eq(document.storageKey, late[0]!.key))).toEqual([]);
  });

  it('refuses an item of another loan, and a review without a reason or a file', async () => {
    const borrower = await newBorrower();
    const mine = await submitted(borrower);
    const theirs = await submitted(await newBorrower());
    const [foreign] = await db().select().from(loanItem).where(eq(loanItem.loanId, theirs.id)).limit(1);
    expect(
      await refusal(
        recordItemDocuments(borrower, mine, foreign!.id, [
          await stageDocument(borrower, { fileName: 'x.pdf', body: body(pdf()) }),
        ]),
      ),
    ).toBe('not-found');
    const [own] = await db().select().from(loanItem).where(eq(loanItem.loanId, mine.id)).limit(1);
    expect(await refusal(reviewItem(admin, mine, own!.id, 'accepted', ''))).toBe('conflict');
    expect(await refusal(reviewItem(admin, mine, own!.id, 'needs_attention', ' '))).toBe('invalid');
    expect(await refusal(reviewItem(admin, mine, foreign!.id, 'accepted', ''))).toBe('not-found');
  });
});

describe('what the borrower is told', () => {
  it('never includes internal notes, and e-mails each change as the preferences allow', async () => {
    const borrower = await newBorrower();
    const l = await submitted(borrower);
    expect(await mails('loan-submitted', borrower.email)).toHaveLength(1);
    expect((await mails('loan-application', 'lender@example.test')).some((m) => m.payload.reference === l.reference)).toBe(true);

    await addNote(admin, l, 'INTERNAL: sponsor has a lawsuit pending.');
    await postMessage(admin, l, 'Please send the rent roll.', true);
    await postMessage(borrower, l, 'Attached today.', false);
    const borrowerView = await loanFile(l, 'borrower');
    expect(borrowerView.notes).toBeNull();
    expect(JSON.stringify(borrowerView)).not.toContain('lawsuit');
    const staffView = await loanFile(l, 'staff');
    expect(staffView.notes!.map((n) => n.body)).toEqual(['INTERNAL: sponsor has a lawsuit pending.']);
    expect(staffView.messages.map((m) => [m.fromStaff, m.body])).toEqual([
      [true, 'Please send the rent roll.'],
      [false, 'Attached today.'],
    ]);
    expect(await mails('loan-message', borrower.email)).toHaveLength(1);
    expect((await mails('loan-message-lender')).some((m) => m.payload.body === 'Attached today.')).toBe(true);

    const [item] = await db().select().from(loanItem).where(eq(loanItem.loanId, l.id)).limit(1);
    await recordItemDocuments(borrower, l, item!.id, [
      await stageDocument(borrower, { fileName: 'rent-roll.pdf', body: body(pdf()) }),
    ]);
    await reviewItem(admin, l, item!.id, 'needs_attention', 'The rent roll is from 2023.');
    const [attention] = await mails('loan-item-needs-attention', borrower.email);
    expect(attention!.payload).toMatchObject({ reason: 'The rent roll is from 2023.', item: item!.title });
    const outbox = await db()
      .select({ payload: outboxEmail.payload })
      .from(outboxEmail)
      .where(eq(outboxEmail.to, borrower.email));
    expect(JSON.stringify(outbox)).not.toContain('lawsuit');
  });

  it('sends no e-mail to a borrower who turned them off, except the notice of a decline', async () => {
    const quiet = await newBorrower(false);
    const l = await submitted(quiet);
    await moveStage(admin, l, 'in_review', 'Started.');
    await requestItem(admin, await reload(l), { title: 'Appraisal', description: '' });
    expect(await db().select().from(outboxEmail).where(eq(outboxEmail.to, quiet.email))).toEqual([]);
    await declineLoan(admin, await reload(l), 'The property is outside our lending area.');
    const [notice] = await mails('loan-declined', quiet.email);
    expect(notice!.payload).toMatchObject({ reason: 'The property is outside our lending area.', reference: l.reference });
  });
  it('writes the days and amounts of the term sheet and the decline out, and tells the lender both amounts', async () => {
    const borrower = await newBorrower();
    let l = await submitted(borrower);
    await moveStage(admin, l, 'in_review', null);
    const expiresOn = future(10);
    await issueTermSheet(admin, await reload(l), { ...terms(), amount: 1_150_000, expiresOn });
    l = await reload(l);
    const textOf = async (m: typeof outboxEmail.$inferSelect | undefined) => (await renderStoredEmail(m!)).text;

    const issued = await textOf((await mails('loan-term-sheet-issued', borrower.email))[0]);
    expect(issued).toContain(`Expires: ${formatCalendarDay(expiresOn)}`);
    expect(issued).not.toContain(expiresOn);
    for (const line of ['Loan amount: $1,150,000', 'Interest rate: 10.5%', 'Term: 12 months', 'LTV: 65%'])
      expect(issued).toContain(line);

    const [sheet] = await db()
      .select()
      .from(termSheet)
      .where(and(eq(termSheet.loanId, l.id), eq(termSheet.status, 'issued')));
    await acceptTermSheet(borrower, l, sheet!.id, {
      consent: true,
      signedName: borrower.name,
      ip: '203.0.113.9',
      userAgent: 'test',
    });
    const answered = await textOf((await mails('loan-term-sheet-answered')).find((m) => m.payload.reference === l.reference));
    expect(answered).toContain('Loan amount: $1,300,000');
    expect(answered).toContain('Term sheet amount: $1,150,000');

    await declineLoan(admin, await reload(l), 'The property is outside our lending area.');
    const notice = await textOf((await mails('loan-declined', borrower.email))[0]);
    expect(notice).toContain(`Date of decision: ${formatCalendarDay(lenderDay())}.`);
  });
});

describe('migration 0005', () => {
  it('keeps every document uploaded before it, as the borrower’s general documents', async () => {
    const docs = Array.from({ length: 5 }, (_, i) => ({
      id: randomUUID(),
      title: `Document ${i}`,
      key: `documents/u-old/${randomUUID().replaceAll('-', '')}.pdf`,
    }));
    const seed = async (run: (statement: string) => Promise<unknown>) => {
      await run(`insert into "user" (id, name, email, email_verified) values ('u-old', 'Old Borrower', 'old@example.com', true)`);
      await run(`insert into profile (user_id, is_borrower) values ('u-old', true)`);
      for (const d of docs)
        await run(
          `insert into document (id, user_id, title, file_name, storage_key, file_size, mime_type) values ('${d.id}', 'u-old', '${d.title}', 'f.pdf', '${d.key}', 10, 'application/pdf')`,
        );
    };
    const check = async (rows: { id: string; title: string; storage_key: string; loan_item_id: string | null }[]) => {
      expect(rows.map((r) => [r.id, r.title, r.storage_key, r.loan_item_id]).sort()).toEqual(
        docs.map((d) => [d.id, d.title, d.key, null]).sort(),
      );
    };
    const select = 'select id, title, storage_key, loan_item_id from document order by title';

    await migrateOldData(
      '0005',
      (client) => seed((statement) => client.query(statement)),
      async (client) => check((await client.query(select)).rows),
    );
  });
});
