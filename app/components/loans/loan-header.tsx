/**
 * The head of a loan's pages (issue "The loan file"): the way back (`back`), 'Loan
 * {reference}', its stage, property and amount (the accepted term sheet's once there is one;
 * issue 23), and the page's `actions`.
 */
import { ChevronLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '~/components/layout/dashboard-shell';
import { usd } from '~/lib/format';
import type { LoanStage } from '~/lib/loans';
import { StageBadge } from './stage';

/** A link back to `to`, labelled `label`, above a page's title. */
export function BackLink({ to, label }: { to: string; label: string }) {
  return (
    <Link to={to} className="mb-4 inline-flex min-h-11 items-center gap-1 text-sm font-semibold text-navy-700 hover:underline">
      <ChevronLeft aria-hidden className="size-4" /> {label}
    </Link>
  );
}

export function LoanHeader({
  back,
  reference,
  stage,
  property,
  loanAmount,
  acceptedAmount = null,
  actions,
}: {
  back: { to: string; label: string };
  reference: string | null;
  stage: LoanStage;
  property: string;
  loanAmount: number | null;
  /** The amount of the accepted term sheet, whole dollars: shown instead of the amount asked. */
  acceptedAmount?: number | null;
  actions?: ReactNode;
}) {
  return (
    <>
      <BackLink {...back} />
      <PageHeader
        title={`Loan ${reference}`}
        subtitle={
          <span className="flex flex-wrap items-center gap-2">
            <StageBadge stage={stage} />
            <span>
              {property}
              {acceptedAmount !== null
                ? ` · ${usd(acceptedAmount)} accepted`
                : loanAmount !== null && ` · ${usd(loanAmount)} requested`}
            </span>
          </span>
        }
        actions={actions}
      />
    </>
  );
}
