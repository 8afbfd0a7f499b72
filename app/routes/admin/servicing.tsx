/**
 * /admin-dashboard/servicing, the staff's servicing list (issue 24 "Lender's staff"): every
 * funded loan with its principal outstanding, next due day, days delinquent and bucket, maturity
 * in force, holdback remaining and draws waiting; filters (delinquent, maturing within 60 days,
 * draws waiting), a delinquency bucket, search and paging on the server with the state in the
 * URL, like the other admin lists; the filter's totals above the table and its CSV export
 * (resources/servicing-export.ts). Admins only. Figures as of the lender's today, in cents from
 * the ledger (domain/servicing/portfolio.server.ts).
 */
import { Wallet } from 'lucide-react';
import { Link } from 'react-router';
import type { Route } from './+types/servicing';
import { ExportCsvForm } from '~/components/admin/export-csv-form';
import { EmptyState, PageHeader } from '~/components/layout/dashboard-shell';
import { Badge, type BadgeTone } from '~/components/ui/badge';
import { cardClasses } from '~/components/ui/card';
import { FilterPills, Pager, SearchBox } from '~/components/ui/pager';
import { Table, Th } from '~/components/ui/table';
import { count, formatCalendarDay, lenderDay, usdCents } from '~/lib/format';
import { SERVICING_FILTERS, SERVICING_PAGE_SIZE, servicingQuery } from '~/lib/servicing/portfolio';
import { DELINQUENCY_BUCKETS, type DelinquencyBucket } from '~/lib/servicing/vocabulary';
import { labelOf } from '~/lib/vocabulary';
import { parseSearch } from '~/lib/search-params';
import { listServicing } from '~/server/domain/servicing/portfolio.server';
import { requireAdmin } from '~/server/guards.server';
import { confirmationNeeded } from '~/server/step-up.server';

export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await requireAdmin({ request, context });
  const { q, filter, bucket, page } = parseSearch(new URL(request.url), servicingQuery);
  const today = lenderDay();
  const [list, confirm] = await Promise.all([
    listServicing({ q, filter: filter ?? 'all', bucket, page }, today),
    confirmationNeeded(admin),
  ]);
  return { ...list, q, filter, bucket, today, confirmationNeeded: confirm };
}

const BUCKET_TONE: Record<DelinquencyBucket, BadgeTone> = {
  current: 'success',
  '1-29': 'attention',
  '30-59': 'danger',
  '60-89': 'danger',
  '90-plus': 'danger',
};

/** One figure of the totals. */
function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-lg border border-line bg-ivory px-4 py-3">
      <dt className="text-xs font-semibold tracking-wide text-muted uppercase">{label}</dt>
      <dd className="mt-1 text-2xl font-semibold text-navy-900 tabular-nums">{value}</dd>
    </div>
  );
}

