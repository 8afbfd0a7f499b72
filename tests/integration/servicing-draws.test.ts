/**
 * Draw requests on a construction holdback (issue 24 "Draw requests", staff "process draws"),
 * against the real database: what a borrower may ask (per line, at most what is available; an
 * attestation; a funded loan with a holdback), staff's steps in their one order, a partial
 * approval with its reason, funding through the ledger (principal and holdback move by the
 * approved cents exactly, the draw fee is its own entry, the running balances equal the sum of
 * the entries), declines, one number per draw of a loan, the e-mails in the outbox, and the
 * routes' answers to anyone but the borrower and staff (404, or sign-in; nothing changes).
 */
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { requestContext } from '~/load-context';
import { balances } from '~/lib/servicing/ledger';
import type { DrawRequestInput } from '~/lib/servicing/draws';
import { action as newDrawAction, loader as newDrawLoader } from '~/routes/portal/loan-draw-new';
import { action as staffDrawAction, loader as staffDrawLoader } from '~/routes/admin/loan-draw';
import { db } from '~/server/db/client.server';
import { auditEvent, document, drawRequest, notification, outboxEmail, profile } from '~/server/db/schema';
import { env } from '~/server/env.server';
import { listDocuments, stageDocument, type StagedDocument } from '~/server/domain/loans/documents.server';
import type { LoanActor } from '~/server/domain/loans/loan.server';
import {
  approveDraw,
  declineDraw,
  fundDraw,
  recordInspection,
  startInspection,
  submitDraw,
  type StagedDrawFile,
} from '~/server/domain/servicing/draws.server';
import { drawsOfLoan, holdbackBudget, loanDraws } from '~/server/domain/servicing/draw-views.server';
import {
  appendEntries,
  currentBalances,
  entryId,
  lockServicing,
  readEntries,
  servicingOf,
} from '~/server/domain/servicing/ledger.server';
import { storage } from '~/server/storage.server';
import { closing, fundedLoan, newPerson } from '../support/servicing';
import { signedInThroughLogin, type RoutePerson } from '../support/route-accounts';
import { useTestDatabase } from '../support/test-database';

useTestDatabase();

let admin: LoanActor;
beforeAll(async () => {
  admin = await newPerson('admin');
});

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');
const body = (b: Uint8Array) =>
  (async function* () {
    yield b;
  })();

/** A construction loan: $1,000,000 note, $200,000 holdback on two lines, a $250 draw fee. */
async function constructionLoan(borrower?: LoanActor) {
  const funded = await fundedLoan(
    admin,
    closing({
      holdbackCents: 20_000_000,
      drawFeeCents: 25_000,
      lines: [
        { description: 'Foundation', budgetCents: 5_000_000 },
        { description: 'Framing', budgetCents: 15_000_000 },
      ],
    }),
    { borrower },
  );
  const budget = await holdbackBudget(funded.loan.id);
  const [foundation, framing] = budget.lines.map((l) => l.id) as [string, string];
  return { ...funded, foundation, framing };
}

const photo = async (owner: LoanActor, name = 'site.png'): Promise<StagedDrawFile> => ({
  kind: 'photo',
  staged: await stageDocument(owner, { fileName: name, body: body(PNG) }),
});

const ask = (lines: [string, number][], extra: Partial<DrawRequestInput> = {}): DrawRequestInput => ({
  lines: lines.map(([lineId, amountCents]) => ({ lineId, amountCents })),
  accessNotes: 'Lockbox 1234',
  attest: true,
  ...extra,
});

const stored = async (s: StagedDocument) => (await storage().get(s.key)) !== null;

const drawRow = async (id: string) => (await db().select().from(drawRequest).where(eq(drawRequest.id, id)))[0]!;

const mails = (template: string, to: string) =>
  db()
    .select()
    .from(outboxEmail)
    .where(and(eq(outboxEmail.template, template), eq(outboxEmail.to, to)));

