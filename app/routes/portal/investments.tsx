/**
 * /dashboard/investments, the investor dashboard (product §2; product decisions): 'Investment
 * Opportunities' with the 3 top deals (followed first, then Active, then newest), 'View All'
 * to /dashboard/deals, and 'Investment Notifications' with 'Mark as read'.
 */
import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import type { Route } from './+types/investments';
import { DealGrid } from '~/components/deals/deal-grid';
import { PageHeader } from '~/components/layout/dashboard-shell';
import { NotificationList } from '~/components/notifications/notification-list';
import { INVESTOR_SUMMARY_SIZE } from '~/lib/deals';
import { INTEREST_NOTIFICATION_TITLES, listDeals } from '~/server/domain/deals.server';
import { COMMITMENT_NOTIFICATION_TITLES } from '~/server/domain/investments.server';
import { listNotifications, markNotificationRead } from '~/server/domain/notifications.server';
import { answer, answerRefusals } from '~/server/answers.server';
import { parseFields, readForm } from '~/server/forms.server';
import { z } from 'zod';
import { requireRole } from '~/server/guards.server';

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireRole({ request, context }, 'investor');
  const [top, notifications] = await Promise.all([
    listDeals(viewer.id, { filter: 'all', page: 1, pageSize: INVESTOR_SUMMARY_SIZE, followedFirst: true }),
    listNotifications(viewer.id, [...INTEREST_NOTIFICATION_TITLES, ...COMMITMENT_NOTIFICATION_TITLES], 5),
  ]);
  return {
    deals: top.deals,
    total: top.total,
    notifications,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireRole({ request, context }, 'investor');
  return answerRefusals(async () => {
    const { id } = parseFields(await readForm(request), z.object({ intent: z.literal('read'), id: z.string().max(100) }));
    const ok = await markNotificationRead(viewer.id, id);
    return answer({ ok }, ok ? 200 : 404);
  });
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