export default function Servicing({ loaderData }: Route.ComponentProps) {
  const { loans, totals, total, page, pageCount, q, filter, bucket, today } = loaderData;
  const filtered = Boolean(q || filter || bucket);
  const hidden: Record<string, string> = {};
  if (filter) hidden.filter = filter;
  if (bucket) hidden.bucket = bucket;
  return (
    <>
      <PageHeader
        title="Servicing"
        subtitle={`Funded loans as of ${formatCalendarDay(today)}: balances from the ledger, days past the oldest unpaid due date.`}
      />
      <section className={cardClasses('none', 'grid grid-cols-1 gap-6 p-6')}>
        <dl aria-label={filtered ? 'Totals of the loans shown' : 'Totals'} className="grid gap-3 sm:grid-cols-3">
          <Figure label={total === 1 ? 'Loan' : 'Loans'} value={count(totals.loans)} />
          <Figure label="Principal outstanding" value={usdCents(totals.principalCents)} />
          <Figure label="Holdback remaining" value={usdCents(totals.holdbackCents)} />
        </dl>
        <div className="grid gap-4">
          <SearchBox q={q} placeholder="Search by reference, property or borrower..." label="Search loans" hidden={hidden} />
          <div className="grid gap-2 sm:grid-cols-[9rem_1fr] sm:items-center">
            <span aria-hidden className="text-xs font-semibold tracking-wide text-muted uppercase">
              Show
            </span>
            <FilterPills label="Show" name="filter" options={SERVICING_FILTERS} current={filter} />
          </div>
          <div className="grid gap-2 sm:grid-cols-[9rem_1fr] sm:items-center">
            <span aria-hidden className="text-xs font-semibold tracking-wide text-muted uppercase">
              Days delinquent
            </span>
            <FilterPills label="Days delinquent" name="bucket" options={DELINQUENCY_BUCKETS} current={bucket} />
          </div>
        </div>
        <div className="flex flex-col gap-2 border-t border-line pt-4 sm:flex-row sm:items-end sm:justify-between">
          <p className="text-sm text-muted">
            The export holds every loan these filters show, with its figures in dollars and cents.
          </p>
          <ExportCsvForm
            action="/admin-dashboard/servicing/export"
            fields={{ q, filter, bucket }}
            confirm={loaderData.confirmationNeeded}
          />
        </div>
        {loans.length === 0 ? (
          <EmptyState icon={Wallet} title={filtered ? 'No loans match.' : 'No funded loans yet.'}>
            {filtered ? (
              <Link to="/admin-dashboard/servicing" className="font-semibold text-navy-800 underline underline-offset-4">
                Show every funded loan
              </Link>
            ) : (
              'A loan appears here once staff confirm its closing record and it is funded.'
            )}
          </EmptyState>
        ) : (
          <Table label="Funded loans" minWidth={840}>
            <thead>
              <tr>
                <Th>Loan and borrower</Th>
                <Th>Property</Th>
                <Th className="text-right">Principal outstanding</Th>
                <Th>Next due</Th>
                <Th>Days delinquent</Th>
                <Th>Maturity</Th>
                <Th className="text-right">Holdback remaining</Th>
                <Th className="text-right">Draws waiting</Th>
              </tr>
            </thead>
            <tbody>
              {loans.map((l) => (
                <tr key={l.id} className="border-t border-line align-top text-sm">
                  <td className="py-3 pr-4">
                    <Link
                      to={`/admin-dashboard/loans/${l.reference}`}
                      className="inline-flex min-h-11 items-center font-semibold whitespace-nowrap text-navy-900 hover:underline sm:min-h-0"
                    >
                      {l.reference}
                    </Link>
                    <span className="block text-ink">{l.borrowerName}</span>
                  </td>
                  <td className="py-3 pr-4">{l.property}</td>
                  <td className="py-3 pr-4 text-right whitespace-nowrap tabular-nums">{usdCents(l.principalCents)}</td>
                  <td className="py-3 pr-4 whitespace-nowrap">{l.nextDueOn ? formatCalendarDay(l.nextDueOn) : 'Matured'}</td>
                  <td className="py-3 pr-4 whitespace-nowrap">
                    <Badge tone={BUCKET_TONE[l.bucket]}>
                      {l.daysDelinquent > 0
                        ? `${l.daysDelinquent} ${l.daysDelinquent === 1 ? 'day' : 'days'}`
                        : labelOf(DELINQUENCY_BUCKETS, l.bucket)}
                    </Badge>
                    {l.pastDueSince && (
                      <span className="mt-1 block text-xs text-muted">since {formatCalendarDay(l.pastDueSince)}</span>
                    )}
                  </td>
                  <td className="py-3 pr-4 whitespace-nowrap">{formatCalendarDay(l.maturityOn)}</td>
                  <td className="py-3 pr-4 text-right whitespace-nowrap tabular-nums">{usdCents(l.holdbackCents)}</td>
                  <td className="py-3 text-right tabular-nums">{l.drawsWaiting || '—'}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
        <Pager page={page} pageCount={pageCount} total={total} pageSize={SERVICING_PAGE_SIZE} noun="loans" />
      </section>
    </>
  );
}

export const meta: Route.MetaFunction = () => [{ title: 'Servicing | Ormsby Lending Admin' }];
