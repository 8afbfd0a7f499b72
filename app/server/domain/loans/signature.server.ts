/**
 * Accepting a term sheet as a deliberate, signed act (issue 23 "Trust at first sight"): the
 * borrower's ESIGN consent and typed full name, re-checked here; the SHA-256 of the terms'
 * canonical text (`termSheetText`, `termSheetHash`: one function each); the signed PDF stored as a
 * document of the borrower's (so the one download route and its 404 rules serve it to them and to
 * staff only), the sheet accepted with the time, address and hash, and the loan moved to
 * Processing, in one transaction. Declining stays one step (`declineTermSheet`, pipeline.server.ts).
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { lenderDay } from '~/lib/format';
import type { TermSheetTermsView } from '~/lib/term-sheet';
import { ACCEPT_MESSAGES, signsAs } from '~/lib/schemas/term-sheet';
import { db } from '../../db/client.server';
import { isUuid } from '../../db/query.server';
import { document, termSheet, user } from '../../db/schema';
import { NotFound, Refused } from '../../errors.server';
import { logger } from '../../logger.server';
import { storage } from '../../storage.server';
import { renderSignedTermSheet } from '../../pdf/signed-term-sheet.server';
import { type Loan, type LoanActor, lockLoan, propertyLine, recordMove, tellLender } from './loan.server';

type TermSheetRow = typeof termSheet.$inferSelect;

/** A percent written canonically: two decimals ('10.25', '1.50'). */
const pct = (value: number) => value.toFixed(2);

/**
 * The canonical text of term sheet `sheet` of loan `l`: one 'name: value' line per term, in a fixed
 * order, amounts in whole dollars, percents with two decimals, days 'YYYY-MM-DD', the loan's
 * reference, property, purpose and price (the cash at closing depends on them). What is hashed.
 */
export function termSheetText(sheet: Pick<TermSheetRow, 'id' | keyof TermSheetTermsView>, l: Loan): string {
  return [
    'ormsby-lending/term-sheet/v1',
    `term-sheet: ${sheet.id}`,
    `loan: ${l.reference}`,
    `property: ${propertyLine(l)}`,
    `purpose: ${l.purpose ?? ''}`,
    `price-or-value-dollars: ${l.propertyValue ?? ''}`,
    `amount-dollars: ${sheet.amount}`,
    `rate-percent: ${pct(sheet.ratePercent)}`,
    `points-percent: ${pct(sheet.points)}`,
    `term-months: ${sheet.termMonths}`,
    `ltv-percent: ${pct(sheet.ltv)}`,
    `underwriting-fee-dollars: ${sheet.underwritingFee}`,
    `legal-fee-dollars: ${sheet.legalFee}`,
    `draw-fee-dollars: ${sheet.drawFee}`,
    `extension-points-percent: ${pct(sheet.extensionPoints)}`,
    `default-rate-percent: ${sheet.defaultRatePercent === null ? 'none' : pct(sheet.defaultRatePercent)}`,
    `prepayment: ${sheet.prepaymentTerms.replace(/\s+/g, ' ').trim()}`,
    `holdback-dollars: ${sheet.holdback}`,
    `expires-on: ${sheet.expiresOn}`,
  ].join('\n');
}

/** SHA-256 hex of `termSheetText(sheet, l)`: the hash a signature binds. */
export function termSheetHash(sheet: Pick<TermSheetRow, 'id' | keyof TermSheetTermsView>, l: Loan): string {
  return createHash('sha256').update(termSheetText(sheet, l), 'utf8').digest('hex');
}

/** The open term sheet `termSheetId` of `l` as it may be answered. @throws as `acceptTermSheet`. */
function checkOpen(sheet: TermSheetRow | undefined, l: Loan): TermSheetRow {
  if (!sheet) throw new NotFound('Term sheet not found.', 'Term sheet not found');
  if (sheet.status !== 'issued' || l.stage !== 'term_sheet')
    throw new Refused('conflict', 'This term sheet is no longer open.', 'Not recorded');
  if (sheet.expiresOn < lenderDay())
    throw new Refused('conflict', 'This term sheet has expired. Please message us for a new one.', 'Not recorded');
  return sheet;
}

