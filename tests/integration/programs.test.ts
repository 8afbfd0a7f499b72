/**
 * Loan programs in dollars (issue 23 "Trust at first sight"), against a real PostgreSQL and
 * through the routes: programs stored before the fees still read; the program an application
 * fits and the warnings it gets; the FAQ figures the programs contradict and what a publish
 * changes; the calculator's query read by /borrowers' loader (a refused one is a 400 page, not an
 * error); the application's phone and credit score stored, and refused when invalid, and shown to
 * staff on the review page.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CONTENT } from '~/content/site-content';
import { requestContext } from '~/load-context';
import { describeChanges } from '~/lib/content-diff';
import { programAdvice } from '~/lib/program-fit';
import { contradictions, publishedFigures } from '~/lib/program-figures';
import type { LoanProgram, SiteContent } from '~/lib/site-content';
import { loader as sectionLoader } from '~/routes/admin/content-section';
import { loader as reviewLoader } from '~/routes/admin/loan';
import { action as applyAction } from '~/routes/portal/loan-apply';
import { loader as borrowersLoader } from '~/routes/public/borrowers';
import { db } from '~/server/db/client.server';
import { loan, siteContent } from '~/server/db/schema';
import { discardDraft, ensureSiteContent, saveDraft, siteContentFor } from '~/server/domain/content/site-content.server';
import { signedInThroughLogin, type RoutePerson } from '../support/route-accounts';
import { useTestDatabase } from '../support/test-database';

useTestDatabase();

const ORIGIN = 'http://localhost:3000';
let requests = 0;
const context = () =>
  requestContext({ clientIp: `203.0.113.${(++requests % 250) + 1}`, cspNonce: '', requestId: `programs-${requests}` });

const programs = DEFAULT_CONTENT['loan-programs'];
const byName = (name: string) => programs.find((p) => p.name === name)!;

/** What a loader or action returned or threw: its status and data (a redirect's location). */
async function settle(run: () => Promise<unknown>) {
  let result: unknown;
  try {
    result = await run();
  } catch (thrown) {
    result = thrown;
  }
  if (result instanceof Response) return { status: result.status, location: result.headers.get('Location'), data: null };
  if (result && typeof result === 'object' && 'init' in result && 'data' in result) {
    const r = result as { init: ResponseInit | null; data: unknown };
    return { status: r.init?.status ?? 200, location: null, data: r.data as Record<string, unknown> };
  }
  return { status: 200, location: null, data: result as Record<string, unknown> };
}

beforeAll(async () => {
  await ensureSiteContent();
});

describe('programs stored before issue 23', () => {
  it('read with their fees, purposes and property types from the one list', async () => {
    // As 'First impression' stored them: free-text types, no fees, no purposes.
    const { purposes: _p, underwritingFee: _u, legalFee: _l, drawFee: _d, ...old } = byName('Multifamily Bridge');
    const { extensionPoints: _e, defaultRate: _r, prepayment: _pp, ...older } = old;
    const custom = { ...older, id: '11111111-2222-4333-8444-555555555555', name: 'Land', propertyTypes: ['Land', 'Specialty'] };
    await db()
      .update(siteContent)
      .set({ published: [{ ...older, propertyTypes: ['Multifamily', 'Mobile Home Parks', 'Castles'] }, custom], version: 99 })
      .where(eq(siteContent.section, 'loan-programs'));
    const [bridge, land] = (await siteContentFor())['loan-programs'];
    expect(bridge).toMatchObject({
      name: 'Multifamily Bridge',
      propertyTypes: ['Multi-Family', 'Mobile Home Park'],
      purposes: byName('Multifamily Bridge').purposes,
      drawFee: 250,
      underwritingFee: 1_495,
    });
    // A program of staff's own takes the first default's fees, for staff to review.
    expect(land).toMatchObject({ name: 'Land', propertyTypes: ['Commercial', 'Land Development'], legalFee: 995 });
    await db().update(siteContent).set({ published: programs, version: 100 }).where(eq(siteContent.section, 'loan-programs'));
  });
});

