/**
 * The draws part of a loan page (issue 24 "Draw requests"), for the lead to place on the
 * borrower's and the staff's loan pages: the holdback budget by line (budget, drawn, in open
 * draws, remaining), the loan's draws with their statuses and dates, and for the borrower the
 * link to request one, with the draw fee. Data: `loanDraws(l)` (domain/servicing/draws.server.ts).
 */
import { Link } from 'react-router';
import { BudgetTable } from '~/components/servicing/budget-table';
import { DrawList } from '~/components/servicing/draw-list';
import { buttonClasses } from '~/components/ui/button';
import { Card, CardHeader } from '~/components/ui/card';
import { usdCents } from '~/lib/format';
import type { LoanDrawsView } from '~/lib/servicing/draws';

export interface LoanDrawsProps {
  view: LoanDrawsView;
  /** The borrower's 'Request a draw' page (shown while `view.canRequest`); staff pass none. */
  newDrawHref?: string;
  /** Staff: the page of draw `number`. */
  linkTo?: (number: number) => string;
}

export function LoanDraws({ view, newDrawHref, linkTo }: LoanDrawsProps) {
  return (
    <Card aria-labelledby="loan-draws">
      <CardHeader
        id="loan-draws"
        title="Draws"
        action={
          newDrawHref && view.canRequest ? (
            <Link to={newDrawHref} className={buttonClasses('navy', 'sm')}>
              Request a draw
            </Link>
          ) : undefined
        }
      />
      <BudgetTable budget={view.budget} />
      <div className="mt-6">
        <DrawList draws={view.draws} linkTo={linkTo} />
      </div>
      {newDrawHref && view.feeCents > 0 && (
        <p className="mt-4 text-sm text-muted">Each draw carries a {usdCents(view.feeCents)} fee, charged when it is funded.</p>
      )}
    </Card>
  );
}
