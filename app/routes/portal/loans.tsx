/** /dashboard/loans, the borrower dashboard (spec §2): borrowers only. */
import { FileText } from 'lucide-react';
import type { Route } from './+types/loans';
import { EmptyState, PageHeader } from '~/components/layout/dashboard-shell';
import { requireRole } from '~/server/guards.server';

export async function loader({ request }: Route.LoaderArgs) {
  const viewer = await requireRole(request, 'borrower');
  // Spec §2: profile name, then the auth name, then the e-mail prefix, then 'User'.
  const name = viewer.name.trim() || viewer.email.split('@')[0] || 'User';
  return { name };
}

export default function BorrowerDashboard({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader title={`Welcome, ${loaderData.name}`} subtitle="Your loan documents and notifications in one place." />
      <EmptyState icon={FileText} title="No documents yet">
        Documents you share with our team will be listed here.
      </EmptyState>
    </>
  );
}

export const meta: Route.MetaFunction = () => [{ title: 'Borrower Portal | Ormsby Lending' }];
