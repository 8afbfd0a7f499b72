/** /admin-dashboard/contacts: View Contacts (spec §2 Admin area), admins only. */
import { MessageSquare } from 'lucide-react';
import type { Route } from './+types/contacts';
import { EmptyState, PageHeader } from '~/components/layout/dashboard-shell';
import { requireAdmin } from '~/server/guards.server';

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return null;
}

export default function AdminContacts() {
  return (
    <>
      <PageHeader title="View Contacts" subtitle="Review contact inquiries and messages" />
      <EmptyState icon={MessageSquare} title="Nothing to show yet" />
    </>
  );
}

export const meta: Route.MetaFunction = () => [{ title: 'View Contacts | Ormsby Lending Admin' }];
