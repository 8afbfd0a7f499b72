/**
 * /dashboard/documents, the investor's 'Documents' (issue 23 "Trust at first sight"): the
 * suitability statements they signed, each with when and a PDF copy
 * (/dashboard/documents/suitability/{dealId}), and the data rooms they acknowledged as
 * confidential, with when; and (issue 25 "Documents") the distribution statements of the runs
 * paid to them (PDFs at /dashboard/investments/statements/{number}) and each calendar year's tax
 * statement (1099-INT figures: the year's interest, Expected until staff issue it, then Available
 * with its PDF at /dashboard/documents/tax/{year}). Investors only; their own records only.
 */
import { FileText, Landmark, LockKeyhole, ReceiptText, ShieldCheck } from 'lucide-react';
import { Link } from 'react-router';
import type { Route } from './+types/documents';
import { PageHeader } from '~/components/layout/dashboard-shell';
import { Badge } from '~/components/ui/badge';
import { Card, CardHeader } from '~/components/ui/card';
import { formatCalendarDay, formatDateTime, lenderDay, usdCents } from '~/lib/format';
import { TAX_STATEMENT_STATUSES } from '~/lib/returns/vocabulary';
import { labelOf } from '~/lib/vocabulary';
import { investorDocuments } from '~/server/domain/investing/investor-documents.server';
import { investorDistributions, taxStatements } from '~/server/domain/returns/portfolio.server';
import { requireRole } from '~/server/guards.server';

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireRole({ request, context }, 'investor');
  const [documents, distributions, taxYears] = await Promise.all([
    investorDocuments(viewer.id),
    investorDistributions(viewer.id),
    taxStatements(viewer.id, lenderDay()),
  ]);
  return { ...documents, distributions, taxYears };
}

const pdfLink = 'inline-flex min-h-11 items-center gap-2 text-sm font-semibold text-navy-800 hover:underline';

const dealLink = 'font-medium text-navy-900 underline-offset-2 hover:underline';

export default function InvestorDocuments({ loaderData }: Route.ComponentProps) {
  const { statements, acknowledgements, distributions, taxYears } = loaderData;
  return (
    <>
      <PageHeader
        title="Documents"
        subtitle="Your statements and tax statements, and what you signed and acknowledged, with the date of each"
      />
      <div className="grid gap-6">
        <Card aria-labelledby="distribution-statements">
          <CardHeader
            id="distribution-statements"
            title="Statements"
            icon={<ReceiptText aria-hidden className="size-5 text-brass-700" />}
          />
          {distributions.length === 0 ? (
            <p className="text-sm text-muted">None yet. Each distribution we pay you comes with its statement, listed here.</p>
          ) : (
            <ul className="divide-y divide-line">
              {distributions.map((d) => (
                <li key={d.runNumber} className="flex flex-wrap items-center justify-between gap-x-6 gap-y-2 py-3">
                  <span className="min-w-0">
                    <span className="font-medium text-navy-900">
                      Distribution #{d.runNumber}: {usdCents(d.amountCents)}
                    </span>
                    <span className="block text-sm text-muted">
                      {formatCalendarDay(d.periodFrom)} – {formatCalendarDay(d.periodTo)} · paid {formatCalendarDay(d.paidOn)}
                    </span>
                  </span>
                  <a href={d.statementHref} className={pdfLink}>
                    <FileText aria-hidden className="size-4" />
                    Open the statement (PDF)<span className="sr-only"> of distribution {d.runNumber}</span>
                  </a>
                </li>
              ))}
            </ul>
          )}
        </Card>
        <Card aria-labelledby="tax-statements">
          <CardHeader
            id="tax-statements"
            title="Tax statements"
            icon={<Landmark aria-hidden className="size-5 text-brass-700" />}
          />
          {taxYears.length === 0 ? (
            <p className="text-sm text-muted">
              None yet. A year’s tax statement (1099-INT figures) is expected once we pay you interest in it.
            </p>
          ) : (
            <ul className="divide-y divide-line">
              {taxYears.map((t) => (
                <li key={t.year} className="flex flex-wrap items-center justify-between gap-x-6 gap-y-2 py-3">
                  <span className="min-w-0">
                    <span className="flex flex-wrap items-center gap-2 font-medium text-navy-900">
                      {t.year}: {usdCents(t.interestCents)} interest
                      <Badge tone={t.status === 'available' ? 'success' : 'neutral'}>
                        {labelOf(TAX_STATEMENT_STATUSES, t.status)}
                      </Badge>
                    </span>
                    <span className="block text-sm text-muted">
                      {t.status === 'available'
                        ? `Version ${t.version}${t.version !== null && t.version > 1 ? ' (corrected)' : ''}`
                        : t.inProgress
                          ? 'The interest paid so far this year; the statement follows once the year ends.'
                          : 'The interest paid in the year; the statement is being prepared.'}
                    </span>
                  </span>
                  {t.href && (
                    <a href={t.href} className={pdfLink}>
                      <FileText aria-hidden className="size-4" />
                      Open the tax statement (PDF)<span className="sr-only"> for {t.year}</span>
                    </a>
                  )}
                </li>
              ))}
            </ul>
          )}
        </Card>
        <Card aria-labelledby="statements">
          <CardHeader
            id="statements"
            title="Suitability statements"
            icon={<ShieldCheck aria-hidden className="size-5 text-brass-700" />}
          />
          {statements.length === 0 ? (
            <p className="text-sm text-muted">
              None yet. You sign one on a deal’s page before your first amount in it; its copy appears here.
            </p>
          ) : (
            <ul className="divide-y divide-line">
              {statements.map((s) => (
                <li key={s.dealId} className="flex flex-wrap items-center justify-between gap-x-6 gap-y-2 py-3">
                  <span className="min-w-0">
                    <Link to={`/deal/${s.dealId}`} className={dealLink}>
                      {s.dealTitle}
                    </Link>
                    <span className="block text-sm text-muted">Signed {formatDateTime(s.signedAt)}</span>
                  </span>
                  <a href={`/dashboard/documents/suitability/${s.dealId}`} className={pdfLink}>
                    <FileText aria-hidden className="size-4" />
                    Open the copy (PDF)<span className="sr-only"> of the statement for {s.dealTitle}</span>
                  </a>
                </li>
              ))}
            </ul>
          )}
        </Card>
        <Card aria-labelledby="acknowledgements">
          <CardHeader
            id="acknowledgements"
            title="Data-room acknowledgements"
            icon={<LockKeyhole aria-hidden className="size-5 text-brass-700" />}
          />
          {acknowledgements.length === 0 ? (
            <p className="text-sm text-muted">None yet. A deal’s data room opens once you acknowledge it is confidential.</p>
          ) : (
            <ul className="divide-y divide-line">
              {acknowledgements.map((a) => (
                <li key={a.dealId} className="py-3">
                  <Link to={`/deal/${a.dealId}#data-room`} className={dealLink}>
                    {a.dealTitle}
                  </Link>
                  <span className="block text-sm text-muted">
                    Acknowledged as confidential {formatDateTime(a.acknowledgedAt)}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </Card>
      </div>
    </>
  );
}

export const meta: Route.MetaFunction = () => [{ title: 'Documents | Ormsby Lending' }];
