/**
 * The investor's documents (issue 23 "Trust at first sight") through the routes against a real
 * database: the PDF copy of a signed suitability statement is the investor's own (its text read
 * back with unpdf: the deal, the signature, when, the statement's words), and a 404 for anyone
 * else: another investor, a borrower, staff, a visitor signed out, a deal without a statement, a
 * malformed id. The 'Documents' page lists the statements and the data-room acknowledgements
 * with their dates; a borrower is sent away from it.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { extractText } from 'unpdf';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatDateTime } from '~/lib/format';
import { requestContext } from '~/load-context';
import { loader as documentsLoader } from '~/routes/portal/documents';
import { loader as copyLoader } from '~/routes/resources/suitability-copy';
import { db } from '~/server/db/client.server';
import { deal, suitabilityStatement } from '~/server/db/schema';
import { acknowledgeDataRoom, recordSelfCertification, signSuitability } from '~/server/domain/investing/investments.server';
import { useTestDatabase } from '../support/test-database';
import { ROUTE_ORIGIN, signedInThroughLogin, type RoutePerson } from '../support/route-accounts';

useTestDatabase();

let requests = 0;
const context = () => requestContext({ clientIp: '203.0.113.9', cspNonce: '', requestId: `docs-${++requests}` });

async function newDeal(title: string) {
  const [row] = await db()
    .insert(deal)
    .values({
      title,
      location: 'Reno, NV',
      description: 'A first-position bridge loan.',
      loanAmount: 500_000,
      ltv: 60,
      termMonths: 12,
      interestRate: 10.25,
      minimumInvestment: 25_000,
      amountToRaise: 500_000,
    })
    .returning({ id: deal.id });
  return row!.id;
}

/** The copy's answer for `who` (null: signed out). */
async function copy(dealId: string, who: RoutePerson | null) {
  const request = new Request(`${ROUTE_ORIGIN}/dashboard/documents/suitability/${dealId}`, {
    headers: who ? { Cookie: who.cookie } : {},
  });
  return (await copyLoader({ request, params: { dealId }, context: context() } as never)) as Response;
}

let investor: RoutePerson;
let other: RoutePerson;
let borrower: RoutePerson;
let admin: RoutePerson;
let dealId = '';
let unsigned = '';
const TITLE = `Truckee Riverside Lots ${randomUUID().slice(0, 4)}`;

beforeAll(async () => {
  [investor, other, borrower, admin] = await Promise.all([
    signedInThroughLogin({ isInvestor: true }),
    signedInThroughLogin({ isInvestor: true }),
    signedInThroughLogin({ isBorrower: true }),
    signedInThroughLogin({ isAdmin: true, isInvestor: false }, { twoFactor: true }),
  ]);
  dealId = await newDeal(TITLE);
  unsigned = await newDeal(`Unsigned ${randomUUID().slice(0, 4)}`);
  for (const who of [investor, other]) {
    await recordSelfCertification(db(), who.id);
    await signSuitability(
      { id: who.id, name: 'Route Tester', email: who.email, isInvestor: true },
      who === investor ? dealId : unsigned,
      {
        netWorthOver250k: true,
        incomeOver70k: false,
        withinConcentrationLimit: true,
        understandsRisks: true,
        signature: who === investor ? 'Avery Q. Investor' : 'Other Person',
      },
      '203.0.113.7',
    );
  }
  await acknowledgeDataRoom({ id: investor.id, name: 'Route Tester', email: investor.email, isInvestor: true }, dealId, null);
});

describe('the suitability statement’s copy', () => {
  it('is a PDF of what the investor signed, when and from where', async () => {
    const response = await copy(dealId, investor);
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toBe('application/pdf');
    expect(response.headers.get('Cache-Control')).toBe('private, no-store');
    expect(response.headers.get('Content-Disposition')).toMatch(/^inline; filename=/);
    const bytes = new Uint8Array(await response.arrayBuffer());
    const { text } = await extractText(bytes, { mergePages: true });
    const [row] = await db()
      .select({ signedAt: suitabilityStatement.signedAt })
      .from(suitabilityStatement)
      .where(eq(suitabilityStatement.investorId, investor.id));
    for (const words of [
      'Investor suitability statement',
      TITLE,
      'Avery Q. Investor',
      investor.email,
      formatDateTime(row!.signedAt),
      '203.0.113.7',
      'not insured or guaranteed',
    ])
      expect(text, words).toContain(words);
  });

  it('is a 404 for anyone else, for a deal without a statement and for a malformed id', async () => {
    for (const who of [other, borrower, admin, null])
      expect((await copy(dealId, who)).status, who?.email ?? 'signed out').toBe(404);
    expect((await copy(unsigned, investor)).status).toBe(404);
    expect((await copy('not-a-uuid', investor)).status).toBe(404);
  });
});

describe('the Documents page', () => {
  it('lists the investor’s statements and acknowledgements with their dates, and only theirs', async () => {
    const request = new Request(`${ROUTE_ORIGIN}/dashboard/documents`, { headers: { Cookie: investor.cookie } });
    const page = (await documentsLoader({ request, params: {}, context: context() } as never)) as Awaited<
      ReturnType<typeof documentsLoader>
    >;
    expect(page.statements).toEqual([expect.objectContaining({ dealId, dealTitle: TITLE, signedAt: expect.any(String) })]);
    expect(page.acknowledgements).toEqual([expect.objectContaining({ dealId, dealTitle: TITLE })]);
    const theirs = (await documentsLoader({
      request: new Request(`${ROUTE_ORIGIN}/dashboard/documents`, { headers: { Cookie: other.cookie } }),
      params: {},
      context: context(),
    } as never)) as Awaited<ReturnType<typeof documentsLoader>>;
    expect(theirs.statements.map((s) => s.dealId)).toEqual([unsigned]);
    expect(theirs.acknowledgements).toEqual([]);
  });

  it('sends a borrower away', async () => {
    const request = new Request(`${ROUTE_ORIGIN}/dashboard/documents`, { headers: { Cookie: borrower.cookie } });
    const answer = await documentsLoader({ request, params: {}, context: context() } as never).catch((e: unknown) => e);
    expect(answer).toBeInstanceOf(Response);
    expect((answer as Response).status).toBe(302);
  });
});
