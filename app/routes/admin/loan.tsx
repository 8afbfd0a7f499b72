/**
 * /admin-dashboard/loans/{reference}, the loan review (issue "The loan file"): admins only.
 * The application and borrower, the checklist (preview, download, Accept, Needs attention with
 * a reason), a new document request, the stage moves with a note (each time-stamped with who
 * made it, as the borrower's timeline shows), the decline with its notice, the term sheet,
 * the message thread and the internal notes the borrower never sees, and the loan's named contact
 * (issue 23 "Trust at first sight"). In Closing, the closing record staff confirm to fund the loan;
 * once funded, its servicing figures and the way to its ledger (issue 24 "Servicing"). An
 * approved, closing or funded loan is offered to investors as a deal ('offer-deal' drafts it and
 * opens its edit form), or links to its deal (issue 25 "Investor returns"). Every change is audited.
 */

import { z } from 'zod';
import type { Route } from './+types/loan';
import { ApplicationSummary } from '~/components/loans/application-summary';
import { Checklist } from '~/components/loans/checklist';
import { MessageThread } from '~/components/loans/messages';
import {
  ContactForm,
  DeclineForm,
  MoveStageForm,
  NoteForm,
  RequestItemForm,
  TermSheetForm,
} from '~/components/loans/staff-forms';
import { LoanHeader } from '~/components/loans/loan-header';
import { TermSheetCard } from '~/components/loans/term-sheet';
import { LoanDraws } from '~/components/servicing/loan-draws';
import { StaffLoanCards } from '~/components/servicing/staff-loan-cards';
import { boardingSchema } from '~/lib/servicing/boarding';
import { Card, CardHeader } from '~/components/ui/card';
import { EmailAddress } from '~/components/ui/email-address';
import { formatDateTime, lenderDay } from '~/lib/format';
import { canIssueTermSheet, LOAN_STAGE_VALUES, MESSAGE_MAX, stageLabel, termSheetSchema } from '~/lib/loans';
import { parseForm } from '~/lib/parse-form';
import { answer, refuseFields, answerRefusals, found } from '~/server/answers.server';
import { addNote, loanFile, postMessage, requestItem, reviewItem } from '~/server/domain/loans/file.server';
import { declineLoan, issueTermSheet, moveStage } from '~/server/domain/loans/pipeline.server';
import { propertyLine, staffLoan, staffLoanRead } from '~/server/domain/loans/loan.server';
import { assignContact, listStaff } from '~/server/domain/loans/contact.server';
import { boardingDefaults, boardLoan } from '~/server/domain/servicing/boarding.server';
import { loanDraws } from '~/server/domain/servicing/draw-views.server';
import { servicingSummary } from '~/server/domain/servicing/view.server';
import { dealOfLoan, offerLoanAsDeal, OFFERABLE_STAGES } from '~/server/domain/returns/offering.server';
import { NotFound } from '~/server/errors.server';
import { catchUpLoan } from '~/server/jobs/servicing.server';
import { readForm, readIntent } from '~/server/forms.server';
import { requireAdmin } from '~/server/guards.server';
import { redirectWithToast, toastHeaders } from '~/server/toast.server';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const admin = await requireAdmin({ request, context });
  // The loan and its parts in one database wait (issue 26); the boarding form's defaults, for a
  // loan at Closing only, follow.
  const read = staffLoanRead(params.reference);
  const [maybe, file, staff, servicing, draws, offeredAs] = await Promise.all([
    read.loan,
    loanFile(read, 'staff'),
    listStaff(),
    servicingSummary(read, 'staff'),
    loanDraws(read),
    dealOfLoan(read.id),
  ]);
  const l = found(maybe, 'Loan');
  const boarding = l.stage === 'closing' ? await boardingDefaults(l) : null;
  const offer = { deal: offeredAs, offerable: OFFERABLE_STAGES.includes(l.stage) };
  const page = { property: propertyLine(l), today: lenderDay(), staff, self: admin.id, boarding, servicing, draws, offer };
  return { ...found(file, 'Loan'), ...page };
}

