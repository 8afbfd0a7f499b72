/**
 * Accepting a term sheet is a deliberate, signed act (issue 23 "Trust at first sight", item 2),
 * through the routes against a real database: the confirmation page's action refuses a missing
 * consent and a name that is not the account's with a 400 and stores nothing; the right signature
 * accepts the sheet, stores the content hash and a PDF document of the loan whose text (unpdf)
 * holds every figure, the signed name, the IP address and the hash, and the hash is the one
 * recomputed from the stored terms. The signed PDF downloads for the borrower and staff only:
 * another borrower and an investor get a 404, an anonymous visitor is sent to sign in. The staff
 * review assigns the loan's contact (audited), whom the borrower's page and e-mails name; stage
 * targets give the next milestone's date.
 */
import { and, count, eq } from 'drizzle-orm';
import { extractText } from 'unpdf';
import { beforeAll, describe, expect, it } from 'vitest';
import { lenderDay } from '~/lib/format';
import { addDays } from '~/lib/milestones';
import { termSheetFacts } from '~/lib/term-sheet';
import { requestContext } from '~/load-context';
import { action as acceptAction, loader as acceptLoader } from '~/routes/portal/loan-term-sheet';
import { action as staffAction } from '~/routes/admin/loan';
import { loader as borrowerLoader } from '~/routes/portal/loan';
import { action as settingsAction } from '~/routes/admin/settings';
import { loader as downloadLoader } from '~/routes/resources/document-download';
import { db } from '~/server/db/client.server';
import { auditEvent, document, loan, outboxEmail, stageTarget, termSheet } from '~/server/db/schema';
import { saveApplicationStep, submitApplication } from '~/server/domain/loans/application.server';
import { borrowerLoan, staffLoan, type LoanActor } from '~/server/domain/loans/loan.server';
import { issueTermSheet, moveStage } from '~/server/domain/loans/pipeline.server';
import { termSheetHash } from '~/server/domain/loans/signature.server';
import { renderStoredEmail } from '~/server/mail/templates.server';
import { storage } from '~/server/storage.server';
import { signedInThroughLogin, type RoutePerson } from '../support/route-accounts';
import { useTestDatabase } from '../support/test-database';

useTestDatabase();

const ORIGIN = 'http://localhost:3000';
const NAME = 'Route Tester'; // the name signedInThroughLogin gives every account
let requests = 0;
const context = (clientIp = '203.0.113.77', documentRequest = false) =>
  requestContext({ clientIp, cspNonce: '', requestId: `signing-${++requests}`, documentRequest });

interface Answered {
  status: number;
  location: string | null;
  data: { ok?: boolean; result?: { error?: Record<string, string[] | null> } } | null;
}

/** Runs a route function, a thrown Response (a redirect) included, and reads its answer. */
async function run(call: () => Promise<unknown>): Promise<Answered> {
  let result: unknown;
  try {
    result = await call();
  } catch (thrown) {
    // A thrown Response (a redirect) or `data(…, { status })` (a 404 from `found`) is the answer.
    if (!(thrown instanceof Response) && !(thrown && typeof thrown === 'object' && 'init' in thrown)) throw thrown;
    result = thrown;
  }
  if (result instanceof Response) return { status: result.status, location: result.headers.get('Location'), data: null };
  const r = result as { init?: ResponseInit | null; data?: Answered['data'] };
  if (r && 'data' in r && 'init' in r) return { status: r.init?.status ?? 200, location: null, data: r.data ?? null };
  return { status: 200, location: null, data: result as Answered['data'] };
}

function post(path: string, cookie: string, fields: Record<string, string>) {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.append(k, v);
  return new Request(`${ORIGIN}${path}`, { method: 'POST', body, headers: { Origin: ORIGIN, Cookie: cookie } });
}

const accept = (reference: string, cookie: string, fields: Record<string, string>) =>
  run(() =>
    acceptAction({
      request: post(`/dashboard/loans/${reference}/term-sheet`, cookie, fields),
      params: { reference },
      context: context(),
    } as never),
  );

