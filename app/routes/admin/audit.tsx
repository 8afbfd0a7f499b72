/**
 * /admin-dashboard/audit, the audit log (product decisions): every admin action — deal created,
 * edited, deleted, restored; contact status changed; password changed; every staff action on
 * a loan (issue "The loan file"), sign-ins, document views, account and role changes (issue
 * "Security and scale") — with who, when and what; filtered by person, action and days, 50 a
 * page, and exported as CSV (the export route). Admins only.
 */
import { ScrollText } from 'lucide-react';
import { Form, Link } from 'react-router';
import type { Route } from './+types/audit';
import { EmptyState, PageHeader } from '~/components/layout/dashboard-shell';
import { Field, SelectField } from '~/components/forms';
import { Button, buttonClasses } from '~/components/ui/button';
import { Pager } from '~/components/ui/pager';
import { ExportCsvForm } from '~/components/admin/export-csv-form';
import { listAuditEvents } from '~/server/domain/audit.server';
import { requireAdmin } from '~/server/guards.server';
import { confirmationNeeded } from '~/server/step-up.server';
import { formatDateTime } from '~/lib/format';
import {
  AUDIT_ACTIONS,
  AUDIT_EXPORT_MAX,
  AUDIT_PAGE_SIZE,
  auditActionLabel,
  auditChange,
  auditQuery,
  auditSubject,
} from '~/lib/audit';
import { parseSearch } from '~/lib/search-params';
import { cardClasses } from '~/components/ui/card';
import { Table, Th } from '~/components/ui/table';
import { EmailAddress } from '~/components/ui/email-address';

export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await requireAdmin({ request, context });
  const { page, ...filters } = parseSearch(new URL(request.url), auditQuery);
  const list = await listAuditEvents(filters, page);
  return { ...list, filters, confirmationNeeded: await confirmationNeeded(admin) };
}

const ACTION_OPTIONS = Object.entries(AUDIT_ACTIONS).map(([value, label]) => ({ value, label }));

type AuditRow = Route.ComponentProps['loaderData']['events'][number];
type Filters = Route.ComponentProps['loaderData']['filters'];

/** The filters as a GET form: person, action, from and to (days in the lender's zone). */
function AuditFilters({ filters }: { filters: Filters }) {
  return (
    <Form method="get" className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-[2fr_2fr_1fr_1fr_auto] xl:items-end">
      <Field
        label="Person"
        hint="E-mail, as actor or subject"
        inputProps={{ name: 'who', type: 'search', defaultValue: filters.who }}
      />
      <SelectField
        label="Action"
        placeholder="Any action"
        options={ACTION_OPTIONS}
        selectProps={{ name: 'action', defaultValue: filters.action ?? '' }}
      />
      <Field label="From" inputProps={{ name: 'from', type: 'date', defaultValue: filters.from ?? '' }} />
      <Field label="To" inputProps={{ name: 'to', type: 'date', defaultValue: filters.to ?? '' }} />
      <div className="flex gap-2">
        <Button type="submit" variant="navy">
          Filter
        </Button>
        <Link to="/admin-dashboard/audit" className={buttonClasses('secondary')}>
          Clear
        </Link>
      </div>
    </Form>
  );
}

/** The object an event acted on, named, with a link to it while it exists. */
function Subject({ e }: { e: AuditRow }) {
  const { label, href } = auditSubject(e);
  if (!href) return <span className="text-muted">{label}</span>;
  return (
    <Link
      className="inline-flex min-h-11 items-center font-medium text-navy-800 underline-offset-4 hover:underline sm:min-h-0"
      to={href}
    >
      {label}
    </Link>
  );
}

export default function AuditLog({ loaderData }: Route.ComponentProps) {
  const { events, total, page, pageCount, filters } = loaderData;
  const filtered = Object.values(filters).some(Boolean);
  return (
    <>
      <PageHeader
        title="Audit log"
        subtitle={`Sign-ins, staff actions and document views: who, when and what. ${total} ${total === 1 ? 'event' : 'events'}${filtered ? ' match' : ''}.`}
      />
      <section className={cardClasses('none', 'grid grid-cols-1 gap-6 p-6')}>
        <AuditFilters filters={filters} />
        <div className="flex flex-col gap-2 border-t border-line pt-4 sm:flex-row sm:items-end sm:justify-between">
          <p className="text-sm text-muted">
            The export holds the newest {AUDIT_EXPORT_MAX.toLocaleString('en-US')} events at most.
          </p>
          <ExportCsvForm action="/admin-dashboard/audit/export" fields={filters} confirm={loaderData.confirmationNeeded} />
        </div>
        {events.length === 0 ? (
          <EmptyState icon={ScrollText} title={filtered ? 'No events match these filters' : 'No admin actions yet'} />
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
              {events.map((e) => (
                <tr key={e.id} className="border-t border-line text-sm">
                  <td className="py-3 pr-4 whitespace-nowrap text-muted">{formatDateTime(e.createdAt)}</td>
                  <td className="py-3 pr-4">{e.actorEmail ? <EmailAddress email={e.actorEmail} /> : 'Unknown'}</td>
                  <td className="py-3 pr-4 font-medium text-navy-900">{auditActionLabel(e.action)}</td>
                  <td className="py-3">
                    <Subject e={e} />
                    {auditChange(e) && <span className="ml-2 text-muted">{auditChange(e)}</span>}
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
        <Pager page={page} pageCount={pageCount} total={total} pageSize={AUDIT_PAGE_SIZE} noun="events" />
      </section>
    </>
  );
}

export const meta: Route.MetaFunction = () => [{ title: 'Audit log | Ormsby Lending Admin' }];
