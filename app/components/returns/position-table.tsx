/**
 * The staff's table of positions (issue 25 "Lender's staff": per deal and per investor): each
 * position's investor (on a deal's page) or deal and loan (on an investor's page), amount, share
 * of the note (`shareText`, four decimals), the day funds were received, method, reference and
 * the distributions paid on it. Rows stack as cards on phones (`Table`).
 */
import { Link } from 'react-router';
import { EmailAddress } from '~/components/ui/email-address';
import { Table, Th } from '~/components/ui/table';
import { formatCalendarDay, usdCents } from '~/lib/format';
import { labelOf } from '~/lib/vocabulary';
import { PAYMENT_METHODS } from '~/lib/servicing/vocabulary';

/** A position as the table shows it (domain/returns/positions.server.ts `PositionRow`). */
export interface PositionTableRow {
  id: string;
  investorId: string;
  investorName: string;
  investorEmail: string;
  dealId: string;
  dealTitle: string;
  loanReference: string;
  amountCents: number;
  share: string;
  fundedOn: string;
  method: string;
  reference: string;
  paidCents: number;
}

/** `rows` with their investor (`by` 'deal': a deal's page) or their deal (`by` 'investor'). */
export function PositionTable({
  rows,
  by,
  label,
}: {
  rows: readonly PositionTableRow[];
  by: 'deal' | 'investor';
  label: string;
}) {
  return (
    <Table label={label} minWidth={820}>
      <thead>
        <tr>
          <Th>{by === 'deal' ? 'Investor' : 'Deal'}</Th>
          <Th className="text-right">Amount</Th>
          <Th className="text-right">Share of the note</Th>
          <Th>Funds received</Th>
          <Th>Reference</Th>
          <Th className="text-right">Distributions paid</Th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.id} className="border-t border-line align-top text-sm">
            <td className="py-3 pr-4">
              {by === 'deal' ? (
                <>
                  <Link
                    to={`/admin-dashboard/investors/${r.investorId}`}
                    className="block font-medium text-navy-900 underline-offset-2 hover:underline"
                  >
                    {r.investorName}
                  </Link>
                  <span className="block text-muted">
                    <EmailAddress email={r.investorEmail} />
                  </span>
                </>
              ) : (
                <>
                  <Link
                    to={`/admin-dashboard/deals/${r.dealId}/investors`}
                    className="block font-medium text-navy-900 underline-offset-2 hover:underline"
                  >
                    {r.dealTitle}
                  </Link>
                  <span className="block text-muted">Loan {r.loanReference}</span>
                </>
              )}
            </td>
            <td className="py-3 pr-4 text-right font-medium whitespace-nowrap tabular-nums">{usdCents(r.amountCents)}</td>
            <td className="py-3 pr-4 text-right whitespace-nowrap tabular-nums">{r.share}</td>
            <td className="py-3 pr-4 whitespace-nowrap">
              {formatCalendarDay(r.fundedOn)}
              <span className="block text-xs text-muted">{labelOf(PAYMENT_METHODS, r.method)}</span>
            </td>
            <td className="py-3 pr-4 break-words">{r.reference || <span className="text-muted">—</span>}</td>
            <td className="py-3 text-right whitespace-nowrap tabular-nums">{usdCents(r.paidCents)}</td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
