/**
 * /dashboard/investments, the investor dashboard (product §2; product decisions; issue
 * "Investing"; issue 25 "Portfolio"): on top the 'Portfolio' (positions, totals, distributions by
 * month, CSV export; components/returns/portfolio-card.tsx), then 'My investments', the amounts the investor indicated with their status and the
 * totals by status; 'Investment Opportunities' with the 3 top deals (followed first, then
 * Active, then newest), 'View All' to /dashboard/deals; and 'Investment Notifications' with
 * 'Mark as read'.
 */
import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import type { Route } from './+types/investments';
import { DealGrid } from '~/components/deals/deal-grid';
import { STATUS_TONES } from '~/components/deals/invest-panel';
import { Badge } from '~/components/ui/badge';
import { Card, CardHeader } from '~/components/ui/card';
import { Table, Th } from '~/components/ui/table';
import { formatDate, usd } from '~/lib/format';
import { commitmentLabel } from '~/lib/investing';
import { PageHeader } from '~/components/layout/dashboard-shell';
import { NotificationList } from '~/components/notifications/notification-list';
import { INVESTOR_SUMMARY_SIZE } from '~/lib/deals';
import { INTEREST_NOTIFICATION_TITLES } from '~/server/domain/investing/deals.server';
import { ACCREDITATION_NOTIFICATION_TITLES } from '~/server/domain/investing/accreditation.server';
import { COMMITMENT_NOTIFICATION_TITLES } from '~/server/domain/investing/investments.server';
import { myInvestments } from '~/server/domain/investing/my-investments.server';
import { DISTRIBUTION_NOTIFICATION_TITLES } from '~/server/domain/returns/distributions.server';
import { LOAN_UPDATE_NOTIFICATION_TITLES } from '~/server/domain/returns/updates.server';
import { markNotificationRead } from '~/server/domain/notifications.server';
import { answer, answerRefusals } from '~/server/answers.server';
import { NotFound } from '~/server/errors.server';
import { readForm, readIntent } from '~/server/forms.server';
import { z } from 'zod';
import { requireRole } from '~/server/guards.server';
import { PortfolioCard } from '~/components/returns/portfolio-card';
import { lenderDay } from '~/lib/format';

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireRole({ request, context }, 'investor');
  // One statement for the whole page (issue 26): the portfolio, the amounts, the deals, the notifications.
  return myInvestments(viewer.id, lenderDay(), {
    titles: [
      ...INTEREST_NOTIFICATION_TITLES,
      ...COMMITMENT_NOTIFICATION_TITLES,
      ...ACCREDITATION_NOTIFICATION_TITLES,
      ...DISTRIBUTION_NOTIFICATION_TITLES,
      ...LOAN_UPDATE_NOTIFICATION_TITLES,
    ],
    notificationLimit: 5,
    dealsSize: INVESTOR_SUMMARY_SIZE,
  });
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireRole({ request, context }, 'investor');
  return answerRefusals(async () => {
    const { id } = readIntent(await readForm(request), z.object({ intent: z.literal('read'), id: z.string().max(100) }));
    if (!(await markNotificationRead(viewer.id, id))) throw new NotFound('Notification not found.', 'Notification not found');
    return answer({ ok: true });
  });
}

function MyInvestments({ commitments, totals }: Pick<Route.ComponentProps['loaderData'], 'commitments' | 'totals'>) {
  return (
    <Card aria-labelledby="my-investments" className="mb-8">
      <CardHeader id="my-investments" title="My investments" />
      <dl className="grid grid-cols-2 gap-4 sm:grid-cols-4">
        {(['indicated', 'waitlisted', 'confirmed', 'funded'] as const).map((status) => (
          <div key={status} className="rounded-lg bg-ivory p-4">
            <dt className="text-sm text-muted">{commitmentLabel(status)}</dt>
            <dd className="mt-1 font-serif text-2xl text-navy-950">{usd(totals[status])}</dd>
          </div>
        ))}
      </dl>
      {commitments.length === 0 ? (
        <p className="mt-5 text-sm text-muted">
          You have not indicated an amount yet. Open a deal to read its data room and indicate an amount: it is not binding until
          we confirm it.
        </p>
      ) : (
        <div className="mt-5">
          <Table minWidth={560} label="Your amounts">
            <thead>
              <tr className="border-b border-line">
                <Th>Deal</Th>
                <Th>Amount</Th>
                <Th>Status</Th>
                <Th>Since</Th>
              </tr>
            </thead>
            <tbody>
              {commitments.map((c) => (
                <tr key={c.id} className="border-b border-line last:border-0">
                  <td className="py-3 pr-4">
                    <Link to={`/deal/${c.dealId}`} className="font-medium text-navy-900 hover:underline">
                      {c.dealTitle}
                    </Link>
                  </td>
                  <td className="py-3 pr-4 font-semibold text-navy-900">{usd(c.amount)}</td>
                  <td className="py-3 pr-4">
                    <Badge tone={STATUS_TONES[c.status]}>{commitmentLabel(c.status)}</Badge>
                  </td>
                  <td className="py-3 text-sm text-muted">{formatDate(c.statusChangedAt)}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        </div>
      )}
    </Card>
  );
}

export default function InvestorDashboard({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader
        title="Investment Opportunities"
        subtitle="Deeds of trust secured by real estate in Nevada and California."
        actions={
          <Link
            to="/dashboard/deals"
            className="inline-flex min-h-11 items-center gap-2 font-semibold text-navy-800 hover:underline"
          >
            View All <span className="sr-only">deals</span>
            <ArrowRight aria-hidden className="size-4" />
          </Link>
        }
      />
      <PortfolioCard portfolio={loaderData.portfolio} />
      <MyInvestments commitments={loaderData.commitments} totals={loaderData.totals} />
      <div className="grid gap-6 2xl:grid-cols-[minmax(0,1fr)_22rem]">
        <DealGrid deals={loaderData.deals} canFollow />
        <div>
          <NotificationList title="Investment Notifications" items={loaderData.notifications} />
        </div>
      </div>
    </>
  );
}

export const meta: Route.MetaFunction = () => [{ title: 'Investor Portal | Ormsby Lending' }];
