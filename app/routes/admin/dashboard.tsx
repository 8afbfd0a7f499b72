/**
 * /admin-dashboard (product §2 Admin Dashboard): Total Users, Active Deals, Contact Inquiries and
 * Recent Activity (inquiries of the last 7 days); the 5 newest users and inquiries with 'View
 * All Inquiries & Reply'; quick actions; a chart of sign-ups and inquiries per week over the last
 * 12 weeks; and demand across the newest Active deals against their raise (issue "Investing"),
 * a chart with its table; what the public site still lacks (team, track record, pictures: issue
 * 23), each with a link to its editor. Admins only.
 */
import { Activity, Building2, MessageSquare, Users } from 'lucide-react';
import { Link } from 'react-router';
import type { Route } from './+types/dashboard';
import { DemandChart } from '~/components/admin/demand-chart';
import { PageHeader } from '~/components/layout/dashboard-shell';
import { buttonClasses } from '~/components/ui/button';
import { dashboardFigures } from '~/server/domain/admin-dashboard.server';
import { missingSections } from '~/server/domain/content/sample-content.server';
import { SiteGaps } from '~/components/admin/site-gaps';
import { requireAdmin } from '~/server/guards.server';
import { count, formatDate, formatDay } from '~/lib/format';
import { cardClasses } from '~/components/ui/card';
import { LOAN_STAGES } from '~/lib/loans';

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin({ request, context });
  const [f, siteGaps] = await Promise.all([dashboardFigures(), missingSections()]);
  return {
    ...f,
    siteGaps,
    newestUsers: f.newestUsers,
    newestContacts: f.newestContacts,
  };
}

function Stat({ label, value, icon: Icon }: { label: string; value: number; icon: typeof Users }) {
  return (
    <div className={cardClasses('none', 'p-5')}>
      <div className="flex items-center justify-between">
        <p className="text-sm font-medium text-muted">{label}</p>
        <Icon aria-hidden className="size-5 text-brass-600" />
      </div>
      <p className="mt-2 font-serif text-3xl text-navy-900">{count(value)}</p>
    </div>
  );
}