/** Term sheet `termSheetId` of loan `l` (null when it is not one of the loan's). */
async function readSheet(l: Loan, termSheetId: string): Promise<TermSheetRow | undefined> {
  if (!isUuid(termSheetId)) return undefined;
  const [row] = await db()
    .select()
    .from(termSheet)
    .where(and(eq(termSheet.id, termSheetId), eq(termSheet.loanId, l.id)));
  return row;
}

/** The open term sheet of `l` the borrower may accept, or null (none open, expired, or no longer in Term sheet). */
export async function openTermSheet(l: Loan): Promise<TermSheetRow | null> {
  if (l.stage !== 'term_sheet') return null;
  const [row] = await db()
    .select()
    .from(termSheet)
    .where(and(eq(termSheet.loanId, l.id), eq(termSheet.status, 'issued')));
  return row && row.expiresOn >= lenderDay() ? row : null;
}

/**
 * The borrower of `l` accepts and signs term sheet `termSheetId` with their `consent` and typed
 * `signedName` (their account's name, case and spaces aside), from `client`. Stores the signed
 * PDF (file first, then its row; the file is removed if the rows fail), marks the sheet accepted
 * with the time, address, consent, name and content hash, moves the loan to Processing and tells
 * the lender, in one transaction under the loan's lock. Returns the signed document's id.
 * @throws Refused('invalid') without consent or with another name (nothing stored), NotFound for
 * a term sheet not on the loan, Refused('conflict') when it is no longer open, has expired or
 * changed while it was being signed.
 */
export async function acceptTermSheet(
  borrower: LoanActor,
  l: Loan,
  termSheetId: string,
  signature: { consent: boolean; signedName: string; ip: string; userAgent: string | null },
): Promise<string> {
  if (!signature.consent) throw new Refused('invalid', ACCEPT_MESSAGES.consent, 'Not accepted');
  const [account] = await db().select({ name: user.name, email: user.email }).from(user).where(eq(user.id, borrower.id));
  if (!account) throw new NotFound('Loan not found.', 'Loan not found');
  const signedName = signature.signedName.trim().replace(/\s+/g, ' ');
  if (!signsAs(signedName, account.name))
    throw new Refused('invalid', ACCEPT_MESSAGES.nameMismatch(account.name), 'Not accepted');

  const sheet = checkOpen(await readSheet(l, termSheetId), l);
  const contentHash = termSheetHash(sheet, l);
  const signedAt = new Date();
  const pdf = await renderSignedTermSheet({
    reference: l.reference!,
    property: propertyLine(l),
    terms: sheet,
    loan: l,
    signedName,
    account,
    signedAt,
    ip: signature.ip,
    contentHash,
  });
  const key = `documents/${borrower.id}/${randomBytes(16).toString('hex')}.pdf`;
  await storage().put(key, pdf, 'application/pdf');
  try {
    return await db().transaction(async (tx) => {
      const current = await lockLoan(tx, l.id);
      const [locked] = await tx.select().from(termSheet).where(eq(termSheet.id, sheet.id)).for('update');
      const still = checkOpen(locked, current);
      if (termSheetHash(still, current) !== contentHash)
        throw new Refused(
          'conflict',
          'This term sheet changed while you were signing it. Please review it again.',
          'Not recorded',
        );
      const [doc] = await tx
        .insert(document)
        .values({
          userId: borrower.id,
          title: `Signed term sheet ${current.reference}`,
          fileName: `term-sheet-${current.reference}-signed.pdf`,
          storageKey: key,
          fileSize: pdf.length,
          mimeType: 'application/pdf',
        })
        .returning({ id: document.id });
      await tx
        .update(termSheet)
        .set({
          status: 'accepted',
          respondedAt: signedAt,
          respondedIp: signature.ip,
          respondedUserAgent: signature.userAgent?.slice(0, 500) ?? null,
          esignConsentAt: signedAt,
          signedName,
          contentHash,
          signedDocumentId: doc!.id,
        })
        .where(eq(termSheet.id, sheet.id));
      await recordMove(tx, current, 'processing', borrower, 'Term sheet accepted and signed.');
      await tellLender(tx, current, 'loan-term-sheet-answered', {
        answer: 'accepted',
        termSheetAmount: sheet.amount,
        ip: signature.ip,
      });
      return doc!.id;
    });
  } catch (error) {
    await storage()
      .delete(key)
      .catch((err: unknown) => logger.error({ err, key }, 'signed term sheet not recorded; its file could not be removed'));
    throw error;
  }
}
