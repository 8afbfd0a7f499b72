/**
 * /dashboard/documents, the investor's 'Documents' (issue 23 "Trust at first sight"): the
 * suitability statements they signed, each with when and a PDF copy
 * (/dashboard/documents/suitability/{dealId}), and the data rooms they acknowledged as
 * confidential, with when. Investors only; their own records only.
 */
import { FileText, LockKeyhole, ShieldCheck } from 'lucide-react';
import { Link } from 'react-router';
import type { Route } from './+types/documents';
import { PageHeader } from '~/components/layout/dashboard-shell';
import { Card, CardHeader } from '~/components/ui/card';
import { formatDateTime } from '~/lib/format';
import { investorDocuments } from '~/server/domain/investing/investor-documents.server';
import { requireRole } from '~/server/guards.server';

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireRole({ request, context }, 'investor');
  return investorDocuments(viewer.id);
}

const dealLink = 'font-medium text-navy-900 underline-offset-2 hover:underline';

export default function InvestorDocuments({ loaderData }: Route.ComponentProps) {
  const { statements, acknowledgements } = loaderData;
  return (
    <>
      <PageHeader title="Documents" subtitle="What you signed and acknowledged, with the date of each" />
      <div className="grid gap-6">
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
                  <a
                    href={`/dashboard/documents/suitability/${s.dealId}`}
                    className="inline-flex min-h-11 items-center gap-2 text-sm font-semibold text-navy-800 hover:underline"
                  >
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