async function download(documentId: string, cookie: string): Promise<Response> {
  const request = new Request(`${ORIGIN}/documents/${documentId}/download`, { headers: cookie ? { Cookie: cookie } : {} });
  try {
    return (await downloadLoader({ request, params: { id: documentId }, context: context('192.0.2.9') } as never)) as Response;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

let staff: RoutePerson;
const staffActor = (): LoanActor => ({ id: staff.id, name: NAME, email: staff.email });

beforeAll(async () => {
  staff = await signedInThroughLogin({ isAdmin: true }, { twoFactor: true });
});

const TERMS = {
  amount: 1_300_000,
  ratePercent: 10.25,
  points: 1.5,
  termMonths: 12,
  ltv: 65,
  underwritingFee: 1495,
  legalFee: 950,
  drawFee: 250,
  extensionPoints: 0.5,
  defaultRatePercent: 18,
  prepaymentTerms: 'Three months of minimum interest',
  holdback: 100_000,
};

/** A borrower signed in through the routes with a loan in Term sheet (a bridge purchase at $2,000,000). */
async function borrowerWithTermSheet() {
  const person = await signedInThroughLogin({ isBorrower: true });
  const actor: LoanActor = { id: person.id, name: NAME, email: person.email };
  let id = await saveApplicationStep(actor, null, 'property', {
    propertyAddress: '75 Court St',
    propertyCity: 'Reno',
    propertyState: 'NV',
    propertyType: 'Commercial',
  });
  id = await saveApplicationStep(actor, id, 'loan', {
    purpose: 'bridge',
    propertyValue: 2_000_000,
    loanAmount: 1_300_000,
    exitStrategy: 'refinance',
  });
  id = await saveApplicationStep(actor, id, 'borrower', {
    entityType: 'llc',
    entityName: 'Court Street LLC',
    projectsLast36Months: 2,
    targetClosingDate: addDays(lenderDay(), 30),
    phone: '(775) 555-0142',
    creditScoreRange: '720-759',
  });
  const reference = await submitApplication(actor, (await borrowerLoan(person.id, id))!);
  await moveStage(staffActor(), (await staffLoan(reference))!, 'in_review', null);
  await issueTermSheet(staffActor(), (await staffLoan(reference))!, { ...TERMS, expiresOn: addDays(lenderDay(), 10) });
  const [sheet] = await db()
    .select()
    .from(termSheet)
    .where(and(eq(termSheet.loanId, id), eq(termSheet.status, 'issued')));
  return { person, reference, loanId: id, sheetId: sheet!.id };
}

const documentCount = async (userId: string) =>
  (await db().select({ n: count() }).from(document).where(eq(document.userId, userId)))[0]!.n;

describe('accepting a term sheet', () => {
  it('refuses a missing consent with a 400 and stores nothing', async () => {
    const { person, reference, sheetId } = await borrowerWithTermSheet();
    const answered = await accept(reference, person.cookie, { termSheetId: sheetId, signedName: NAME });
    expect(answered.status).toBe(400);
    expect(answered.data?.result?.error?.esignConsent).toEqual(['Please agree to sign electronically to accept the term sheet.']);
    const [sheet] = await db().select().from(termSheet).where(eq(termSheet.id, sheetId));
    expect(sheet).toMatchObject({ status: 'issued', signedName: null, contentHash: null, esignConsentAt: null });
    expect(await documentCount(person.id)).toBe(0);
    expect((await staffLoan(reference))!.stage).toBe('term_sheet');
  });

  it('refuses a name that is not the account’s with a 400 and a clear message', async () => {
    const { person, reference, sheetId } = await borrowerWithTermSheet();
    for (const signedName of ['Someone Else', 'Route', '']) {
      const answered = await accept(reference, person.cookie, { termSheetId: sheetId, esignConsent: 'on', signedName });
      expect(answered.status, signedName).toBe(400);
      expect(answered.data?.result?.error?.signedName?.[0]).toMatch(
        signedName ? /as it is on your account: Route Tester/ : /type your full name/,
      );
    }
    const [sheet] = await db().select().from(termSheet).where(eq(termSheet.id, sheetId));
    expect(sheet!.status).toBe('issued');
    expect(await documentCount(person.id)).toBe(0);
  });

  it('accepts the right signature: the hash of the stored terms, and a signed PDF of every figure', async () => {
    const { person, reference, sheetId, loanId } = await borrowerWithTermSheet();
    // The confirmation page shows the sheet; case and spaces aside, the typed name is the account's.
    const page = await run(() =>
      acceptLoader({
        request: new Request(`${ORIGIN}/dashboard/loans/${reference}/term-sheet`, { headers: { Cookie: person.cookie } }),
        params: { reference },
        context: context(),
      } as never),
    );
    expect(page.status).toBe(200);
    const answered = await accept(reference, person.cookie, {
      termSheetId: sheetId,
      esignConsent: 'on',
      signedName: '  route   TESTER ',
    });
    expect(answered).toMatchObject({ status: 302, location: `/dashboard/loans/${reference}` });

    const [sheet] = await db().select().from(termSheet).where(eq(termSheet.id, sheetId));
    const [l] = await db().select().from(loan).where(eq(loan.id, loanId));
    expect(sheet).toMatchObject({ status: 'accepted', signedName: 'route TESTER', respondedIp: '203.0.113.77' });
    expect(sheet!.esignConsentAt).toBeInstanceOf(Date);
    expect(sheet!.contentHash).toMatch(/^[0-9a-f]{64}$/);
    expect(sheet!.contentHash).toBe(termSheetHash(sheet!, l!));
    expect(l!.stage).toBe('processing');

    // The PDF: a document of the borrower's, with every figure, the name, the IP and the hash.
    const [doc] = await db().select().from(document).where(eq(document.id, sheet!.signedDocumentId!));
    expect(doc).toMatchObject({ userId: person.id, mimeType: 'application/pdf', loanItemId: null });
    const stored = await storage().get(doc!.storageKey);
    const chunks: Buffer[] = [];
    for await (const chunk of stored!.stream) chunks.push(chunk as Buffer);
    const bytes = new Uint8Array(Buffer.concat(chunks));
    const { text } = await extractText(bytes, { mergePages: true });
    const flat = text.replace(/\s+/g, ' ');
    for (const [label, value] of termSheetFacts(sheet!, { purpose: l!.purpose, propertyValue: l!.propertyValue })) {
      expect(flat, label).toContain(value.replace(/\s+/g, ' '));
    }
    // Worked by hand: $1,300,000 at 10.25 % is $11,104.17 a month; 1.5 points are $19,500.00.
    for (const figure of ['$11,104.17', '$19,500.00', '$1,495.00', '$950.00', '$100,000.00', 'route TESTER', '203.0.113.77'])
      expect(flat).toContain(figure);
    expect(flat.replace(/ /g, '')).toContain(sheet!.contentHash);

    // Both the borrower and staff see it on the loan and download it.
    const file = await run(() =>
      borrowerLoader({
        request: new Request(`${ORIGIN}/dashboard/loans/${reference}`, { headers: { Cookie: person.cookie } }),
        params: { reference },
        context: context(),
      } as never),
    );
    expect(JSON.stringify(file.data)).toContain(doc!.id);
    for (const cookie of [person.cookie, staff.cookie]) {
      const res = await download(doc!.id, cookie);
      expect(res.status).toBe(200);
      expect(
        Buffer.from(await res.arrayBuffer())
          .subarray(0, 5)
          .toString(),
      ).toBe('%PDF-');
    }
  });

  it('serves the signed PDF to no one else: another borrower and an investor get a 404, a visitor must sign in', async () => {
    const { person, reference, sheetId } = await borrowerWithTermSheet();
    await accept(reference, person.cookie, { termSheetId: sheetId, esignConsent: 'on', signedName: NAME });
    const [sheet] = await db().select().from(termSheet).where(eq(termSheet.id, sheetId));
    const id = sheet!.signedDocumentId!;
    const other = await signedInThroughLogin({ isBorrower: true });
    const investor = await signedInThroughLogin({ isInvestor: true });
    for (const cookie of [other.cookie, investor.cookie]) {
      const res = await download(id, cookie);
      expect(res.status).toBe(404);
      expect(await res.text()).not.toContain('%PDF');
    }
    const anonymous = await download(id, '');
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get('Location')).toMatch(/^\/login/);
    // Nor may another borrower accept someone else's sheet: not found.
    const again = await accept(reference, other.cookie, { termSheetId: sheetId, esignConsent: 'on', signedName: NAME });
    expect(again.status).toBe(404);
  });

  it('takes an answer once: a second signature of an accepted sheet is a conflict', async () => {
    const { person, reference, sheetId } = await borrowerWithTermSheet();
    expect((await accept(reference, person.cookie, { termSheetId: sheetId, esignConsent: 'on', signedName: NAME })).status).toBe(
      302,
    );
    const again = await accept(reference, person.cookie, { termSheetId: sheetId, esignConsent: 'on', signedName: NAME });
    expect(again.status).toBe(409);
    expect(await documentCount(person.id)).toBe(1);
  });
});

describe('issuing a term sheet with fees', () => {
  it('takes the fees through the review page, refuses a holdback not below the amount, and a reissue keeps them', async () => {
    const { reference, loanId } = await borrowerWithTermSheet();
    const issue = (fields: Record<string, string>) =>
      run(() =>
        staffAction({
          request: post(`/admin-dashboard/loans/${reference}`, staff.cookie, {
            intent: 'term-sheet',
            amount: '1200000',
            ratePercent: '9.5',
            points: '2',
            termMonths: '18',
            ltv: '60',
            expiresOn: addDays(lenderDay(), 7),
            ...fields,
          }),
          params: { reference },
          context: context(),
        } as never),
      );
    const refused = await issue({ holdback: '1200000' });
    expect(refused.status).toBe(400);
    expect(refused.data?.result?.error?.holdback).toEqual(['The holdback must be less than the loan amount.']);
    expect((await issue({ underwritingFee: '-5' })).status).toBe(400);
    const ok = await issue({ underwritingFee: '2000', legalFee: '1200', holdback: '50000', prepaymentTerms: ' None ' });
    expect(ok.status).toBe(200);
    const sheets = await db().select().from(termSheet).where(eq(termSheet.loanId, loanId)).orderBy(termSheet.createdAt);
    expect(sheets.map((s) => s.status)).toEqual(['superseded', 'issued']);
    expect(sheets[1]).toMatchObject({
      amount: 1_200_000,
      underwritingFee: 2000,
      legalFee: 1200,
      drawFee: 0,
      extensionPoints: 0,
      defaultRatePercent: null,
      prepaymentTerms: 'None',
      holdback: 50_000,
    });
  });
});

describe('the named contact and the next milestone', () => {
  it('staff assign a contact (audited); the borrower’s page and e-mails name them; the target gives the date', async () => {
    const { person, reference } = await borrowerWithTermSheet();
    const colleague = await signedInThroughLogin({ isAdmin: true }, { twoFactor: true });
    const staffPost = (fields: Record<string, string>) =>
      run(() =>
        staffAction({
          request: post(`/admin-dashboard/loans/${reference}`, staff.cookie, fields),
          params: { reference },
          context: context(),
        } as never),
      );
    expect((await staffPost({ intent: 'contact', contactId: person.id })).status).toBe(400);
    expect((await staffPost({ intent: 'contact', contactId: colleague.id })).status).toBe(200);
    const l = (await staffLoan(reference))!;
    expect(l.contactId).toBe(colleague.id);
    const [event] = await db()
      .select()
      .from(auditEvent)
      .where(and(eq(auditEvent.action, 'loan.contact_assigned'), eq(auditEvent.subjectId, l.id)));
    expect(event).toMatchObject({ actorId: staff.id });

    const settings = await run(() =>
      settingsAction({
        request: post('/admin-dashboard/settings', staff.cookie, { intent: 'stage-targets', days_term_sheet: '5' }),
        params: {},
        context: context(),
      } as never),
    );
    expect(settings.status).toBe(200);
    const bad = await run(() =>
      settingsAction({
        request: post('/admin-dashboard/settings', staff.cookie, { intent: 'stage-targets', days_term_sheet: '0' }),
        params: {},
        context: context(),
      } as never),
    );
    expect(bad.status).toBe(400);

    const page = await run(() =>
      borrowerLoader({
        request: new Request(`${ORIGIN}/dashboard/loans/${reference}`, { headers: { Cookie: person.cookie } }),
        params: { reference },
        context: context(),
      } as never),
    );
    const data = page.data as unknown as { contact: { name: string; email: string }; nextMilestone: unknown };
    expect(data.contact).toMatchObject({ name: NAME, email: colleague.email });
    expect(data.nextMilestone).toEqual({ next: 'Processing', expectedOn: addDays(lenderDay(l.stageChangedAt), 5) });

    // The next e-mail about the loan names the contact with their e-mail.
    await staffPost({ intent: 'message', body: 'We received your appraisal.' });
    const [mail] = await db()
      .select()
      .from(outboxEmail)
      .where(and(eq(outboxEmail.to, person.email), eq(outboxEmail.template, 'loan-message')));
    const { text } = await renderStoredEmail(mail!);
    expect(text).toContain(`Your contact at Ormsby Lending is ${NAME}: ${colleague.email}.`);
  });

  it('shows no date without a target', async () => {
    const { person, reference } = await borrowerWithTermSheet();
    await db().delete(stageTarget);
    const page = await run(() =>
      borrowerLoader({
        request: new Request(`${ORIGIN}/dashboard/loans/${reference}`, { headers: { Cookie: person.cookie } }),
        params: { reference },
        context: context(),
      } as never),
    );
    expect((page.data as unknown as { nextMilestone: unknown }).nextMilestone).toBeNull();
  });

  it("sends a loan asked for by its id to its reference, and another borrower's loan is a 404 either way", async () => {
    const { person, reference } = await borrowerWithTermSheet();
    const { person: other } = await borrowerWithTermSheet();
    const { id } = (await staffLoan(reference))!;
    const open = (key: string, cookie: string) =>
      run(() =>
        borrowerLoader({
          request: new Request(`${ORIGIN}/dashboard/loans/${key}`, { headers: { Cookie: cookie } }),
          params: { reference: key },
          context: context(),
        } as never),
      );
    expect(await open(id, person.cookie)).toMatchObject({ status: 302, location: `/dashboard/loans/${reference}` });
    expect((await open(reference, person.cookie)).status).toBe(200);
    for (const key of [id, reference]) expect((await open(key, other.cookie)).status).toBe(404);
  });
});
