/**
 * Extension requests (issue 24 "Extension request"; staff "approve extensions"): the borrower of
 * a funded loan asks to extend the maturity by 1 to 12 months, having seen the fee and the new
 * maturity (app/lib/servicing/extension.ts `extensionOffer`, whose rules it states); staff approve
 * or decline with a reason. One request waits at a time per loan (the unique index
 * `extension_request_open_idx`). Approval charges the fee as a ledger `fee` entry 'Extension fee'
 * (under the ledger's lock) and the new maturity is in force from then on (ledger.server.ts
 * `maturityOf` reads approved requests). Staff are told of a request, the borrower of the answer,
 * the loan's investors of an approval (issue 25 "Loan updates": returns/updates.server.ts); each
 * decision is audited, in the transaction of the change.
 *
 * Units: cents, months, the lender's days 'YYYY-MM-DD'.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import { lenderDay } from '~/lib/format';
import {
  canAskExtension,
  EXTENSION_MESSAGES,
  EXTENSION_MONTHS_MAX,
  extensionOffer as offerOf,
  type ExtensionOffer,
  type ExtensionSummary,
} from '~/lib/servicing/extension';
import { db } from '../../db/client.server';
import { isUuid } from '../../db/query.server';
import { extensionRequest } from '../../db/schema';
import { NotFound, Refused } from '../../errors.server';
import { audit } from '../audit.server';
import { lockLoan, tellBorrower, tellLender, type Loan, type LoanActor } from '../loans/loan.server';
import { announceLoanEvent } from '../returns/updates.server';
import { appendEntries, entryId, lockServicing, maturityOf, servicingOf, type Servicing } from './ledger.server';

/** An extension request as the pages show it. */
export type ExtensionRow = ExtensionSummary;

const NOT_FOUND = () => new NotFound('This extension request does not exist.', 'Request not found');

/**
 * The offer for extending by `months` the loan of closing record `s` maturing on `maturityInForce`:
 * the fee (extension points × the note amount, cents) and the new maturity (extension.ts `extensionOffer`).
 */
export function extensionOffer(s: Servicing, maturityInForce: string, months: number): ExtensionOffer {
  return offerOf(s, maturityInForce, months);
}

/** The closing record of funded `l`. @throws Refused('conflict') for a loan not funded. */
async function fundedServicing(l: Loan, title: string): Promise<Servicing> {
  const s = l.stage === 'funded' ? await servicingOf(l.id) : null;
  if (!s) throw new Refused('conflict', 'Only a funded loan can be extended.', title);
  return s;
}

/**
 * What the extension page offers `l` on `today`: the maturity in force, the offer for `months`,
 * and whether a request may be made (null `blocked`) or why not. Null for a loan not funded.
 */
export async function extensionTerms(l: Loan, months: number, today = lenderDay()) {
  const s = l.stage === 'funded' ? await servicingOf(l.id) : null;
  if (!s) return null;
  const maturityOn = await maturityOf(s);
  const [open] = await db()
    .select({ id: extensionRequest.id })
    .from(extensionRequest)
    .where(and(eq(extensionRequest.loanId, l.id), eq(extensionRequest.status, 'requested')));
  const blocked = open ? EXTENSION_MESSAGES.open : !canAskExtension(maturityOn, today) ? EXTENSION_MESSAGES.tooLate : null;
  return { maturityOn, offer: extensionOffer(s, maturityOn, months), blocked };
}

/**
 * The borrower of funded `l` asks to extend its maturity by `months` (1–12) on `today`: stored
 * with the fee and both maturities as shown, staff e-mailed. Returns the request's id.
 * @throws Refused('invalid') for months out of range; Refused('conflict') for a loan not funded,
 *   a maturity passed more than 30 days ago, or a request already waiting.
 */
export async function requestExtension(borrower: LoanActor, l: Loan, months: number, today = lenderDay()): Promise<string> {
  const title = 'Extension not requested';
  if (!Number.isInteger(months) || months < 1 || months > EXTENSION_MONTHS_MAX)
    throw new Refused('invalid', `${EXTENSION_MESSAGES.months}.`, title);
  return db().transaction(async (tx) => {
    const current = await lockLoan(tx, l.id);
    const s = await fundedServicing(current, title);
    const maturityOn = await maturityOf(s, tx);
    if (!canAskExtension(maturityOn, today)) throw new Refused('conflict', EXTENSION_MESSAGES.tooLate, title);
    const offer = extensionOffer(s, maturityOn, months);
    const [row] = await tx
      .insert(extensionRequest)
      .values({ loanId: l.id, ...offer, requestedBy: borrower.id })
      .onConflictDoNothing()
      .returning({ id: extensionRequest.id });
    if (!row) throw new Refused('conflict', EXTENSION_MESSAGES.open, title);
    await tellLender(tx, current, 'loan-extension-requested', {
      months,
      feeCents: offer.feeCents,
      fromMaturityOn: offer.fromMaturityOn,
      newMaturityOn: offer.newMaturityOn,
    });
    return row.id;
  });
}