describe('a borrower asks for a draw', () => {
  it('records the draw with its lines, files, fee and attestation, numbered 1, and holds its amounts on the budget', async () => {
    const { loan: l, borrower, foundation, framing } = await constructionLoan();
    const files = [await photo(borrower, 'north.png'), await photo(borrower, 'south.png')];
    const draw = await submitDraw(
      borrower,
      l,
      ask([
        [foundation, 2_500_000],
        [framing, 1_000_050],
      ]),
      files,
    );
    expect(draw.number).toBe(1);
    const [view] = await drawsOfLoan(l.id);
    expect(view).toMatchObject({
      number: 1,
      status: 'submitted',
      requestedCents: 3_500_050,
      approvedCents: null,
      feeCents: 25_000,
      accessNotes: 'Lockbox 1234',
      fundedAt: null,
    });
    expect(view!.lines.map((x) => [x.description, x.requestedCents])).toEqual([
      ['Foundation', 2_500_000],
      ['Framing', 1_000_050],
    ]);
    expect(view!.files.map((f) => [f.name, f.kind])).toEqual([
      ['north.png', 'photo'],
      ['south.png', 'photo'],
    ]);
    expect((await drawRow(draw.id)).attestedAt).toBeInstanceOf(Date);
    // The files are the borrower's documents, kept with the draw, not among their general documents.
    const docs = await db().select().from(document).where(eq(document.userId, borrower.id));
    expect(docs).toHaveLength(2);
    expect(await listDocuments(borrower.id)).toEqual([]);
    const budget = await holdbackBudget(l.id);
    expect(budget.lines[0]).toMatchObject({
      budgetCents: 5_000_000,
      drawnCents: 0,
      pendingCents: 2_500_000,
      availableCents: 2_500_000,
    });
    expect(budget.totals).toMatchObject({
      budgetCents: 20_000_000,
      drawnCents: 0,
      pendingCents: 3_500_050,
      remainingCents: 20_000_000,
    });
  });

  it('refuses more than a line has available (pending draws counted), no attestation and no amount, and keeps no file', async () => {
    const { loan: l, borrower, foundation, framing } = await constructionLoan();
    const over = await photo(borrower);
    await expect(submitDraw(borrower, l, ask([[foundation, 5_000_001]]), [over])).rejects.toMatchObject({ kind: 'invalid' });
    expect(await stored(over.staged)).toBe(false);
    await submitDraw(borrower, l, ask([[foundation, 4_000_000]]), [await photo(borrower)]);
    // $40,000 of the $50,000 line is held by draw 1: $10,000.01 is too much, $10,000 is not.
    await expect(submitDraw(borrower, l, ask([[foundation, 1_000_001]]), [])).rejects.toMatchObject({
      kind: 'invalid',
      message: 'At most $10,000.00 is available on “Foundation”.',
    });
    const unattested = await photo(borrower);
    await expect(submitDraw(borrower, l, ask([[framing, 100]], { attest: false }), [unattested])).rejects.toMatchObject({
      kind: 'invalid',
    });
    expect(await stored(unattested.staged)).toBe(false);
    await expect(submitDraw(borrower, l, ask([[framing, 0]]), [])).rejects.toMatchObject({ kind: 'invalid' });
    await expect(submitDraw(borrower, l, ask([[foundation, 1_000_000]]), [])).resolves.toMatchObject({ number: 2 });
    expect(await drawsOfLoan(l.id)).toHaveLength(2);
    expect(await db().select().from(document).where(eq(document.userId, borrower.id))).toHaveLength(1);
  });

  it('refuses a loan without a holdback, and a line of another loan', async () => {
    const plain = await fundedLoan(admin);
    const file = await photo(plain.borrower);
    await expect(submitDraw(plain.borrower, plain.loan, ask([['x', 100]]), [file])).rejects.toMatchObject({
      kind: 'conflict',
      message: 'This loan has no holdback to draw on.',
    });
    expect(await stored(file.staged)).toBe(false);
    const one = await constructionLoan();
    const two = await constructionLoan();
    await expect(submitDraw(one.borrower, one.loan, ask([[two.foundation, 100]]), [])).rejects.toMatchObject({
      kind: 'invalid',
    });
  });

  it('numbers each loan’s draws 1, 2, 3… once, however many arrive at once', async () => {
    const { loan: l, borrower, framing } = await constructionLoan();
    const numbers = await Promise.all(
      Array.from({ length: 6 }, () => submitDraw(borrower, l, ask([[framing, 100_000]]), []).then((d) => d.number)),
    );
    expect(numbers.sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6]);
    const other = await constructionLoan(borrower);
    expect((await submitDraw(borrower, other.loan, ask([[other.framing, 100]]), [])).number).toBe(1);
  });
});