/** The submitted loans in each stage, each a link to the pipeline filtered on it (issue "The loan file"). */
function LoansByStage({ stages }: { stages: Record<string, number> }) {
  const open = LOAN_STAGES.filter((s) => s.value !== 'draft');
  return (
    <section aria-labelledby="loans-by-stage" className={cardClasses('none', 'mt-6 p-6')}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="loans-by-stage" className="text-xl">
          Loans by stage
        </h2>
        <Link
          to="/admin-dashboard/loans"
          className="inline-flex min-h-11 items-center text-sm font-semibold text-navy-800 hover:underline"
        >
          Open the pipeline
        </Link>
      </div>
      <ul className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-5">
        {open.map((s) => (
          <li key={s.value}>
            <Link
              to={`/admin-dashboard/loans?stage=${s.value}`}
              className="block rounded-lg border border-line px-3 py-2 hover:border-navy-400"
            >
              <span className="block text-xs font-medium text-muted">{s.label}</span>
              <span className="font-serif text-2xl text-navy-900">{count(stages[s.value] ?? 0)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

function WeeklyChart({ weeks }: { weeks: { week: string; signups: number; inquiries: number }[] }) {
  const max = Math.max(1, ...weeks.flatMap((w) => [w.signups, w.inquiries]));
  const h = 140;
  return (
    <figure>
      <svg viewBox={`0 0 ${weeks.length * 40} ${h + 24}`} className="h-48 w-full" role="img" aria-labelledby="weekly-title">
        <title id="weekly-title">Sign-ups and inquiries per week, last 12 weeks</title>
        {weeks.map((w, i) => {
          const su = (w.signups / max) * h;
          const iq = (w.inquiries / max) * h;
          return (
            <g key={w.week} transform={`translate(${i * 40 + 6} 0)`}>
              <rect x={0} y={h - su} width={12} height={su} rx={2} className="fill-navy-700" />
              <rect x={14} y={h - iq} width={12} height={iq} rx={2} className="fill-brass-500" />
              {i % 2 === 0 && (
                <text x={13} y={h + 16} textAnchor="middle" className="fill-muted text-[9px]">
                  {formatDay(w.week)}
                </text>
              )}
            </g>
          );
        })}
      </svg>
      <figcaption className="mt-2 flex gap-4 text-sm text-muted">
        <span className="flex items-center gap-1.5">
          <span aria-hidden className="size-3 rounded-sm bg-navy-700" /> Sign-ups
        </span>
        <span className="flex items-center gap-1.5">
          <span aria-hidden className="size-3 rounded-sm bg-brass-500" /> Inquiries
        </span>
      </figcaption>
      {/* The wrapper hides the table: a table's own box ignores sr-only's 1px height and would
          lengthen the page. */}
      <div className="sr-only">
        <table>
          <caption>Per week</caption>
          <thead>
            <tr>
              <th scope="col">Week of</th>
              <th scope="col">Sign-ups</th>
              <th scope="col">Inquiries</th>
            </tr>
          </thead>
          <tbody>
            {weeks.map((w) => (
              <tr key={w.week}>
                <td>{w.week}</td>
                <td>{w.signups}</td>
                <td>{w.inquiries}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}

export default function AdminDashboard({ loaderData }: Route.ComponentProps) {
  const { totals, newestUsers, newestContacts, weeks } = loaderData;
  const card = cardClasses('none', 'min-w-0 p-6');
  return (
    <>
      <PageHeader title="Dashboard" subtitle="Users, deals and inquiries at a glance" />
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <Stat label="Total Users" value={totals.users} icon={Users} />
        <Stat label="Active Deals" value={totals.activeDeals} icon={Building2} />
        <Stat label="Contact Inquiries" value={totals.contacts} icon={MessageSquare} />
        <Stat label="Recent Activity" value={totals.recentInquiries} icon={Activity} />
      </div>
      <SiteGaps gaps={loaderData.siteGaps} />
      <LoansByStage stages={loaderData.loanStages} />
      <section aria-labelledby="demand" className={cardClasses('none', 'mt-6 p-6')}>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="demand" className="text-xl">
            Demand on Active deals
          </h2>
          <Link
            to="/admin-dashboard/deals?status=Active"
            className="inline-flex min-h-11 items-center text-sm font-semibold text-navy-800 hover:underline"
          >
            Manage deals
          </Link>
        </div>
        <p className="mt-1 text-sm text-muted">Funded, confirmed and indicated amounts against each deal's amount to raise.</p>
        <DemandChart deals={loaderData.demand} activeDeals={totals.activeDeals} />
      </section>
      <div className="mt-6 grid gap-6 xl:grid-cols-2">
        <section aria-labelledby="recent-users" className={card}>
          <h2 id="recent-users" className="text-xl">
            Recently joined
          </h2>
          {newestUsers.length === 0 ? (
            <p className="mt-4 text-sm text-muted">No recent users to display</p>
          ) : (
            <ul className="mt-3 divide-y divide-line">
              {newestUsers.map((u) => (
                <li key={u.id} className="flex items-center justify-between gap-3 py-2.5 text-sm">
                  <span className="min-w-0">
                    <span className="block truncate font-medium text-navy-900">{u.name}</span>
                    <span className="block truncate text-muted">{u.email}</span>
                  </span>
                  <span className="shrink-0 text-muted">{formatDate(u.createdAt)}</span>
                </li>
              ))}
            </ul>
          )}
        </section>
        <section aria-labelledby="recent-inquiries" className={card}>
          <h2 id="recent-inquiries" className="text-xl">
            Recent inquiries
          </h2>
          {newestContacts.length === 0 ? (
            <p className="mt-4 text-sm text-muted">No recent contacts to display</p>
          ) : (
            <ul className="mt-3 divide-y divide-line">
              {newestContacts.map((c) => (
                <li key={c.id} className="flex items-center justify-between gap-3 py-2.5 text-sm">
                  <span className="min-w-0">
                    <span className="block truncate font-medium text-navy-900">{c.name}</span>
                    <span className="block truncate text-muted">{c.email}</span>
                  </span>
                  <span className="shrink-0 text-muted">{formatDate(c.createdAt)}</span>
                </li>
              ))}
            </ul>
          )}
          <Link to="/admin-dashboard/contacts" className={buttonClasses('navy', 'md', 'mt-4')}>
            View All Inquiries &amp; Reply
          </Link>
        </section>
      </div>
      <div className="mt-6 grid gap-6 xl:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <section aria-labelledby="weekly" className={card}>
          <h2 id="weekly" className="text-xl">
            Last 12 weeks
          </h2>
          <WeeklyChart weeks={weeks} />
        </section>
        <section aria-labelledby="quick" className={card}>
          <h2 id="quick" className="text-xl">
            Quick actions
          </h2>
          <div className="mt-4 grid gap-3">
            <Link to="/admin-dashboard/loans" className={buttonClasses('secondary')}>
              Loan pipeline
            </Link>
            <Link to="/admin-dashboard/deals" className={buttonClasses('secondary')}>
              Manage deals
            </Link>
            <Link to="/admin-dashboard/users" className={buttonClasses('secondary')}>
              View users
            </Link>
            <Link to="/admin-dashboard/contacts" className={buttonClasses('secondary')}>
              View contacts
            </Link>
          </div>
        </section>
      </div>
    </>
  );
}

export const meta: Route.MetaFunction = () => [{ title: 'Dashboard | Ormsby Lending Admin' }];
