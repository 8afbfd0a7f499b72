/**
 * What My investments (/dashboard/investments) shows of an investor, in one statement (issue 26,
 * decision 0010 "Seventh pass"): the portfolio (returns/portfolio.server.ts `portfolioParts`), the
 * amounts they have indicated (`commitmentsPart`), the first page of their deals in the
 * investor's order (`dealsFirstPageParts`) and their newest notifications (`notificationsPart`),
 * each read back as its own function answers it (`investorPortfolio`, `investorCommitments`,
 * `listDeals`, `listNotifications`; tests/integration/returns-portfolio.test.ts compares them).
 */
import { sql } from 'drizzle-orm';
import { noArgument, preparedParts } from '../../db/prepared.server';
import { notificationsPart } from '../notifications.server';
import { portfolioParts, portfolioValues, portfolioView } from '../returns/portfolio.server';
import { dealsFirstPageParts, firstPageValues, firstPageView } from './deals.server';
import { commitmentsPart, commitmentsView } from './investments.server';

const investor = sql.placeholder('investorId');

const myInvestmentsRead = preparedParts('my_investments', {
  ...portfolioParts,
  commitments: (r) => commitmentsPart(r, investor),
  ...dealsFirstPageParts('all'),
  notifications: (r) => notificationsPart(r, investor),
});

/**
 * My investments of `investorId` on the lender's `today`: `portfolio` (positions, totals, months),
 * `commitments` and their open `totals` (whole dollars), the first `dealsSize` `deals` of every
 * deal in the investor's order with their `total`, and the newest `notificationLimit`
 * `notifications` whose title is one of `titles`.
 */
export async function myInvestments(
  investorId: string,
  today: string,
  opts: { titles: readonly string[]; notificationLimit: number; dealsSize: number },
) {
  const parts = await myInvestmentsRead({
    ...noArgument,
    values: {
      ...portfolioValues(investorId, today),
      ...firstPageValues(investorId, opts.dealsSize),
      titles: opts.titles,
      notificationLimit: opts.notificationLimit,
    },
  });
  const { deals, total } = firstPageView(parts, opts.dealsSize);
  return {
    portfolio: portfolioView(parts, today),
    ...commitmentsView(parts.commitments),
    deals,
    total,
    notifications: parts.notifications,
  };
}