describe('the program an application fits', () => {
  const flip = {
    purpose: 'fix-and-flip' as const,
    propertyType: 'Multi-Family',
    propertyState: 'NV',
    propertyValue: 1_000_000,
    rehabBudget: 250_000,
    afterRepairValue: 1_800_000,
  };

  it('within the first program’s limits: no warning', () => {
    // 600,000 / 1,000,000 = 60% LTV: Acquisition's maximum, exactly.
    expect(programAdvice(programs, { ...flip, loanAmount: 600_000 })).toEqual({
      program: byName('Acquisition'),
      fits: true,
      warnings: [],
    });
  });

  it('over its LTV: says by how much and names the program that fits', () => {
    // 900,000 / 1,000,000 = 90% LTV > 60%; Multifamily Bridge: LTC 900,000 / 1,250,000 = 72% ≤ 80%,
    // and 900,000 / 1,800,000 = 50% of the after-repair value ≤ 60%.
    const advice = programAdvice(programs, { ...flip, loanAmount: 900_000 });
    expect(advice.fits).toBe(false);
    expect(advice.warnings).toEqual([
      'An LTV of 90% is above the Acquisition program’s maximum of 60%.',
      'The Multifamily Bridge program fits your application: up to 60% LTV and 80% LTC, from 9%, for Multi-Family, Mixed-Use.',
    ]);
  });

  it('above every program: says none lends it; a type no program lends on is named', () => {
    const advice = programAdvice(programs, { ...flip, loanAmount: 1_200_000 });
    expect(advice.warnings.at(-1)).toBe(
      'None of our published programs lends these amounts. You may still apply: a lender will review it.',
    );
    expect(
      programAdvice(programs, { purpose: 'cash-out', propertyType: 'Hotel/Hospitality', propertyState: 'CA' }).warnings,
    ).toEqual([
      'None of our published programs lends for cash-out refinance on Hotel/Hospitality property in California. You may still apply: a lender will review it.',
    ]);
  });

  it('a loan below the smallest of the program', () => {
    const advice = programAdvice(programs, {
      purpose: 'refinance',
      propertyType: 'Office',
      propertyValue: 400_000,
      loanAmount: 100_000,
    });
    expect(advice.warnings[0]).toBe('The loan amount is below the Refinance program’s smallest loan of $150,000.');
  });
});

describe('figures the pages state', () => {
  const content = (programsNow: LoanProgram[]): Pick<SiteContent, 'loan-programs' | 'faq-borrowers' | 'faq-investors'> => ({
    'loan-programs': programsNow,
    'faq-borrowers': DEFAULT_CONTENT['faq-borrowers'],
    'faq-investors': DEFAULT_CONTENT['faq-investors'],
  });

  it('the defaults agree with each other', () => {
    expect(publishedFigures(programs)).toEqual({
      rateFrom: 9,
      maxLtv: 60,
      maxLtc: 80,
      pointsFrom: 1.5,
      pointsTo: 3,
      termMinMonths: 6,
      termMaxMonths: 36,
    });
    expect(contradictions(content(programs))).toEqual([]);
  });

  it('a program from 8.75% contradicts the FAQ’s ‘typically 9% to 12%’, and 65% LTV its ‘up to 60%’', () => {
    const changed = programs.map((p) => (p.name === 'Acquisition' ? { ...p, rateFrom: 8.75, maxLtv: 65 } : p));
    const found = contradictions(content(changed));
    expect(found.map((c) => [c.where, c.expected])).toEqual([
      ['How much can I borrow?', 'up to 65% LTV'],
      ['What do your loans cost?', 'rates from 8.75%'],
    ]);
  });

  it('a publish says what changes', () => {
    const changed = programs.map((p) => (p.name === 'Acquisition' ? { ...p, rateFrom: 8.75, asOf: '2026-12-01' } : p));
    expect(describeChanges('loan-programs', programs, changed.slice(0, 4))).toEqual([
      '‘Acquisition’: Rate from: 9% → 8.75%; Terms as of: Nov 1, 2026 → Dec 1, 2026.',
      'Removed ‘Multifamily Bridge’.',
    ]);
    expect(describeChanges('loan-programs', programs, [...programs].reverse())).toEqual(['The order changed.']);
    expect(describeChanges('loan-programs', programs, programs)).toEqual([]);
  });
});

describe('the calculator on /borrowers, without JavaScript', () => {
  const get = (query: string) =>
    settle(() =>
      borrowersLoader({ request: new Request(`${ORIGIN}/borrowers${query}`), params: {}, context: context() } as never),
    );

  it('reads a good query and answers 200', async () => {
    const id = byName('Acquisition').id;
    const res = await get(`?program=${id}&amount=%24500%2C000`);
    expect(res.status).toBe(200);
    expect(res.data!.calculator).toEqual({ program: id, amount: '$500,000' });
  });

  it('takes a program alone as the program chosen, without a complaint', async () => {
    const id = byName('Cash-Out').id;
    const res = await get(`?program=${id}`);
    expect(res.status).toBe(200);
    expect(res.data!.calculator).toEqual({ program: id, amount: '' });
  });

  it('answers a bad amount or an unknown program with a 400 page naming the fault', async () => {
    const id = byName('Acquisition').id;
    for (const [query, field, message] of [
      [`?program=${id}&amount=12abc`, 'amount', 'Please enter the loan amount in whole dollars, such as 500,000.'],
      [`?program=${id}&amount=0`, 'amount', 'Please enter the loan amount in whole dollars, such as 500,000.'],
      [`?program=${id}&amount=2000000000`, 'amount', 'Please enter an amount up to $1,000,000,000.'],
      ['?program=nope&amount=500000', 'program', 'Please choose a loan program.'],
    ] as const) {
      const res = await get(query);
      expect(res.status, query).toBe(400);
      const result = (res.data!.calculator as { result: { error: Record<string, string[]> } }).result;
      expect(result.error[field], query).toEqual([message]);
    }
  });
});