/**
 * Staff decide extension request `requestId` of `l` on `today`: 'approved' charges the fee (a
 * `fee` entry 'Extension fee' on `today`, when above 0) and puts the new maturity in force;
 * 'declined' needs `reason`. The borrower is told (e-mail by their preference, and the
 * notification), the decision audited.
 * @throws NotFound for a request not of this loan; Refused('invalid') for a decline without a
 *   reason; Refused('conflict') for a request already decided, a loan not funded, or a maturity
 *   that changed since the request.
 */
export async function decideExtension(
  admin: LoanActor,
  l: Loan,
  requestId: string,
  decision: 'approved' | 'declined',
  reason: string | null | undefined,
  today = lenderDay(),
): Promise<void> {
  const title = 'Extension not decided';
  const why = reason?.trim() || null;
  if (decision === 'declined' && !why) throw new Refused('invalid', `${EXTENSION_MESSAGES.reason}.`, title);
  if (!isUuid(requestId)) throw NOT_FOUND();
  await db().transaction(async (tx) => {
    const current = await lockLoan(tx, l.id);
    const [request] = await tx
      .select()
      .from(extensionRequest)
      .where(and(eq(extensionRequest.id, requestId), eq(extensionRequest.loanId, l.id)))
      .for('update');
    if (!request) throw NOT_FOUND();
    if (request.status !== 'requested') throw new Refused('conflict', 'This request was already decided.', title);
    const s = await fundedServicing(current, title);
    if (decision === 'approved') {
      const locked = await lockServicing(tx, l.id);
      if ((await maturityOf(locked, tx)) !== request.fromMaturityOn)
        throw new Refused('conflict', 'The maturity changed since this request: decline it and ask for a new one.', title);
      if (request.feeCents > 0)
        await appendEntries(
          tx,
          s,
          [{ kind: 'fee', id: entryId(), day: today, description: 'Extension fee', amountCents: request.feeCents }],
          admin,
        );
    }
    await tx
      .update(extensionRequest)
      .set({ status: decision, reason: why, decidedBy: admin.id, decidedAt: sql`now()` })
      .where(eq(extensionRequest.id, request.id));
    if (decision === 'approved')
      await announceLoanEvent(tx, l.id, {
        kind: 'extended',
        fromMaturityOn: request.fromMaturityOn,
        newMaturityOn: request.newMaturityOn,
      });
    await tellBorrower(
      tx,
      current,
      'loan-extension-decided',
      {
        title: decision === 'approved' ? 'Your extension is approved' : 'Your extension request was declined',
        message: `${current.reference}: ${decision === 'approved' ? `the loan now matures on ${request.newMaturityOn}` : why}`,
        type: decision === 'approved' ? 'success' : 'warning',
      },
      { decision, months: request.months, feeCents: request.feeCents, newMaturityOn: request.newMaturityOn, reason: why },
    );
    await audit(
      admin,
      decision === 'approved' ? 'loan.extension_approved' : 'loan.extension_declined',
      { type: 'loan', id: l.id },
      { reference: l.reference, requestId: request.id, months: request.months, feeCents: request.feeCents, reason: why },
      tx,
    );
  });
}

/** Every extension request of loan `loanId`, newest first. */
export async function extensionsOfLoan(loanId: string): Promise<ExtensionRow[]> {
  const rows = await db()
    .select()
    .from(extensionRequest)
    .where(eq(extensionRequest.loanId, loanId))
    .orderBy(desc(extensionRequest.createdAt));
  return rows.map((r) => ({
    id: r.id,
    months: r.months,
    feeCents: r.feeCents,
    fromMaturityOn: r.fromMaturityOn,
    newMaturityOn: r.newMaturityOn,
    status: r.status,
    reason: r.reason,
    createdAt: r.createdAt.toISOString(),
    decidedAt: r.decidedAt?.toISOString() ?? null,
  }));
}