describe('staff process a draw', () => {
  it('inspects, approves part with a reason, and funds it: principal and holdback move by the approved cents exactly, the fee is its own entry', async () => {
    const { loan: l, borrower, foundation, framing } = await constructionLoan();
    const { id } = await submitDraw(
      borrower,
      l,
      ask([
        [foundation, 3_000_000],
        [framing, 2_000_000],
      ]),
      [await photo(borrower)],
    );
    const s = (await servicingOf(l.id))!;
    const before = await currentBalances(s);

    await startInspection(admin, l, id);
    await recordInspection(admin, l, id, {
      lines: [
        { lineId: foundation, percentComplete: 60 },
        { lineId: framing, percentComplete: 12.5 },
      ],
    });
    const partial = {
      lines: [
        { lineId: foundation, approvedCents: 2_750_025 },
        { lineId: framing, approvedCents: 2_000_000 },
      ],
    };
    await expect(approveDraw(admin, l, id, partial)).rejects.toMatchObject({
      kind: 'invalid',
      message: 'Give the reason for approving less than was requested.',
    });
    await expect(
      approveDraw(admin, l, id, { lines: [{ lineId: foundation, approvedCents: 3_000_001 }], reason: 'x' }),
    ).rejects.toMatchObject({ kind: 'invalid' });
    await approveDraw(admin, l, id, { ...partial, reason: 'Foundation is 55% complete, not 60%.' });
    let [view] = await drawsOfLoan(l.id);
    expect(view).toMatchObject({ status: 'approved', requestedCents: 5_000_000, approvedCents: 4_750_025 });
    expect(view!.reason).toBe('Foundation is 55% complete, not 60%.');
    expect(view!.lines.map((x) => [x.percentComplete, x.approvedCents])).toEqual([
      [60, 2_750_025],
      [12.5, 2_000_000],
    ]);
    // Approved and not funded: the approved cents are held, the ledger has not moved.
    expect((await holdbackBudget(l.id)).lines[0]).toMatchObject({ pendingCents: 2_750_025, drawnCents: 0 });
    expect(await currentBalances(s)).toEqual(before);

    expect(await fundDraw(admin, l, id, '2026-03-10', '2026-11-26')).toBe(4_750_025);
    [view] = await drawsOfLoan(l.id);
    expect(view!.status).toBe('funded');
    expect(view!.fundedAt).not.toBeNull();

    const entries = await readEntries(l.id);
    const mine = entries.filter((e) => e.drawId === id);
    expect(mine.map((e) => [e.kind, e.day, e.amountCents, e.kind === 'fee' ? e.description : null])).toEqual([
      ['draw-disbursement', '2026-03-10', 4_750_025, null],
      ['fee', '2026-03-10', 25_000, 'Draw fee, draw 1'],
    ]);
    const after = await currentBalances(s);
    expect(after).toEqual(balances(entries, s));
    expect(after.principalCents - before.principalCents).toBe(4_750_025);
    expect(before.holdbackCents - after.holdbackCents).toBe(4_750_025);
    expect(after.feesDueCents - before.feesDueCents).toBe(25_000);
    expect(after.principalCents + after.holdbackCents).toBe(100_000_000);

    const budget = await holdbackBudget(l.id);
    expect(budget.lines.map((x) => [x.drawnCents, x.pendingCents, x.remainingCents])).toEqual([
      [2_750_025, 0, 2_249_975],
      [2_000_000, 0, 13_000_000],
    ]);
    expect(budget.totals.remainingCents).toBe(after.holdbackCents);
    const actions = await db().select({ action: auditEvent.action }).from(auditEvent).where(eq(auditEvent.subjectId, l.id));
    expect(actions.map((a) => a.action)).toEqual(
      expect.arrayContaining([
        'loan.draw-submitted',
        'loan.draw-inspection',
        'loan.draw-inspected',
        'loan.draw-approved',
        'loan.draw-funded',
      ]),
    );
  });

  it('moves only forward: each step from its own status, never again, a wrong move a conflict that changes nothing', async () => {
    const { loan: l, borrower, framing } = await constructionLoan();
    const { id } = await submitDraw(borrower, l, ask([[framing, 1_000_000]]), []);
    const full = { lines: [{ lineId: framing, approvedCents: 1_000_000 }] };
    await expect(approveDraw(admin, l, id, full)).rejects.toMatchObject({ kind: 'conflict' });
    await expect(fundDraw(admin, l, id, '2026-03-01')).rejects.toMatchObject({ kind: 'conflict' });
    await startInspection(admin, l, id);
    await expect(startInspection(admin, l, id)).rejects.toMatchObject({ kind: 'conflict' });
    await expect(fundDraw(admin, l, id, '2026-03-01')).rejects.toMatchObject({ kind: 'conflict' });
    await approveDraw(admin, l, id, full);
    await expect(recordInspection(admin, l, id, { lines: [{ lineId: framing, percentComplete: 50 }] })).rejects.toMatchObject({
      kind: 'conflict',
    });
    await expect(fundDraw(admin, l, id, '2999-01-01')).rejects.toMatchObject({ kind: 'invalid' });
    await expect(fundDraw(admin, l, id, '2026-01-01')).rejects.toMatchObject({ kind: 'invalid' });
    await fundDraw(admin, l, id, '2026-03-01');
    await expect(fundDraw(admin, l, id, '2026-03-01')).rejects.toMatchObject({ kind: 'conflict' });
    await expect(declineDraw(admin, l, id, 'Too late')).rejects.toMatchObject({ kind: 'conflict' });
    expect((await readEntries(l.id)).filter((e) => e.drawId === id)).toHaveLength(2);
    // Another loan's draw, or no draw, is not found.
    const other = await constructionLoan();
    await expect(startInspection(admin, other.loan, id)).rejects.toMatchObject({ kind: 'not-found' });
    await expect(startInspection(admin, l, 'not-a-uuid')).rejects.toMatchObject({ kind: 'not-found' });
  });

  it('declines before funding with a reason, and frees what the draw held', async () => {
    const { loan: l, borrower, foundation } = await constructionLoan();
    const { id } = await submitDraw(borrower, l, ask([[foundation, 5_000_000]]), []);
    expect((await holdbackBudget(l.id)).lines[0]!.availableCents).toBe(0);
    await expect(declineDraw(admin, l, id, '  ')).rejects.toMatchObject({ kind: 'invalid' });
    await startInspection(admin, l, id);
    await declineDraw(admin, l, id, 'The work has not started.');
    const [view] = await drawsOfLoan(l.id);
    expect(view).toMatchObject({ status: 'declined', reason: 'The work has not started.', approvedCents: null });
    expect(view!.declinedAt).not.toBeNull();
    expect((await holdbackBudget(l.id)).lines[0]!.availableCents).toBe(5_000_000);
    await expect(startInspection(admin, l, id)).rejects.toMatchObject({ kind: 'conflict' });
    expect(await readEntries(l.id)).toHaveLength(1);
  });

  it('funds a draw no earlier than the first day whose interest is not yet billed', async () => {
    const { loan: l, borrower, framing } = await constructionLoan();
    await db().transaction(async (tx) => {
      const s = await lockServicing(tx, l.id);
      await appendEntries(
        tx,
        s,
        [
          {
            kind: 'interest-billed',
            id: entryId(),
            day: '2026-03-01',
            from: '2026-01-15',
            to: '2026-03-01',
            amountCents: 1_000,
            dueOn: '2026-03-01',
          },
        ],
        admin,
      );
    });
    const { id } = await submitDraw(borrower, l, ask([[framing, 1_000_000]]), []);
    await startInspection(admin, l, id);
    await approveDraw(admin, l, id, { lines: [{ lineId: framing, approvedCents: 1_000_000 }] });
    await expect(fundDraw(admin, l, id, '2026-02-28')).rejects.toMatchObject({
      kind: 'invalid',
      message: 'Interest is already billed up to Mar 1, 2026; fund the draw on that day or later.',
    });
    await expect(fundDraw(admin, l, id, '2026-03-01')).resolves.toBe(1_000_000);
  });

  it('a draw without a fee adds no fee entry', async () => {
    const funded = await fundedLoan(
      admin,
      closing({ holdbackCents: 1_000_000, drawFeeCents: 0, lines: [{ description: 'Roof', budgetCents: 1_000_000 }] }),
    );
    const [roof] = (await holdbackBudget(funded.loan.id)).lines;
    const { id } = await submitDraw(funded.borrower, funded.loan, ask([[roof!.id, 1_000_000]]), []);
    await startInspection(admin, funded.loan, id);
    await approveDraw(admin, funded.loan, id, { lines: [{ lineId: roof!.id, approvedCents: 1_000_000 }] });
    await fundDraw(admin, funded.loan, id, '2026-02-01');
    const kinds = (await readEntries(funded.loan.id)).map((e) => e.kind);
    expect(kinds).toEqual(['closing-disbursement', 'draw-disbursement']);
    expect((await currentBalances((await servicingOf(funded.loan.id))!)).holdbackCents).toBe(0);
  });
});