const text = (max: number) => z.string().max(max);
const intent = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('move'), to: z.enum(LOAN_STAGE_VALUES), note: text(1000).optional() }),
  z.object({ intent: z.literal('decline'), reason: text(2000) }),
  z.object({ intent: z.literal('request'), title: text(200).trim().min(1), description: text(1000).optional() }),
  z.object({
    intent: z.literal('review'),
    itemId: text(100),
    decision: z.enum(['accepted', 'needs_attention']),
    reason: text(1000).optional(),
  }),
  z.object({ intent: z.literal('message'), body: text(MESSAGE_MAX) }),
  z.object({ intent: z.literal('note'), body: text(5000) }),
  z.object({ intent: z.literal('term-sheet') }),
  z.object({ intent: z.literal('contact'), contactId: text(100) }),
  z.object({ intent: z.literal('board') }),
  z.object({ intent: z.literal('offer-deal') }),
]);

export async function action({ request, context, params }: Route.ActionArgs) {
  const admin = await requireAdmin({ request, context });
  return answerRefusals(async () => {
    const l = await staffLoan(params.reference);
    if (!l) throw new NotFound('Loan not found.', 'Loan not found');
    const form = await readForm(request);
    const fields = readIntent(form, intent);
    // A flash toast: the form that asked may be gone once the page reloads (a stage with no
    // further move, an item accepted).
    const done = async (title: string) => answer({ ok: true }, { headers: await toastHeaders({ type: 'success', title }) });
    switch (fields.intent) {
      case 'move':
        await moveStage(admin, l, fields.to, fields.note?.trim() || null);
        return done(`Moved to ${stageLabel(fields.to)}`);
      case 'decline':
        await declineLoan(admin, l, fields.reason);
        return done('Loan declined; the notice was sent');
      case 'request':
        await requestItem(admin, l, { title: fields.title, description: fields.description?.trim() ?? '' });
        return done('Document requested');
      case 'review':
        await reviewItem(admin, l, fields.itemId, fields.decision, fields.reason ?? '');
        return done(fields.decision === 'accepted' ? 'Document accepted' : 'Sent back to the borrower');
      case 'message':
        await postMessage(admin, l, fields.body, true);
        return done('Message sent');
      case 'note':
        await addNote(admin, l, fields.body);
        return done('Note added');
      case 'contact':
        await assignContact(admin, l, fields.contactId);
        return done('Contact assigned');
      case 'board': {
        const submission = parseForm(form, { schema: boardingSchema });
        if (submission.status !== 'success') return refuseFields('invalid', { ok: false, result: submission.reply() });
        await boardLoan(admin, l, submission.value);
        // A funding date in the past: bill and charge what the daily jobs would have since then.
        await catchUpLoan(l.id, lenderDay());
        return done('Loan funded: its servicing has started');
      }
      case 'offer-deal': {
        const dealId = await offerLoanAsDeal(admin, l);
        return redirectWithToast(`/admin-dashboard/deals/${dealId}/edit`, {
          type: 'success',
          title: 'Deal drafted from the loan',
          description: 'Complete its text, check the investor rate, and set it Active to offer it.',
        });
      }
      case 'term-sheet': {
        const submission = parseForm(form, { schema: termSheetSchema(lenderDay()) });
        if (submission.status !== 'success') return refuseFields('invalid', { ok: false, result: submission.reply() });
        await issueTermSheet(admin, l, submission.value);
        return answer(
          { ok: true, result: submission.reply({ resetForm: true }) },
          { headers: await toastHeaders({ type: 'success', title: 'Term sheet issued' }) },
        );
      }
    }
  });
}

