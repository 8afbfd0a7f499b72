/**
 * A term sheet as the borrower and staff see it (issue "The loan file"; issue 23 "Trust at first
 * sight": the term sheet in dollars): every figure (app/lib/term-sheet.ts: amount, rate, the
 * monthly interest-only payment, points in dollars, each fee, holdback, the estimated cash at
 * closing, prepayment terms, expiry), its status, the signature and the signed PDF once accepted.
 * For the borrower of an open, unexpired one: 'Review and accept', which opens the confirmation
 * step (`acceptHref`), and 'Decline', one step (`intent=term-sheet` to the page's action).
 */
import { FileSignature } from 'lucide-react';
import { useFetcher } from 'react-router';
import { Badge } from '~/components/ui/badge';
import { Button, ButtonLink } from '~/components/ui/button';
import { formatDateTime } from '~/lib/format';
import { termSheetFacts, type TermSheetLoanView, type TermSheetTermsView } from '~/lib/term-sheet';
import { useActionAnswer, type ActionAnswer } from '~/lib/use-action-answer';

export interface TermSheetView extends TermSheetTermsView {
  id: string;
  status: string;
  expired: boolean;
  respondedAt: Date | null;
  respondedIp?: string | null;
  signedName: string | null;
  contentHash: string | null;
  signedDocumentId: string | null;
  createdAt: Date;
}

function statusBadge(sheet: TermSheetView, staff: boolean) {
  if (sheet.status === 'accepted') return <Badge tone="success">Accepted</Badge>;
  if (sheet.status === 'declined') return <Badge tone="danger">Declined</Badge>;
  if (sheet.status === 'superseded') return <Badge tone="neutral">Replaced</Badge>;
  if (sheet.expired) return <Badge tone="neutral">Expired</Badge>;
  return <Badge tone="attention">{staff ? "Awaiting the borrower's answer" : 'Awaiting your answer'}</Badge>;
}

/** The figures of `sheet` for `loan` as a definition list (the card and the confirmation step). */
export function TermSheetFigures({ sheet, loan }: { sheet: TermSheetTermsView; loan: TermSheetLoanView }) {
  return (
    <dl className="grid gap-x-8 gap-y-3 text-sm sm:grid-cols-2">
      {termSheetFacts(sheet, loan).map(([label, value]) => (
        <div key={label}>
          <dt className="text-muted">{label}</dt>
          <dd className="mt-0.5 text-base font-semibold text-navy-900 tabular-nums">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function TermSheetCard({
  sheet,
  loan,
  acceptHref,
  staff = false,
}: {
  sheet: TermSheetView;
  loan: TermSheetLoanView;
  /** Staff's view (the review page). */
  staff?: boolean;
  /** The borrower's confirmation step; null for staff or when the loan takes no answer. */
  acceptHref: string | null;
}) {
  const fetcher = useFetcher<ActionAnswer>();
  useActionAnswer(fetcher);
  const open = sheet.status === 'issued' && !sheet.expired;
  return (
    <div>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-muted">Issued {formatDateTime(sheet.createdAt)}</p>
        {statusBadge(sheet, staff)}
      </div>
      <TermSheetFigures sheet={sheet} loan={loan} />
      {sheet.respondedAt && (
        <div className="mt-5 rounded-lg bg-navy-50 px-4 py-3 text-sm text-ink">
          <p>
            {sheet.status === 'accepted' ? 'Accepted' : 'Declined'} {formatDateTime(sheet.respondedAt)}
            {sheet.signedName ? ` and signed "${sheet.signedName}"` : ''}
            {sheet.respondedIp ? ` from ${sheet.respondedIp}` : ''}.
          </p>
          {sheet.contentHash && <p className="mt-1 font-mono text-xs break-all text-muted">SHA-256 {sheet.contentHash}</p>}
          {sheet.signedDocumentId && (
            <a
              href={`/documents/${sheet.signedDocumentId}/download`}
              className="mt-2 inline-flex min-h-11 items-center gap-2 font-semibold text-navy-700 hover:underline"
            >
              <FileSignature aria-hidden className="size-4" /> Download the signed term sheet (PDF)
            </a>
          )}
        </div>
      )}
      {acceptHref && open && (
        <div className="mt-5 flex flex-wrap gap-3">
          <ButtonLink to={acceptHref} variant="navy">
            Review and accept
          </ButtonLink>
          <fetcher.Form method="post">
            <input type="hidden" name="intent" value="term-sheet" />
            <input type="hidden" name="termSheetId" value={sheet.id} />
            <Button type="submit" name="answer" value="decline" variant="secondary" disabled={fetcher.state !== 'idle'}>
              Decline
            </Button>
          </fetcher.Form>
        </div>
      )}
    </div>
  );
}