describe('what a loan page shows', () => {
  it('gives the budget, the draws newest first, the fee and whether a draw may be asked; nothing for a loan without a holdback', async () => {
    const { loan: l, borrower, foundation, framing } = await constructionLoan();
    expect(await loanDraws(l)).toMatchObject({ draws: [], feeCents: 25_000, canRequest: true });
    await submitDraw(borrower, l, ask([[foundation, 5_000_000]]), []);
    await submitDraw(borrower, l, ask([[framing, 15_000_000]]), []);
    const view = (await loanDraws(l))!;
    expect(view.draws.map((d) => d.number)).toEqual([2, 1]);
    expect(view.budget.totals).toMatchObject({ pendingCents: 20_000_000, availableCents: 0 });
    expect(view.canRequest).toBe(false);
    const plain = await fundedLoan(admin);
    expect(await loanDraws(plain.loan)).toBeNull();
  });
});

describe('who is told', () => {
  it('queues the lender’s e-mail for a request and the borrower’s for every step; a borrower without e-mail gets notices only', async () => {
    const { loan: l, borrower, framing } = await constructionLoan();
    const { id } = await submitDraw(borrower, l, ask([[framing, 1_000_000]]), []);
    await startInspection(admin, l, id);
    await approveDraw(admin, l, id, { lines: [{ lineId: framing, approvedCents: 900_000 }], reason: 'Framing 90% done.' });
    await fundDraw(admin, l, id, '2026-04-01');
    const lender = (await mails('loan-draw-submitted', env().NOTIFY_EMAIL)).filter(
      (m) => (m.payload as { reference: string }).reference === l.reference,
    );
    expect(lender).toHaveLength(1);
    expect(lender[0]!.payload).toMatchObject({ number: 1, requestedCents: 1_000_000, accessNotes: 'Lockbox 1234' });
    const told = await mails('loan-draw-updated', borrower.email);
    expect(told.map((m) => (m.payload as { status: string }).status)).toEqual(['Submitted', 'Inspection', 'Approved', 'Funded']);
    expect(told[2]!.payload).toMatchObject({ approvedCents: 900_000, reason: 'Framing 90% done.' });
    expect(told[3]!.payload).toMatchObject({ approvedCents: 900_000, feeCents: 25_000, fundedOn: '2026-04-01' });

    const quiet = await newPerson('borrower');
    await db().update(profile).set({ notifyEmail: false }).where(eq(profile.userId, quiet.id));
    const q = await constructionLoan(quiet);
    const draw = await submitDraw(quiet, q.loan, ask([[q.framing, 100]]), []);
    await declineDraw(admin, q.loan, draw.id, 'Duplicate request.');
    expect(await mails('loan-draw-updated', quiet.email)).toEqual([]);
    const notices = await db().select().from(notification).where(eq(notification.userId, quiet.id));
    expect(notices.map((n) => n.title)).toEqual(expect.arrayContaining(['Draw 1 submitted', 'Draw 1 declined']));
  });
});

