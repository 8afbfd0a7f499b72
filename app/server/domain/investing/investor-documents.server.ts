/**
 * An investor's own documents (issue 23 "Trust at first sight"): the suitability statements they
 * signed and the data-room acknowledgements they gave, for the portal's 'Documents' page and the
 * deal page, and the PDF copy of a signed statement. Ownership is in every query: another
 * investor's statement, or one that does not exist, is never found (the route answers 404).
 */
import { and, desc, eq } from 'drizzle-orm';
import { db } from '../../db/client.server';
import { isUuid } from '../../db/query.server';
import { dataRoomAcknowledgement, deal, suitabilityStatement, user } from '../../db/schema';

/** One signed suitability statement, as the Documents page lists it (dates ISO 8601). */
export interface StatementEntry {
  dealId: string;
  dealTitle: string;
  signedAt: string;
  formVersion: string;
}

/** One data-room acknowledgement, as the Documents page lists it (dates ISO 8601). */
export interface AcknowledgementEntry {
  dealId: string;
  dealTitle: string;
  acknowledgedAt: string;
  statementVersion: string;
}

/** `investorId`'s signed statements and data-room acknowledgements, newest first. */
export async function investorDocuments(investorId: string) {
  const [statements, acknowledgements] = await Promise.all([
    db()
      .select({
        dealId: suitabilityStatement.dealId,
        dealTitle: deal.title,
        signedAt: suitabilityStatement.signedAt,
        formVersion: suitabilityStatement.formVersion,
      })
      .from(suitabilityStatement)
      .innerJoin(deal, eq(deal.id, suitabilityStatement.dealId))
      .where(eq(suitabilityStatement.investorId, investorId))
      .orderBy(desc(suitabilityStatement.signedAt)),
    db()
      .select({
        dealId: dataRoomAcknowledgement.dealId,
        dealTitle: deal.title,
        acknowledgedAt: dataRoomAcknowledgement.acknowledgedAt,
        statementVersion: dataRoomAcknowledgement.statementVersion,
      })
      .from(dataRoomAcknowledgement)
      .innerJoin(deal, eq(deal.id, dataRoomAcknowledgement.dealId))
      .where(eq(dataRoomAcknowledgement.investorId, investorId))
      .orderBy(desc(dataRoomAcknowledgement.acknowledgedAt)),
  ]);
  return {
    statements: statements.map((s): StatementEntry => ({ ...s, signedAt: s.signedAt.toISOString() })),
    acknowledgements: acknowledgements.map((a): AcknowledgementEntry => ({
      ...a,
      acknowledgedAt: a.acknowledgedAt.toISOString(),
    })),
  };
}

/**
 * What the copy of `investorId`'s statement for `dealId` shows: the text they signed, their
 * answers and signature, when and from where, the deal and the investor; null when there is no
 * such statement of theirs (another investor's included) or the id is malformed.
 */
export async function signedStatement(investorId: string, dealId: string) {
  if (!isUuid(dealId)) return null;
  const [row] = await db()
    .select({
      formVersion: suitabilityStatement.formVersion,
      formText: suitabilityStatement.formText,
      answers: suitabilityStatement.answers,
      clientIp: suitabilityStatement.clientIp,
      signedAt: suitabilityStatement.signedAt,
      dealTitle: deal.title,
      dealLocation: deal.location,
      investorName: user.name,
      investorEmail: user.email,
    })
    .from(suitabilityStatement)
    .innerJoin(deal, eq(deal.id, suitabilityStatement.dealId))
    .innerJoin(user, eq(user.id, suitabilityStatement.investorId))
    .where(and(eq(suitabilityStatement.investorId, investorId), eq(suitabilityStatement.dealId, dealId)));
  return row ?? null;
}
export type SignedStatement = NonNullable<Awaited<ReturnType<typeof signedStatement>>>;
