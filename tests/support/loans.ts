/**
 * Loans for end-to-end tests (issue "The loan file"): a borrower's application posted step by
 * step as a browser without JavaScript would, then submitted; returns its reference and id.
 */
import { expect } from '@playwright/test';
import { postForm } from './accounts';

/** 'YYYY-MM-DD', `days` from today in the lender's zone. */
export function dayFromNow(days: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Los_Angeles' }).format(new Date(Date.now() + days * 86_400_000));
}

/** Valid answers of each application step (a bridge loan on a Reno property). */
export const APPLICATION = {
  property: { propertyAddress: '75 Court St', propertyCity: 'Reno', propertyState: 'NV', propertyType: 'Commercial' },
  loan: { purpose: 'bridge', propertyValue: '2000000', loanAmount: '1300000', exitStrategy: 'refinance' },
  borrower: {
    entityType: 'llc',
    entityName: 'Court Street Partners LLC',
    projectsLast36Months: '3',
    targetClosingDate: dayFromNow(45),
    phone: '(775) 555-0142',
    creditScoreRange: '720-759',
  },
} as const;

/**
 * Applies as the borrower of `cookie` with `APPLICATION` (each step's fields overridable) and
 * submits. Returns the loan's reference and its id.
 */
export async function applyForLoan(
  cookie: string,
  overrides: Partial<Record<keyof typeof APPLICATION, Record<string, string>>> = {},
) {
  let draft = '';
  for (const step of ['property', 'loan', 'borrower'] as const) {
    const res = await postForm(
      '/dashboard/loans/new',
      { intent: 'save', step, ...(draft ? { draft } : {}), ...APPLICATION[step], ...overrides[step] },
      { cookie },
    );
    expect(res.status, `saving the ${step} step`).toBe(302);
    draft = new URL(res.headers.get('location')!, 'http://x').searchParams.get('draft')!;
  }
  const submitted = await postForm('/dashboard/loans/new', { intent: 'submit', draft }, { cookie });
  expect(submitted.status).toBe(302);
  const reference = submitted.headers.get('location')!.split('/').at(-1)!;
  expect(reference).toMatch(/^OL-\d{4}-\d{5}$/);
  return { reference, id: draft };
}