// ---------------------------------------------------------------- the routes

const ORIGIN = 'http://localhost:3000';
let requests = 0;
const context = (documentRequest = false) =>
  requestContext({ clientIp: '203.0.113.88', cspNonce: '', requestId: `draws-${++requests}`, documentRequest });

/** Runs a route function, a thrown Response included, and gives its status and Location. */
async function statusOf(call: () => Promise<unknown>): Promise<{ status: number; location: string | null }> {
  let result: unknown;
  try {
    result = await call();
  } catch (thrown) {
    result = thrown;
  }
  if (result instanceof Response) return { status: result.status, location: result.headers.get('Location') };
  const r = result as { init?: ResponseInit | null; status?: number };
  if (r && typeof r === 'object' && 'init' in r) return { status: r.init?.status ?? 200, location: null };
  if (r && typeof r === 'object' && 'status' in r && typeof r.status === 'number') return { status: r.status, location: null };
  return { status: 200, location: null };
}

function post(path: string, cookie: string, fields: Record<string, string>) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  return new Request(`${ORIGIN}${path}`, {
    method: 'POST',
    body: form,
    headers: { Origin: ORIGIN, ...(cookie ? { Cookie: cookie } : {}) },
  });
}
const get = (path: string, cookie: string) => new Request(`${ORIGIN}${path}`, { headers: cookie ? { Cookie: cookie } : {} });

