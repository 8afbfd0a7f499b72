/**
 * /dashboard/loans/{reference}, the borrower's loan page (issue "The loan file"): borrowers
 * only, and only their own loan (anyone else's is a 404). The status timeline, the term sheet
 * once issued, the document checklist with uploads into each open item, the messages, and
 * the application read-only; first, what happens next and the loan's named contact (issue 23
 * "Trust at first sight"); once funded, its Servicing view and payment history (issue 24). The action takes what a borrower may do: message, decline the term
 * sheet (accepting is signed on /dashboard/loans/{reference}/term-sheet), withdraw. A draft opens
 * the application instead.
 */
import { keepActionHeaders } from '~/lib/route-headers';
import { redirect, useFetcher } from 'react-router';
import { z } from 'zod';
import type { Route } from './+types/loan';
import { ApplicationSummary } from '~/components/loans/application-summary';
import { Checklist } from '~/components/loans/checklist';
import { MessageThread } from '~/components/loans/messages';
import { LoanHeader } from '~/components/loans/loan-header';
import { TermSheetCard } from '~/components/loans/term-sheet';
import { ContactCard, NextSteps } from '~/components/loans/next-steps';
import { LoanTimeline } from '~/components/loans/timeline';
import { LedgerHistory } from '~/components/servicing/ledger-history';
import { LoanDraws } from '~/components/servicing/loan-draws';
import { PayoffLinks } from '~/components/servicing/payoff-links';
import { StatementList } from '~/components/servicing/statement-list';
import { ServicingFigures } from '~/components/servicing/servicing-summary';
import { Card, CardHeader } from '~/components/ui/card';
import { ConfirmAction } from '~/components/ui/confirm-delete';
import { canWithdraw, CLOSED_STAGES, MESSAGE_MAX } from '~/lib/loans';
import { useActionAnswer, type ActionAnswer } from '~/lib/use-action-answer';
import { requestInfo } from '~/load-context';
import { answer, answerRefusals, found } from '~/server/answers.server';
import { documentMaxBytes } from '~/server/domain/loans/documents.server';
import { declineTermSheet } from '~/server/domain/loans/pipeline.server';
import { borrowerLoan, borrowerLoanRead, propertyLine } from '~/server/domain/loans/loan.server';
import { loanFile, postMessage } from '~/server/domain/loans/file.server';
import { withdrawLoan } from '~/server/domain/loans/application.server';
import { statementsOfLoan } from '~/server/domain/servicing/billing.server';
import { loanDraws } from '~/server/domain/servicing/draw-views.server';
import { servicingSummary } from '~/server/domain/servicing/view.server';
import { NotFound } from '~/server/errors.server';
import { readForm, readIntent } from '~/server/forms.server';
import { requireRole } from '~/server/guards.server';
import { toastHeaders } from '~/server/toast.server';
import { limitUserAction } from '~/server/rate-limit.server';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const viewer = await requireRole({ request, context }, 'borrower');
  // The loan and all its parts in one database wait: the parts name the loan by SQL that finds
  // it for this borrower, and nothing is shown unless the loan itself is theirs (issue 26).
  const read = borrowerLoanRead(viewer.id, params.reference);
  const [l, file, servicing, draws, statements] = await Promise.all([
    read.loan,
    loanFile(read, 'borrower'),
    servicingSummary(read, 'borrower'),
    loanDraws(read),
    statementsOfLoan(read.id, params.reference),
  ]);
  if (l?.stage === 'draft') throw redirect(`/dashboard/loans/new?draft=${l.id}`);
  // A submitted loan asked for by its id: its page is at its reference (the statements' links are).
  if (l && l.reference !== params.reference) throw redirect(`/dashboard/loans/${l.reference}`);
  return {
    ...found(file, 'Loan'),
    property: propertyLine(found(l, 'Loan')),
    maxBytes: documentMaxBytes(),
    servicing,
    draws,
    statements,
  };
}

const intent = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('message'), body: z.string().max(MESSAGE_MAX) }),
  // Declining is one step; accepting is signed on the term sheet's own page (loan-term-sheet.tsx).
  z.object({ intent: z.literal('term-sheet'), termSheetId: z.string().max(100), answer: z.literal('decline') }),
  z.object({ intent: z.literal('withdraw'), reason: z.string().max(1000).optional() }),
]);

export async function action({ request, context, params }: Route.ActionArgs) {
  const viewer = await requireRole({ request, context }, 'borrower');
  return answerRefusals(async () => {
    const l = await borrowerLoan(viewer.id, params.reference);
    if (!l || l.stage === 'draft') throw new NotFound('Loan not found.', 'Loan not found');
    const fields = readIntent(await readForm(request), intent);
    await limitUserAction('message', viewer.id);
    // Flash toasts: the form that asked may be gone once the page reloads.
    const done = async (title: string) => answer({ ok: true }, { headers: await toastHeaders({ type: 'success', title }) });
    switch (fields.intent) {
      case 'message':
        await postMessage(viewer, l, fields.body, false);
        return done('Message sent');
      case 'term-sheet':
        await declineTermSheet(viewer, l, fields.termSheetId, {
          ip: requestInfo(context).clientIp,
          userAgent: request.headers.get('user-agent'),
        });
        return done('Term sheet declined');
      case 'withdraw':
        await withdrawLoan(viewer, l, fields.reason?.trim() || null);
        return done('Application withdrawn');
    }
  });
}