export default function LoanReview({ loaderData }: Route.ComponentProps) {
  const {
    loan,
    ratios,
    items,
    events,
    messages,
    termSheets,
    notes,
    borrower,
    contact,
    staffMoves,
    property,
    today,
    staff,
    self,
    boarding,
    servicing,
    draws,
    offer,
  } = loaderData;
  const accepted = termSheets.find((s) => s.status === 'accepted');
  return (
    <>
      <LoanHeader
        back={{ to: '/admin-dashboard/loans', label: 'Pipeline' }}
        reference={loan.reference}
        stage={loan.stage}
        property={property}
        loanAmount={loan.loanAmount}
        acceptedAmount={accepted?.amount ?? null}
      />
      <div className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_24rem]">
        <div className="grid min-w-0 grid-cols-1 content-start gap-6">
          <StaffLoanCards
            reference={loan.reference!}
            stage={loan.stage}
            today={today}
            boarding={boarding}
            servicing={servicing}
            offer={offer}
          />
          {draws && <LoanDraws view={draws} linkTo={(n) => `/admin-dashboard/loans/${loan.reference}/draws/${n}`} />}
          <Card>
            <CardHeader title="Checklist" />
            <Checklist items={items} mode="staff" />
            <div className="mt-6 border-t border-line pt-5">
              <h3 className="mb-3 font-sans text-sm font-semibold tracking-wide text-muted uppercase">
                Request another document
              </h3>
              <RequestItemForm />
            </div>
          </Card>
          <Card>
            <CardHeader title="Term sheet" />
            {termSheets[0] && <TermSheetCard sheet={termSheets[0]} loan={loan} acceptHref={null} staff />}
            {canIssueTermSheet(loan.stage) ? (
              <div className={termSheets[0] ? 'mt-6 border-t border-line pt-5' : ''}>
                <h3 className="mb-3 font-sans text-sm font-semibold tracking-wide text-muted uppercase">
                  {termSheets[0] ? 'Issue a new term sheet' : 'Issue a term sheet'}
                </h3>
                <TermSheetForm
                  today={today}
                  defaults={{ amount: loan.loanAmount, ltv: ratios.ltv, last: termSheets[0] ?? null }}
                />
              </div>
            ) : (
              !termSheets[0] && <p className="text-sm text-muted">A term sheet can be issued while the loan is in review.</p>
            )}
          </Card>
          <Card>
            <CardHeader title="Messages" />
            <MessageThread messages={messages} viewerIsStaff canWrite={loan.stage !== 'declined' && loan.stage !== 'withdrawn'} />
          </Card>
          <Card>
            <CardHeader title="Application" />
            <ApplicationSummary application={loan} ratios={ratios} />
          </Card>
        </div>
        <div className="grid min-w-0 grid-cols-1 content-start gap-6">
          {borrower && (
            <Card>
              <CardHeader title="Borrower" />
              <p className="font-semibold text-navy-900">{borrower.name}</p>
              <EmailAddress email={borrower.email} />
              {borrower.phone && <p className="text-sm text-muted">{borrower.phone}</p>}
            </Card>
          )}
          <Card>
            <CardHeader title="Contact" />
            <p className="mb-3 text-sm text-ink">
              {contact ? (
                <>
                  The borrower sees <span className="font-semibold text-navy-900">{contact.name}</span> as their contact.
                </>
              ) : (
                'No contact yet: the borrower sees none.'
              )}
            </p>
            <ContactForm staff={staff} current={contact?.id ?? null} self={self} />
          </Card>
          <Card>
            <CardHeader title="Stage" />
            <MoveStageForm moves={staffMoves} stage={loan.stage} />
            {staffMoves.includes('declined') && (
              <div className="mt-5 border-t border-line pt-4">
                <DeclineForm />
              </div>
            )}
            {loan.declineReason && <p className="mt-4 text-sm text-ink">Declined: {loan.declineReason}</p>}
            <h3 className="mt-6 mb-2 font-sans text-sm font-semibold tracking-wide text-muted uppercase">History</h3>
            <ol className="grid gap-2 text-sm" aria-label="Stage history">
              {[...events].reverse().map((e) => (
                <li key={e.id} className="border-l-2 border-line pl-3">
                  <span className="font-medium text-navy-900">{stageLabel(e.toStage)}</span>
                  <span className="block text-xs text-muted">
                    {formatDateTime(e.createdAt)}
                    {e.actorName ? ` · ${e.actorName}` : ''}
                  </span>
                  {e.note && <span className="block whitespace-pre-line">{e.note}</span>}
                </li>
              ))}
            </ol>
          </Card>
          <Card>
            <CardHeader title="Internal notes" />
            {notes && notes.length > 0 && (
              <ul className="mb-4 grid gap-3 text-sm">
                {notes.map((n) => (
                  <li key={n.id} className="rounded-lg bg-brass-50 px-3 py-2">
                    <p className="text-xs font-semibold text-muted">
                      {n.authorName} · {formatDateTime(n.createdAt)}
                    </p>
                    <p className="mt-1 whitespace-pre-line text-ink">{n.body}</p>
                  </li>
                ))}
              </ul>
            )}
            <NoteForm />
          </Card>
        </div>
      </div>
    </>
  );
}

export const meta: Route.MetaFunction = ({ params }) => [{ title: `Loan ${params.reference} | Ormsby Lending Admin` }];
