/**
 * A holdback's budget by line (issue 24 "Draw requests": budget, drawn and remaining per line),
 * with the totals, for the borrower's draw request and the loan pages. Amounts in cents.
 */
import { Table, Th } from '~/components/ui/table';
import { usdCents } from '~/lib/format';
import type { BudgetView } from '~/lib/servicing/draws';

export function BudgetTable({ budget, label = 'Holdback budget' }: { budget: BudgetView; label?: string }) {
  const money = 'py-3 pr-4 text-right tabular-nums last:pr-0';
  return (
    <Table minWidth={440} label={label}>
      <thead>
        <tr className="border-b border-line">
          <Th>Line</Th>
          <Th className="text-right">Budget</Th>
          <Th className="text-right">Drawn</Th>
          <Th className="text-right">In open draws</Th>
          <Th className="text-right">Remaining</Th>
        </tr>
      </thead>
      <tbody>
        {budget.lines.map((l) => (
          <tr key={l.id} className="border-b border-line">
            <td className="py-3 pr-4 font-medium text-navy-900">{l.description}</td>
            <td className={money}>{usdCents(l.budgetCents)}</td>
            <td className={money}>{usdCents(l.drawnCents)}</td>
            <td className={money}>{usdCents(l.pendingCents)}</td>
            <td className={money}>{usdCents(l.remainingCents)}</td>
          </tr>
        ))}
        <tr className="font-semibold text-navy-900">
          <td className="py-3 pr-4">Total</td>
          <td className={money}>{usdCents(budget.totals.budgetCents)}</td>
          <td className={money}>{usdCents(budget.totals.drawnCents)}</td>
          <td className={money}>{usdCents(budget.totals.pendingCents)}</td>
          <td className={money}>{usdCents(budget.totals.remainingCents)}</td>
        </tr>
      </tbody>
    </Table>
  );
}