function Withdraw({ reference }: { reference: string }) {
  const fetcher = useFetcher<ActionAnswer>();
  useActionAnswer(fetcher);
  return (
    <ConfirmAction
      triggerLabel="Withdraw application"
      title={`Withdraw ${reference}?`}
      description="We stop working on this loan. You can start a new application at any time."
      confirmLabel="Withdraw application"
      onConfirm={() => void fetcher.submit({ intent: 'withdraw' }, { method: 'post' })}
    />
  );
}

export default function BorrowerLoan({ loaderData }: Route.ComponentProps) {
  const {
    loan,
    ratios,
    items,
    events,
    messages,
    termSheets,
    property,
    maxBytes,
    contact,
    nextMilestone,
    servicing,
    draws,
    statements,
  } = loaderData;
  const open = !CLOSED_STAGES.includes(loan.stage);
  const sheet = termSheets[0];
  const accepted = termSheets.find((s) => s.status === 'accepted');
  const acceptHref = `/dashboard/loans/${loan.reference}/term-sheet`;
  const waiting = loan.stage === 'term_sheet' && sheet?.status === 'issued' && !sheet.expired ? sheet : null;
  return (
    <>
      <LoanHeader
        back={{ to: '/dashboard/loans', label: 'My loans' }}
        reference={loan.reference}
        stage={loan.stage}
        property={property}
        loanAmount={loan.loanAmount}
        acceptedAmount={accepted?.amount ?? null}
        actions={canWithdraw(loan.stage) ? <Withdraw reference={loan.reference!} /> : undefined}
      />
      <div className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="grid min-w-0 grid-cols-1 content-start gap-6">
          <NextSteps
            stage={loan.stage}
            items={items}
            openSheet={waiting ? { href: acceptHref, expiresOn: waiting.expiresOn } : null}
            milestone={nextMilestone}
          />
          {/* On a phone the contact follows what happens next; on a wide screen it heads the side column. */}
          <ContactCard contact={contact} id="loan-contact-narrow" className="xl:hidden" />
          {servicing && (
            <>
              <Card id="servicing" className="scroll-mt-6">
                <CardHeader title="Servicing" />
                <ServicingFigures summary={servicing} paidOff={loan.stage === 'paid_off'} />
                {loan.stage === 'funded' && (
                  <div className="mt-6 border-t border-line pt-5">
                    <PayoffLinks reference={loan.reference!} />
                  </div>
                )}
              </Card>
              {draws && (
                <LoanDraws view={draws} newDrawHref={open ? `/dashboard/loans/${loan.reference}/draws/new` : undefined} />
              )}
              <StatementList statements={statements} />
              <Card>
                <CardHeader title="Payment history" />
                <LedgerHistory history={servicing.history} />
              </Card>
            </>
          )}
          {loan.stage === 'declined' && loan.declineReason && (
            <Card className="border-danger/40">
              <CardHeader title="Our decision" />
              <p className="text-sm text-ink">We are unable to make this loan. The principal reasons: {loan.declineReason}</p>
              <p className="mt-2 text-sm text-muted">We also sent you this notice by e-mail.</p>
            </Card>
          )}
          {sheet && (
            <Card>
              <CardHeader title="Term sheet" />
              <TermSheetCard sheet={sheet} loan={loan} acceptHref={loan.stage === 'term_sheet' ? acceptHref : null} />
            </Card>
          )}
          <Card id="checklist" className="scroll-mt-6">
            <CardHeader title="Document checklist" />
            <Checklist
              items={items}
              mode="borrower"
              uploadBase={open ? `/dashboard/loans/${loan.reference}` : null}
              maxBytes={maxBytes}
            />
          </Card>
          <Card>
            <CardHeader title="Messages" />
            <MessageThread messages={messages} viewerIsStaff={false} canWrite={open} />
          </Card>
          <Card>
            <CardHeader title="Application" />
            <ApplicationSummary application={loan} ratios={ratios} />
          </Card>
        </div>
        <div className="grid min-w-0 grid-cols-1 content-start gap-6">
          <ContactCard contact={contact} id="loan-contact" className="hidden xl:block" />
          <Card className="min-w-0 self-start">
            <CardHeader title="Status" />
            <LoanTimeline stage={loan.stage} createdAt={loan.createdAt} events={events} />
          </Card>
        </div>
      </div>
    </>
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.loan.reference ? `Loan ${loaderData.loan.reference}` : 'Loan'} | Ormsby Lending` },
];

// A rate-limited answer keeps its Retry-After (issue "Security and scale").
export const headers = keepActionHeaders;
