/**
 * The payoff quotes of a loan (issue 24 "Payoff quote": each quote recorded), newest first: when
 * it was asked and by whom, the good-through day, the total and the link to its PDF
 * (`{pdfBase}/payoff-quotes/{id}`). Shared by the borrower's and staff's payoff pages.
 */
import { Table, Th } from '~/components/ui/table';
import { formatCalendarDay, formatDateTime, usdCents } from '~/lib/format';
import type { PayoffQuoteSummary } from '~/lib/servicing/payoff';

export function QuoteList({
  quotes,
  pdfBase,
  staff = false,
}: {
  quotes: readonly PayoffQuoteSummary[];
  /** The loan's borrower page path ('/dashboard/loans/OL-2026-00042'), under which the PDFs are served. */
  pdfBase: string;
  /** Staff see who asked. */
  staff?: boolean;
}) {
  if (quotes.length === 0) return <p className="text-sm text-muted">No payoff quote yet.</p>;
  return (
    <Table label="Payoff quotes" minWidth={440}>
      <thead>
        <tr>
          <Th>Asked</Th>
          <Th>Good through</Th>
          <Th className="text-right">Total</Th>
          <Th>PDF</Th>
        </tr>
      </thead>
      <tbody>
        {quotes.map((q) => (
          <tr key={q.id} className="border-t border-line align-top">
            <td className="py-3 pr-4 text-sm">
              {formatDateTime(q.createdAt)}
              <span className="block text-xs text-muted">
                {q.by === 'borrower' ? 'by the borrower' : staff ? `by ${q.requestedByName ?? 'staff'}` : 'by our staff'}
              </span>
            </td>
            <td className="py-3 pr-4 text-sm whitespace-nowrap">{formatCalendarDay(q.goodThrough)}</td>
            <td className="py-3 pr-4 text-right text-sm font-semibold whitespace-nowrap tabular-nums">
              {usdCents(q.totalCents)}
            </td>
            <td className="py-3 text-sm">
              <a
                href={`${pdfBase}/payoff-quotes/${q.id}`}
                className="inline-flex min-h-11 items-center font-semibold text-navy-700 hover:underline sm:min-h-0"
              >
                Quote PDF<span className="sr-only">, good through {formatCalendarDay(q.goodThrough)}</span>
              </a>
            </td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
