/**
 * The borrower/investor portal frame (product §2 "Sidebar and mobile drawer"): links to
 * /dashboard/loans (borrowers), /dashboard/investments (investors), /admin-dashboard (admins)
 * and /dashboard/profile (all). Each page checks its own role in its loader.
 */
import { Briefcase, FileText, LayoutDashboard, UserRound } from 'lucide-react';
import { Outlet } from 'react-router';
import type { Route } from './+types/layout';
import { DashboardShell, type ShellLink } from '~/components/layout/dashboard-shell';
import { roleLabel } from '~/lib/nav';
import { requireUser } from '~/server/guards.server';

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireUser({ request, context });
  return { viewer };
}

export default function PortalLayout({ loaderData: { viewer } }: Route.ComponentProps) {
  const links: ShellLink[] = [
    ...(viewer.isBorrower ? [{ to: '/dashboard/loans', label: 'Borrower Portal', icon: FileText }] : []),
    ...(viewer.isInvestor ? [{ to: '/dashboard/investments', label: 'Investor Portal', icon: Briefcase }] : []),
    ...(viewer.isAdmin ? [{ to: '/admin-dashboard', label: 'Admin Dashboard', icon: LayoutDashboard }] : []),
    { to: '/dashboard/profile', label: 'Profile', icon: UserRound },
  ];
  return (
    <DashboardShell area="Client Portal" links={links} viewerName={viewer.name} viewerDetail={roleLabel(viewer)}>
      <Outlet />
    </DashboardShell>
  );
}