describe('the draw pages and their actions answer only the borrower and staff', () => {
  let owner: RoutePerson;
  let staff: RoutePerson;
  beforeAll(async () => {
    owner = await signedInThroughLogin({ isBorrower: true });
    staff = await signedInThroughLogin({ isAdmin: true }, { twoFactor: true });
  });

  it('gives another borrower and an investor 404 and a visitor the sign-in, on pages, .data and actions, and nothing changes', async () => {
    const me: LoanActor = { id: owner.id, name: 'Route Tester', email: owner.email };
    const { loan: l, framing } = await constructionLoan(me);
    const { id } = await submitDraw(me, l, ask([[framing, 1_000_000]]), []);
    const ref = l.reference!;
    const other = await signedInThroughLogin({ isBorrower: true });
    const investor = await signedInThroughLogin({ isInvestor: true });
    const newPath = `/dashboard/loans/${ref}/draws/new`;
    const staffPath = `/admin-dashboard/loans/${ref}/draws/1`;
    const submit = { 'lines[0].lineId': framing, 'lines[0].amountCents': '100.00', attest: 'on' };

    expect(
      (
        await statusOf(() =>
          newDrawLoader({ request: get(newPath, owner.cookie), params: { reference: ref }, context: context() } as never),
        )
      ).status,
    ).toBe(200);
    expect(
      (
        await statusOf(() =>
          staffDrawLoader({
            request: get(staffPath, staff.cookie),
            params: { reference: ref, number: '1' },
            context: context(),
          } as never),
        )
      ).status,
    ).toBe(200);

    // Another borrower: 404. An investor: sent home. A visitor: to sign in. Staff's page: home, or the admin sign-in.
    const cases: [string, string, { status: number; location: string | null }, { status: number; location: string | null }][] = [
      ['another borrower', other.cookie, { status: 404, location: null }, { status: 302, location: '/' }],
      ['an investor', investor.cookie, { status: 302, location: '/' }, { status: 302, location: '/' }],
      [
        'a visitor',
        '',
        { status: 302, location: expect.stringMatching(/^\/login\?redirectTo=/) },
        { status: 302, location: expect.stringMatching(/^\/admin-login\?redirectTo=/) },
      ],
    ];
    for (const [who, cookie, borrowerAnswer, staffAnswer] of cases) {
      for (const path of [newPath, `${newPath}.data`]) {
        const page = await statusOf(() =>
          newDrawLoader({ request: get(path, cookie), params: { reference: ref }, context: context() } as never),
        );
        expect(page, `${who}: ${path}`).toEqual(borrowerAnswer);
      }
      const act = await statusOf(() =>
        newDrawAction({ request: post(newPath, cookie, submit), params: { reference: ref }, context: context() } as never),
      );
      expect(act, `${who}: the request's action`).toEqual(borrowerAnswer);
      for (const path of [staffPath, `${staffPath}.data`]) {
        const staffPage = await statusOf(() =>
          staffDrawLoader({ request: get(path, cookie), params: { reference: ref, number: '1' }, context: context() } as never),
        );
        expect(staffPage, `${who}: ${path}`).toEqual(staffAnswer);
      }
      for (const intent of ['start-inspection', 'decline']) {
        const staffAct = await statusOf(() =>
          staffDrawAction({
            request: post(staffPath, cookie, { intent, reason: 'Not allowed here' }),
            params: { reference: ref, number: '1' },
            context: context(),
          } as never),
        );
        expect(staffAct, `${who}: staff's ${intent}`).toEqual(staffAnswer);
      }
    }
    // Staff: a draw number the loan does not have is a 404.
    expect(
      (
        await statusOf(() =>
          staffDrawLoader({
            request: get(staffPath, staff.cookie),
            params: { reference: ref, number: '9' },
            context: context(),
          } as never),
        )
      ).status,
    ).toBe(404);
    const [view] = await drawsOfLoan(l.id);
    expect(view).toMatchObject({ status: 'submitted', number: 1 });
    expect(await drawsOfLoan(l.id)).toHaveLength(1);
    expect((await drawRow(id)).inspectedAt).toBeNull();
  });
});

