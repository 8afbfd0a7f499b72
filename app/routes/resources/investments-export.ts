/**
 * GET /dashboard/investments/export: the investor's own positions as CSV (issue 25 "Portfolio":
 * CSV export): each position's deal, amount, share, investor rate, loan status, principal
 * received and outstanding, interest received and next expected payment, as of the lender's
 * today, money in dollars and cents (exact, from cents), formula-safe cells (csv.server.ts).
 * The investor's own figures only (no step-up: nobody else's data is in it). Investors only;
 * anyone else is sent away by the guard.
 */
import { shareText } from '~/lib/returns/positions';
import type { Route } from './+types/investments-export';
import { decimalDollars, lenderDay } from '~/lib/format';
import { POSITION_STATUSES } from '~/lib/returns/vocabulary';
import { labelOf } from '~/lib/vocabulary';
import { csvResponse, toCsv } from '~/server/csv.server';
import type { PortfolioPosition } from '~/lib/returns/portfolio';
import { investorPortfolio } from '~/server/domain/returns/portfolio.server';
import { requireRole } from '~/server/guards.server';

const HEADER = [
  'Deal',
  'Funded on',
  'Amount (USD)',
  'Share of the note',
  'Investor rate (%)',
  'Loan status',
  'Principal received (USD)',
  'Principal outstanding (USD)',
  'Interest received (USD)',
  'Next payment date',
  'Next payment expected (USD)',
];

/** One position as a CSV row: days 'YYYY-MM-DD', money in dollars and cents without symbols. */
function csvRow(p: PortfolioPosition): string[] {
  return [
    p.dealTitle,
    p.fundedOn,
    decimalDollars(p.amountCents),
    shareText(p.amountCents, p.noteAmountCents),
    String(p.investorRatePercent),
    labelOf(POSITION_STATUSES, p.status) ?? p.status,
    decimalDollars(p.principalReceivedCents),
    decimalDollars(p.principalOutstandingCents),
    decimalDollars(p.interestReceivedCents),
    p.nextPayment?.dueOn ?? '',
    p.nextPayment ? decimalDollars(p.nextPayment.amountCents) : '',
  ];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireRole({ request, context }, 'investor');
  const today = lenderDay();
  const { positions } = await investorPortfolio(viewer.id, today);
  return csvResponse(toCsv(HEADER, positions.map(csvRow)), `positions-${today}.csv`);
}
