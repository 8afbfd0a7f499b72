/**
 * What the borrower's loan page leads with (issue 23 "Trust at first sight"): what to do next (the
 * term sheet to answer, the documents outstanding: '3 of 7 documents outstanding'), what we are
 * reviewing, and the expected date of the next milestone (Settings' target days per stage; none
 * without a target). And the loan's named contact: name, photo (initials without), phone, e-mail.
 */
import { CalendarClock, ListChecks, Mail, Phone, Search } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Card, CardHeader } from '~/components/ui/card';
import { EmailAddress } from '~/components/ui/email-address';
import { formatCalendarDay, telHref } from '~/lib/format';
import { CLOSED_STAGES, stageNext, type ItemStatus, type LoanStage } from '~/lib/loans';
import { initialsOf, type LoanContactView, type Milestone } from '~/lib/milestones';

function Step({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <li className="flex gap-3">
      <span className="mt-0.5 text-brass-600">{icon}</span>
      <div className="min-w-0 text-sm text-ink">{children}</div>
    </li>
  );
}

/** The 'What happens next' card of a loan in `stage`. */
export function NextSteps({
  stage,
  items,
  openSheet,
  milestone,
}: {
  stage: LoanStage;
  items: { title: string; status: ItemStatus }[];
  /** The open term sheet's confirmation step and last day, when one waits for an answer. */
  openSheet: { href: string; expiresOn: string } | null;
  milestone: Milestone | null;
}) {
  const outstanding = items.filter((i) => i.status === 'requested' || i.status === 'needs_attention');
  const attention = items.filter((i) => i.status === 'needs_attention').length;
  const reviewing = items.filter((i) => i.status === 'uploaded');
  const closed = CLOSED_STAGES.includes(stage);
  return (
    <Card aria-labelledby="next-steps">
      <CardHeader id="next-steps" title="What happens next" />
      <ul className="grid gap-4">
        {openSheet && (
          <Step icon={<ListChecks aria-hidden className="size-5" />}>
            <p className="font-semibold text-navy-900">Your term sheet is ready</p>
            <p>
              Review it and accept or decline it by {formatCalendarDay(openSheet.expiresOn)}.{' '}
              <Link to={openSheet.href} className="font-semibold text-navy-700 underline">
                Review the term sheet
              </Link>
            </p>
          </Step>
        )}
        {!closed && items.length > 0 && (
          <Step icon={<ListChecks aria-hidden className="size-5" />}>
            <p className="font-semibold text-navy-900">
              {outstanding.length
                ? `${outstanding.length} of ${items.length} documents outstanding`
                : `All ${items.length} documents received`}
            </p>
            {outstanding.length > 0 && (
              <p>
                {attention > 0 && `${attention} ${attention === 1 ? 'needs' : 'need'} attention. `}
                Still to upload: {outstanding.map((i) => i.title).join(', ')}.{' '}
                <a href="#checklist" className="font-semibold text-navy-700 underline">
                  Go to the checklist
                </a>
              </p>
            )}
          </Step>
        )}
        {/* With a term sheet waiting, the stage's sentence would only repeat it. */}
        {(reviewing.length > 0 || !openSheet) && (
          <Step icon={<Search aria-hidden className="size-5" />}>
            <p className="font-semibold text-navy-900">{reviewing.length ? 'What we are reviewing' : 'Where we are'}</p>
            {reviewing.length > 0 && <p>{reviewing.map((i) => i.title).join(', ')}.</p>}
            {!openSheet && <p className={reviewing.length ? 'mt-1 text-muted' : ''}>{stageNext(stage)}</p>}
          </Step>
        )}
        {milestone && (
          <Step icon={<CalendarClock aria-hidden className="size-5" />}>
            <p className="font-semibold text-navy-900">
              Next milestone: {milestone.next}, expected by {formatCalendarDay(milestone.expectedOn)}
            </p>
            <p className="text-muted">Our target for this stage; we will tell you if it moves.</p>
          </Step>
        )}
      </ul>
    </Card>
  );
}

/**
 * The loan's named contact, or an empty state before staff assign one; `className` places it
 * (the page shows it under 'What happens next' on a phone, in the side column on a wide screen).
 */
export function ContactCard({ contact, id, className }: { contact: LoanContactView | null; id: string; className?: string }) {
  return (
    <Card aria-labelledby={id} className={className}>
      <CardHeader id={id} title="Your contact" />
      {contact ? (
        <div className="flex items-start gap-4">
          {contact.avatarKey ? (
            <img
              src={`/${contact.avatarKey}`}
              alt=""
              width={56}
              height={56}
              className="size-14 shrink-0 rounded-full object-cover ring-2 ring-brass-100"
            />
          ) : (
            <span
              aria-hidden
              className="flex size-14 shrink-0 items-center justify-center rounded-full bg-navy-900 font-serif text-lg text-brass-300 ring-2 ring-brass-100"
            >
              {initialsOf(contact.name) || '?'}
            </span>
          )}
          <div className="min-w-0 text-sm">
            <p className="font-semibold text-navy-900">{contact.name}</p>
            <p className="text-muted">Your loan officer</p>
            {contact.phone && (
              <a href={telHref(contact.phone)} className="mt-2 flex min-h-11 items-center gap-2 text-navy-700 hover:underline">
                <Phone aria-hidden className="size-4" /> {contact.phone}
              </a>
            )}
            <a href={`mailto:${contact.email}`} className="flex min-h-11 items-center gap-2 text-navy-700 hover:underline">
              <Mail aria-hidden className="size-4 shrink-0" /> <EmailAddress email={contact.email} />
            </a>
          </div>
        </div>
      ) : (
        <p className="text-sm text-muted">We will name your contact here once our team takes up your loan.</p>
      )}
    </Card>
  );
}