describe('the application’s phone and credit score', () => {
  let borrower: RoutePerson;
  let staff: RoutePerson;
  beforeAll(async () => {
    borrower = await signedInThroughLogin({ isBorrower: true });
    staff = await signedInThroughLogin({ isAdmin: true }, { twoFactor: true });
  });

  const post = (fields: Record<string, string>) =>
    settle(() =>
      applyAction({
        request: new Request(`${ORIGIN}/dashboard/loans/new`, {
          method: 'POST',
          body: new URLSearchParams(fields),
          headers: { Origin: ORIGIN, Cookie: borrower.cookie, 'Content-Type': 'application/x-www-form-urlencoded' },
        }),
        params: {},
        context: context(),
      } as never),
    );
  const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

  it('are refused when invalid, stored when valid, and shown to staff', async () => {
    const property = await post({
      intent: 'save',
      step: 'property',
      propertyAddress: '9 Lake St',
      propertyCity: 'Reno',
      propertyState: 'NV',
      propertyType: 'Multi-Family',
    });
    expect(property.status).toBe(302);
    const draft = new URL(property.location!, ORIGIN).searchParams.get('draft')!;
    const loanStep = await post({
      intent: 'save',
      step: 'loan',
      draft,
      purpose: 'bridge',
      propertyValue: '$1,000,000',
      loanAmount: '550,000',
      exitStrategy: 'sale',
    });
    expect(loanStep.status).toBe(302);
    const borrowerStep = {
      intent: 'save',
      step: 'borrower',
      draft,
      entityType: 'individual',
      projectsLast36Months: '2',
      targetClosingDate: inDays(20),
      phone: '(775) 555-0199',
      creditScoreRange: '680-719',
    };
    const stored = async () => (await db().select().from(loan).where(eq(loan.id, draft)))[0]!;
    for (const [change, field, message] of [
      [{ phone: 'call me' }, 'phone', 'Please enter a valid phone number, such as (775) 555-0142.'],
      [{ phone: '' }, 'phone', 'Phone number is required'],
      [{ creditScoreRange: '850' }, 'creditScoreRange', 'Please choose your estimated credit score'],
      [{ creditScoreRange: '' }, 'creditScoreRange', 'Please choose your estimated credit score'],
    ] as const) {
      const refused = await post({ ...borrowerStep, ...change });
      expect(refused.status, JSON.stringify(change)).toBe(400);
      expect((refused.data as { result: { error: Record<string, string[]> } }).result.error[field]).toEqual([message]);
      expect(await stored()).toMatchObject({ phone: null, creditScoreRange: null, loanAmount: 550_000 });
    }
    expect((await post(borrowerStep)).status).toBe(302);
    expect(await stored()).toMatchObject({ phone: '(775) 555-0199', creditScoreRange: '680-719' });

    const submitted = await post({ intent: 'submit', draft });
    expect(submitted.status).toBe(302);
    const reference = submitted.location!.split('/').at(-1)!;
    const review = await settle(() =>
      reviewLoader({
        request: new Request(`${ORIGIN}/admin-dashboard/loans/${reference}`, { headers: { Cookie: staff.cookie } }),
        params: { reference },
        context: context(),
      } as never),
    );
    expect(review.status).toBe(200);
    expect((review.data as { loan: { phone: string; creditScoreRange: string } }).loan).toMatchObject({
      phone: '(775) 555-0199',
      creditScoreRange: '680-719',
    });
  });
});

describe('publishing the programs', () => {
  it('the section page says what changes and which FAQ figures the draft contradicts, before publishing', async () => {
    const staff = await signedInThroughLogin({ isAdmin: true }, { twoFactor: true });
    const load = async () =>
      (
        await settle(() =>
          sectionLoader({
            request: new Request(`${ORIGIN}/admin-dashboard/content/loan-programs`, { headers: { Cookie: staff.cookie } }),
            params: { section: 'loan-programs' },
            context: context(),
          } as never),
        )
      ).data as { status: { changes: string[]; warnings: string[] } };
    expect((await load()).status).toMatchObject({ changes: [], warnings: [] });
    await saveDraft(
      staff,
      'loan-programs',
      programs.map((p) => (p.name === 'Cash-Out' ? { ...p, rateFrom: 8.75 } : p)),
    );
    const { status } = await load();
    expect(status.changes).toEqual(['‘Cash-Out’: Rate from: 9.5% → 8.75%.']);
    expect(status.warnings).toEqual([
      'Borrower FAQ, ‘What do your loans cost?’: “Interest rates are typically 9% to 12% with interest-only monthly payments, and origination is typically 1.5 to 3 points.” — the programs publish rates from 8.75%.',
    ]);
    await discardDraft(staff, 'loan-programs');
  });
});
