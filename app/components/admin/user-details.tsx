/**
 * One user's details in the admin directory (/admin-dashboard/users, an expanded row), loaded
 * from the details route when the row opens: their documents (open inline or download through the
 * authorised route), loans, deal interests and sign-up answers, their account forms and, for an
 * investor, the accreditation records with their forms.
 */
import { Download, Eye, Loader2 } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useFetcher } from 'react-router';
import { AccountActions, type AccountView } from '~/components/admin/account-actions';
import { AccreditationActions } from '~/components/admin/accreditation-actions';
import { StageBadge } from '~/components/loans/stage';
import { iconButtonClasses } from '~/components/ui/button';
import { borrowerAnswerRows, investorAnswerRows, type StoredAnswers } from '~/lib/account-answers';
import { formatBytes } from '~/lib/documents';
import { formatDate, usd } from '~/lib/format';
import type { LoanStage } from '~/lib/loans';
import type { AccreditationOverview } from '~/lib/investing';

interface Details {
  account: AccountView;
  self: boolean;
  confirmationNeeded: boolean;
  answers: StoredAnswers & { isBorrower: boolean; isInvestor: boolean };
  documents: { id: string; title: string; fileName: string; fileSize: number; mimeType: string; createdAt: string }[];
  interests: { dealId: string; title: string; location: string; type: string | null; createdAt: string }[];
  loans: { reference: string | null; stage: LoanStage; loanAmount: number | null; submittedAt: string | null }[];
  accreditation: AccreditationOverview | null;
}

/** The details of user `userId`, fetched once when shown. */
export function UserDetails({ userId }: { userId: string }) {
  const fetcher = useFetcher<Details>();
  useEffect(() => {
    if (fetcher.state === 'idle' && !fetcher.data) fetcher.load(`/admin-dashboard/users/${userId}/details`);
  }, [fetcher, userId]);
  if (!fetcher.data)
    return (
      <p className="flex items-center gap-2 py-4 text-sm text-muted">
        <Loader2 aria-hidden className="size-4 animate-spin" /> Loading documents and interests…
      </p>
    );
  const { account, self, confirmationNeeded, answers, documents, interests, loans, accreditation } = fetcher.data;
  const previewable = (mime: string) => /^(application\/pdf|image\/(png|jpeg))/.test(mime);
  const rows = [
    ...(answers.isInvestor ? investorAnswerRows(answers) : []),
    ...(answers.isBorrower ? borrowerAnswerRows(answers) : []),
  ];
  return (
    <div className="grid gap-6 py-4 lg:grid-cols-2">
      <AccountActions userId={userId} account={account} self={self} confirmationNeeded={confirmationNeeded} />
      {accreditation && <AccreditationActions userId={userId} email={account.email} accreditation={accreditation} />}
      <section className="lg:col-span-2">
        <h3 className="font-sans text-sm font-semibold tracking-wide text-muted uppercase">Sign-up answers</h3>
        {rows.length === 0 ? (
          <p className="mt-2 text-sm text-muted">No answers (an account without a borrower or investor role)</p>
        ) : (
          <dl className="mt-2 grid gap-x-8 gap-y-3 rounded-lg border border-line bg-surface p-4 text-sm sm:grid-cols-2 xl:grid-cols-3">
            {rows.map(([label, value]) => (
              <div key={label} className="min-w-0">
                <dt className="text-muted">{label}</dt>
                <dd className="mt-0.5 font-medium break-words whitespace-pre-line text-ink">
                  {value ?? <span className="font-normal text-muted">Not provided</span>}
                </dd>
              </div>
            ))}
          </dl>
        )}
      </section>
      {answers.isBorrower && (
        <section className="lg:col-span-2">
          <h3 className="font-sans text-sm font-semibold tracking-wide text-muted uppercase">Loans</h3>
          {loans.length === 0 ? (
            <p className="mt-2 text-sm text-muted">No submitted loans</p>
          ) : (
            <ul className="mt-2 flex flex-wrap gap-2">
              {loans.map((l) => (
                <li key={l.reference}>
                  <Link
                    to={`/admin-dashboard/loans/${l.reference}`}
                    className="inline-flex min-h-11 items-center gap-2 rounded-lg border border-line bg-surface px-3 text-sm hover:border-navy-400"
                  >
                    <span className="font-semibold text-navy-900">{l.reference}</span>
                    <StageBadge stage={l.stage} />
                    {l.loanAmount !== null && <span className="text-muted">{usd(l.loanAmount)}</span>}
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
      <section>
        <h3 className="font-sans text-sm font-semibold tracking-wide text-muted uppercase">Documents</h3>
        {documents.length === 0 ? (
          <p className="mt-2 text-sm text-muted">No documents found</p>
        ) : (
          <ul className="mt-2 grid gap-2">
            {documents.map((d) => (
              <li
                key={d.id}
                className="flex items-center justify-between gap-3 rounded-lg border border-line bg-surface px-3 py-2 text-sm"
              >
                <span className="min-w-0">
                  <span className="block truncate font-medium text-navy-900">{d.title}</span>
                  <span className="text-xs text-muted">
                    {d.fileName} · {formatBytes(d.fileSize)} · {formatDate(d.createdAt)}
                  </span>
                </span>
                <span className="flex shrink-0 gap-1">
                  {previewable(d.mimeType) && (
                    <a
                      href={`/documents/${d.id}/download?inline=1`}
                      target="_blank"
                      rel="noreferrer"
                      className={iconButtonClasses()}
                    >
                      <Eye aria-hidden className="size-4" />
                      <span className="sr-only">Open {d.title}</span>
                    </a>
                  )}
                  <a href={`/documents/${d.id}/download`} className={iconButtonClasses()}>
                    <Download aria-hidden className="size-4" />
                    <span className="sr-only">Download {d.title}</span>
                  </a>
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section>
        <h3 className="font-sans text-sm font-semibold tracking-wide text-muted uppercase">Deal interests</h3>
        {interests.length === 0 ? (
          <p className="mt-2 text-sm text-muted">No deal interests found</p>
        ) : (
          <ul className="mt-2 grid gap-2">
            {interests.map((i) => (
              <li key={i.dealId} className="rounded-lg border border-line bg-surface px-3 py-2 text-sm">
                <Link to={`/deal/${i.dealId}`} className="font-medium text-navy-900 hover:underline">
                  {i.title}
                </Link>
                <span className="block text-xs text-muted">
                  {[i.location, i.type].filter(Boolean).join(' · ')} · since {formatDate(i.createdAt)}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