describe('the draw request page’s action', () => {
  it('takes the multipart form with its photos, refuses a bad form keeping no file, and staff act through their page', async () => {
    const owner = await signedInThroughLogin({ isBorrower: true });
    const staff = await signedInThroughLogin({ isAdmin: true }, { twoFactor: true });
    const me: LoanActor = { id: owner.id, name: 'Route Tester', email: owner.email };
    const { loan: l, foundation, framing } = await constructionLoan(me);
    const ref = l.reference!;
    const path = `/dashboard/loans/${ref}/draws/new`;
    const multipart = (fields: Record<string, string>, photos: string[]) => {
      const form = new FormData();
      for (const [k, v] of Object.entries(fields)) form.append(k, v);
      for (const name of photos) form.append('photos', new File([PNG], name, { type: 'image/png' }));
      // An invoice input left empty, as a browser sends it.
      form.append('invoices', new File([], '', { type: 'application/octet-stream' }));
      return new Request(`${ORIGIN}${path}`, { method: 'POST', body: form, headers: { Origin: ORIGIN, Cookie: owner.cookie } });
    };
    const run = (request: Request) =>
      statusOf(() => newDrawAction({ request, params: { reference: ref }, context: context() } as never));
    const keys = async () => {
      const found: string[] = [];
      for await (const o of storage().list(`documents/${owner.id}/`)) found.push(o.key);
      return found;
    };

    const fields = {
      'lines[0].lineId': foundation,
      'lines[0].amountCents': '$12,500.50',
      'lines[1].lineId': framing,
      'lines[1].amountCents': '',
      accessNotes: 'Gate code 4321',
      attest: 'on',
    };
    // Over the line's budget, no attestation, or no photo: 400, and no file stays.
    expect((await run(multipart({ ...fields, 'lines[0].amountCents': '50,000.01' }, ['a.png']))).status).toBe(400);
    expect((await run(multipart({ ...fields, attest: '' }, ['a.png']))).status).toBe(400);
    expect((await run(multipart(fields, []))).status).toBe(400);
    expect(await keys()).toEqual([]);
    expect(await drawsOfLoan(l.id)).toEqual([]);

    const done = await run(multipart(fields, ['north.png', 'south.png']));
    expect(done).toEqual({ status: 302, location: `/dashboard/loans/${ref}` });
    const [draw] = await drawsOfLoan(l.id);
    expect(draw).toMatchObject({ number: 1, requestedCents: 1_250_050, feeCents: 25_000, accessNotes: 'Gate code 4321' });
    expect(draw!.lines).toHaveLength(1);
    expect(draw!.files.map((f) => f.name)).toEqual(['north.png', 'south.png']);
    expect(await keys()).toHaveLength(2);

    const staffPost = (fields: Record<string, string>) =>
      statusOf(() =>
        staffDrawAction({
          request: post(`/admin-dashboard/loans/${ref}/draws/1`, staff.cookie, fields),
          params: { reference: ref, number: '1' },
          context: context(),
        } as never),
      );
    expect((await staffPost({ intent: 'start-inspection' })).status).toBe(200);
    expect((await staffPost({ intent: 'start-inspection' })).status).toBe(409);
    expect(
      (await staffPost({ intent: 'inspection', 'lines[0].lineId': foundation, 'lines[0].percentComplete': '101' })).status,
    ).toBe(400);
    expect(
      (await staffPost({ intent: 'inspection', 'lines[0].lineId': foundation, 'lines[0].percentComplete': '40' })).status,
    ).toBe(200);
    // Part of the request without a reason: refused; with one: approved.
    const part = { intent: 'approve', 'lines[0].lineId': foundation, 'lines[0].approvedCents': '10,000.00' };
    expect((await staffPost(part)).status).toBe(400);
    expect((await staffPost({ ...part, reason: 'Only 40% of the foundation is done.' })).status).toBe(200);
    expect((await staffPost({ intent: 'fund', day: '2026-05-04' })).status).toBe(200);
    const [funded] = await drawsOfLoan(l.id);
    expect(funded).toMatchObject({ status: 'funded', approvedCents: 1_000_000, reason: 'Only 40% of the foundation is done.' });
    expect((await holdbackBudget(l.id)).lines[0]).toMatchObject({ drawnCents: 1_000_000, remainingCents: 4_000_000 });
    // A page posted without JavaScript goes back to the draw's page with the toast.
    const plain = await statusOf(() =>
      staffDrawAction({
        request: post(`/admin-dashboard/loans/${ref}/draws/1`, staff.cookie, { intent: 'decline', reason: 'Too late now' }),
        params: { reference: ref, number: '1' },
        context: context(true),
      } as never),
    );
    expect(plain).toEqual({ status: 302, location: `/admin-dashboard/loans/${ref}/draws/1` });
  });
});
