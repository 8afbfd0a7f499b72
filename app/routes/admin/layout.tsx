/**
 * The admin frame (product §2 "Admin area"): sidebar and mobile drawer with Dashboard, Loans,
 * Servicing (issue 24), Distributions (issue 25), Users, Deals, Contacts, Site content (issue "First impression") and Settings; the logo returns to /. Every admin loader and action checks
 * is_admin in the database itself (requireAdmin), this layout included.
 */
import {
  HandCoins,
  Landmark,
  Building2,
  LayoutDashboard,
  MailCheck,
  MessageSquare,
  Newspaper,
  Receipt,
  ScrollText,
  Settings,
  Users,
  Wallet,
} from 'lucide-react';
import { Outlet, useRouteLoaderData } from 'react-router';
import { RouteErrorPage } from '~/components/layout/error-page';
import type { Route } from './+types/layout';
import { DashboardShell, type ShellLink } from '~/components/layout/dashboard-shell';
import { requireAdmin } from '~/server/guards.server';

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireAdmin({ request, context });
  return { viewer };
}

const links: ShellLink[] = [
  { to: '/admin-dashboard', label: 'Dashboard', icon: LayoutDashboard, end: true },
  { to: '/admin-dashboard/loans', label: 'Loans', icon: Landmark },
  { to: '/admin-dashboard/servicing', label: 'Servicing', icon: Wallet },
  { to: '/admin-dashboard/distributions', label: 'Distributions', icon: HandCoins },
  { to: '/admin-dashboard/tax', label: 'Tax statements', icon: Receipt },
  { to: '/admin-dashboard/users', label: 'Users', icon: Users },
  { to: '/admin-dashboard/deals', label: 'Deals', icon: Building2 },
  { to: '/admin-dashboard/contacts', label: 'Contacts', icon: MessageSquare },
  { to: '/admin-dashboard/content', label: 'Site content', icon: Newspaper },
  { to: '/admin-dashboard/settings', label: 'Settings', icon: Settings },
  { to: '/admin-dashboard/mail', label: 'Mail log', icon: MailCheck },
  { to: '/admin-dashboard/audit', label: 'Audit log', icon: ScrollText },
];

export default function AdminLayout({ loaderData: { viewer } }: Route.ComponentProps) {
  return (
    <DashboardShell area="Admin" links={links} viewerName={viewer.name} viewerDetail={viewer.email}>
      <Outlet />
    </DashboardShell>
  );
}

/** An admin page that fails keeps the sidebar (when this layout's own loader succeeded). */
export function ErrorBoundary() {
  const data = useRouteLoaderData<typeof loader>('routes/admin/layout');
  const page = <RouteErrorPage back={{ to: '/admin-dashboard', label: 'Back to the dashboard' }} />;
  if (!data)
    return (
      <main id="main" className="flex flex-1 flex-col bg-ivory">
        {page}
      </main>
    );
  return (
    <DashboardShell area="Admin" links={links} viewerName={data.viewer.name} viewerDetail={data.viewer.email}>
      {page}
    </DashboardShell>
  );
}
