/**
 * A funded loan's monthly statements (issue 24 "Monthly statements"), for the borrower's loan page
 * and staff's review: each statement's interest period, due date, amount due and its PDF (a plain
 * link to the authorised download, routes/resources/loan-statement.ts, so it works without
 * JavaScript; the cells carry their column's name for the stacked rows on phones, also before
 * any script runs). The rows come from the billing domain's `statementsOfLoan`, newest first; the
 * figures are the ledger's as issued (app/lib/servicing/statement.ts).
 */
import { FileText } from 'lucide-react';
import { Card, CardHeader } from '~/components/ui/card';
import { Table, Th } from '~/components/ui/table';
import { formatCalendarDay, usdCents } from '~/lib/format';
import { addDays } from '~/lib/servicing/day-count';
import type { StatementSummary } from '~/lib/servicing/statement';

export interface StatementListProps {
  /** The loan's statements, newest first (`statementsOfLoan`). */
  statements: StatementSummary[];
  /** Staff's wording ("the borrower") instead of the borrower's ("you"). */
  staff?: boolean;
}

/** The statements card: a table of period, due date, amount due and the PDF link, or a sentence when there are none yet. */
export function StatementList({ statements, staff = false }: StatementListProps) {
  return (
    <Card aria-labelledby="statements-title">
      <CardHeader id="statements-title" title="Statements" icon={<FileText aria-hidden className="size-5 text-brass-600" />} />
      {statements.length === 0 ? (
        <p className="text-sm text-muted">
          {staff
            ? 'No statement yet. The first is issued on the first payment date.'
            : 'Your first statement will appear here on your first payment date, and we will e-mail you when it does.'}
        </p>
      ) : (
        <Table label="Statements" minWidth={560}>
          <thead>
            <tr>
              <Th>Interest period</Th>
              <Th>Due date</Th>
              <Th className="sm:text-right">Amount due</Th>
              <Th>
                <span className="sr-only">PDF</span>
              </Th>
            </tr>
          </thead>
          <tbody>
            {statements.map((s) => (
              <tr key={s.id} className="border-t border-line text-sm">
                <td className="py-3 pr-4" data-label="Interest period">
                  {formatCalendarDay(s.periodFrom)} – {formatCalendarDay(addDays(s.periodTo, -1))}
                </td>
                <td className="py-3 pr-4" data-label="Due date">
                  {formatCalendarDay(s.dueOn)}
                </td>
                <td className="py-3 pr-4 font-semibold text-navy-900 tabular-nums sm:text-right" data-label="Amount due">
                  {usdCents(s.amountDueCents)}
                </td>
                <td className="py-3 sm:text-right">
                  <a href={s.href} className="font-semibold text-navy-700 underline underline-offset-2">
                    PDF<span className="sr-only"> of the statement due {formatCalendarDay(s.dueOn)}</span>
                  </a>
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </Card>
  );
}
