/**
 * The borrower/investor portal frame (product §2 "Sidebar and mobile drawer"): links to
 * /dashboard/loans (borrowers), /dashboard/investments and /dashboard/documents (investors), /admin-dashboard (admins)
 * and /dashboard/profile (all). Each page checks its own role in its loader.
 */
import { Briefcase, FileText, FolderOpen, LayoutDashboard, UserRound } from 'lucide-react';
import type { ReactNode } from 'react';
import { Outlet, useRouteLoaderData } from 'react-router';
import { RouteErrorPage } from '~/components/layout/error-page';
import type { Route } from './+types/layout';
import { DashboardShell, type ShellLink } from '~/components/layout/dashboard-shell';
import { roleLabel } from '~/lib/nav';
import { requireUser } from '~/server/guards.server';

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireUser({ request, context });
  return { viewer };
}

type PortalViewer = Route.ComponentProps['loaderData']['viewer'];

/** The sidebar and drawer of `viewer`, around `children`. */
function PortalFrame({ viewer, children }: { viewer: PortalViewer; children: ReactNode }) {
  const links: ShellLink[] = [
    ...(viewer.isBorrower ? [{ to: '/dashboard/loans', label: 'Borrower Portal', icon: FileText }] : []),
    ...(viewer.isInvestor
      ? [
          { to: '/dashboard/investments', label: 'Investor Portal', icon: Briefcase },
          { to: '/dashboard/documents', label: 'Documents', icon: FolderOpen },
        ]
      : []),
    ...(viewer.isAdmin ? [{ to: '/admin-dashboard', label: 'Admin Dashboard', icon: LayoutDashboard }] : []),
    { to: '/dashboard/profile', label: 'Profile', icon: UserRound },
  ];
  return (
    <DashboardShell area="Client Portal" links={links} viewerName={viewer.name} viewerDetail={roleLabel(viewer)}>
      {children}
    </DashboardShell>
  );
}

export default function PortalLayout({ loaderData: { viewer } }: Route.ComponentProps) {
  return (
    <PortalFrame viewer={viewer}>
      <Outlet />
    </PortalFrame>
  );
}

/** A portal page that fails keeps the sidebar (when this layout's own loader succeeded). */
export function ErrorBoundary() {
  const data = useRouteLoaderData<typeof loader>('routes/portal/layout');
  const page = <RouteErrorPage back={{ to: '/dashboard', label: 'Back to your portal' }} />;
  return data ? (
    <PortalFrame viewer={data.viewer}>{page}</PortalFrame>
  ) : (
    <main id="main" className="flex flex-1 flex-col bg-ivory">
      {page}
    </main>
  );
}
