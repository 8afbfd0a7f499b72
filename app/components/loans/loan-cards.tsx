/**
 * 'My loans' (issue "The loan file"): one card per loan with its reference, stage, amount,
 * property and the next thing the borrower must do, linking to the loan page (a draft to its
 * application); and the way to a new application. No loan yet: an invitation to apply.
 */
import { ArrowRight, FilePlus2, Landmark } from 'lucide-react';
import { Link } from 'react-router';
import { ButtonLink } from '~/components/ui/button';
import { cardClasses } from '~/components/ui/card';
import { formatDate, usd } from '~/lib/format';
import { LOAN_PURPOSES, labelOf, type LoanStage } from '~/lib/loans';
import { StageBadge } from './stage';

export interface LoanCardRow {
  id: string;
  reference: string | null;
  stage: LoanStage;
  loanAmount: number | null;
  property: string;
  purpose: string | null;
  createdAt: Date;
  nextStep: string | null;
}

export function LoanCards({ loans }: { loans: LoanCardRow[] }) {
  return (
    <section aria-labelledby="my-loans">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h2 id="my-loans" className="text-2xl">
          My loans
        </h2>
        {loans.length > 0 && (
          <ButtonLink to="/dashboard/loans/new" variant="navy" size="sm">
            <FilePlus2 aria-hidden className="size-4" /> New application
          </ButtonLink>
        )}
      </div>
      {loans.length === 0 ? (
        <div className={cardClasses('lg', 'flex flex-col items-start gap-4 sm:flex-row sm:items-center sm:justify-between')}>
          <div className="flex gap-4">
            <Landmark aria-hidden className="size-10 shrink-0 text-brass-600" />
            <div>
              <p className="font-serif text-xl text-navy-900">Apply for funding</p>
              <p className="mt-1 text-sm text-muted">
                A short application, saved as you go. Follow your loan, documents and messages here.
              </p>
            </div>
          </div>
          <ButtonLink to="/dashboard/loans/new">Start your application</ButtonLink>
        </div>
      ) : (
        <ul className="grid gap-4 md:grid-cols-2">
          {loans.map((l) => {
            const href = l.stage === 'draft' ? `/dashboard/loans/new?draft=${l.id}` : `/dashboard/loans/${l.reference}`;
            return (
              <li key={l.id} className={cardClasses('md', 'flex flex-col gap-3')}>
                <div className="flex items-start justify-between gap-3">
                  <div className="min-w-0">
                    <p className="text-sm font-semibold text-muted">
                      {l.reference ?? `Draft started ${formatDate(l.createdAt)}`}
                    </p>
                    <p className="mt-0.5 truncate font-serif text-xl text-navy-900">{l.property || 'Property not entered yet'}</p>
                  </div>
                  <StageBadge stage={l.stage} />
                </div>
                <p className="text-sm text-muted">
                  {[l.loanAmount !== null ? usd(l.loanAmount) : null, l.purpose ? labelOf(LOAN_PURPOSES, l.purpose) : null]
                    .filter(Boolean)
                    .join(' · ') || 'Amount not entered yet'}
                </p>
                {l.nextStep && (
                  <p className="rounded-lg bg-brass-50 px-3 py-2 text-sm font-medium text-brass-900">
                    <span className="sr-only">Next step: </span>
                    {l.nextStep}
                  </p>
                )}
                <Link
                  to={href}
                  className="mt-auto inline-flex min-h-11 items-center gap-1 self-start text-sm font-semibold text-navy-800 hover:underline"
                >
                  {l.stage === 'draft' ? 'Continue application' : 'Open loan'}
                  <span className="sr-only"> {l.reference ?? ''}</span>
                  <ArrowRight aria-hidden className="size-4" />
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
