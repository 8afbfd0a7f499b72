/**
 * /admin-dashboard/audit, the audit log (product decisions): every admin action — deal created,
 * edited, deleted, restored; contact status changed; password changed; every staff action on
 * a loan (issue "The loan file") — with who, when and what. Admins only.
 */
import { ScrollText } from 'lucide-react';
import { Link } from 'react-router';
import type { Route } from './+types/audit';
import { EmptyState, PageHeader } from '~/components/layout/dashboard-shell';
import { listAuditEvents } from '~/server/domain/audit.server';
import { requireAdmin } from '~/server/guards.server';
import { formatDateTime } from '~/lib/format';
import { labelOf, LOAN_STAGES } from '~/lib/loans';
import { cardClasses } from '~/components/ui/card';
import { Table, Th } from '~/components/ui/table';

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin({ request, context });
  const events = await listAuditEvents(100);
  return { events };
}

const ACTIONS: Record<string, string> = {
  'deal.created': 'Deal created',
  'deal.updated': 'Deal edited',
  'deal.deleted': 'Deal deleted',
  'deal.restored': 'Deal restored',
  'contact.status_changed': 'Contact status changed',
  'admin.password_changed': 'Password changed',
  'loan.stage_moved': 'Loan stage moved',
  'loan.declined': 'Loan declined',
  'loan.item_requested': 'Document requested',
  'loan.item_accepted': 'Document accepted',
  'loan.item_needs_attention': 'Document sent back',
  'loan.term_sheet_issued': 'Term sheet issued',
  'loan.message_sent': 'Message to borrower',
  'loan.note_added': 'Internal note added',
  'sign-in': 'Signed in',
  'sign-in.failed': 'Sign-in failed',
  'two-factor.enabled': 'Two-step verification turned on',
  'two-factor.disabled': 'Two-step verification turned off',
  'document.opened': 'Document opened',
  'document.downloaded': 'Document downloaded',
  'account.disabled': 'Account disabled',
  'account.enabled': 'Account enabled',
  'role.admin_granted': 'Admin access granted',
  'role.admin_removed': 'Admin access removed',
  'account.reset_sent': 'Password reset sent',
  'account.verification_sent': 'Verification e-mail sent',
};

type AuditRow = Route.ComponentProps['loaderData']['events'][number];

/** The change itself, in words: a status move, or nothing more than the action. */
function change(e: AuditRow): string | null {
  if (e.action === 'contact.status_changed') return `${String(e.details.from)} → ${String(e.details.to)}`;
  if (e.action === 'loan.stage_moved')
    return `${labelOf(LOAN_STAGES, String(e.details.from))} → ${labelOf(LOAN_STAGES, String(e.details.to))}`;
  if (e.action.startsWith('loan.item_')) return String(e.details.item);
  // Sign-ins: the step and the client address; staff account changes: the reason given.
  if (e.action.startsWith('sign-in')) return [e.details.step, e.details.clientIp].filter(Boolean).join(' · ');
  if (typeof e.details.reason === 'string') return `“${e.details.reason}”`;
  return null;
}

/** The object an event acted on, named, with a link to it while it exists. */
function Subject({ e }: { e: AuditRow }) {
  const link = 'inline-flex min-h-11 items-center font-medium text-navy-800 underline-offset-4 hover:underline sm:min-h-0';
  if (e.subjectType === 'contact')
    return e.contactEmail ? (
      <Link className={link} to={`/admin-dashboard/contacts?q=${encodeURIComponent(e.contactEmail)}`}>
        Inquiry from {e.contactName} ({e.contactEmail})
      </Link>
    ) : (
      <span className="text-muted">A deleted inquiry</span>
    );
  if (e.subjectType === 'deal')
    return e.dealTitle ? (
      <Link className={link} to={`/admin-dashboard/deals/${e.subjectId}/edit`}>
        {e.dealTitle}
      </Link>
    ) : (
      <span className="text-muted">{typeof e.details.title === 'string' ? e.details.title : 'A deleted deal'}</span>
    );
  if (e.subjectType === 'user')
    return e.userEmail ? (
      <Link className={link} to={`/admin-dashboard/users?q=${encodeURIComponent(e.userEmail)}`}>
        {e.userEmail}
      </Link>
    ) : (
      <span className="text-muted">A deleted account</span>
    );
  if (e.subjectType === 'document')
    return <span>{typeof e.details.title === 'string' ? `Document “${e.details.title}”` : 'A document'}</span>;
  if (e.subjectType === 'loan' && typeof e.details.reference === 'string')
    return (
      <Link className={link} to={`/admin-dashboard/loans/${e.details.reference}`}>
        Loan {e.details.reference}
      </Link>
    );
  return <span className="text-muted">{e.subjectType}</span>;
}

export default function AuditLog({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader title="Audit log" subtitle="The latest 100 admin actions: who, when and what" />
      <section className={cardClasses('none', 'p-6')}>
        {loaderData.events.length === 0 ? (
          <EmptyState icon={ScrollText} title="No admin actions yet" />
        ) : (
          <Table label="Audit events" minWidth={640}>
            <thead>
              <tr>
                <Th>When</Th>
                <Th>Who</Th>
                <Th>Action</Th>
                <Th>What</Th>
              </tr>
            </thead>
            <tbody>
              {loaderData.events.map((e) => (
                <tr key={e.id} className="border-t border-line text-sm">
                  <td className="py-3 pr-4 whitespace-nowrap text-muted">{formatDateTime(e.createdAt)}</td>
                  <td className="py-3 pr-4 break-all">{e.actorEmail ?? 'Unknown'}</td>
                  <td className="py-3 pr-4 font-medium text-navy-900">{ACTIONS[e.action] ?? e.action}</td>
                  <td className="py-3">
                    <Subject e={e} />
                    {change(e) && <span className="ml-2 text-muted">{change(e)}</span>}
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
      </section>
    </>
  );
}

export const meta: Route.MetaFunction = () => [{ title: 'Audit log | Ormsby Lending Admin' }];
