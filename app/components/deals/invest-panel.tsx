/**
 * The investor's side of a deal page (issue "Investing"; product §11): where they stand and the
 * next step. Without a current accreditation record: why, and the way to the profile. Before the
 * first amount: the Nevada suitability statement to sign; once signed, when, and its PDF copy
 * (issue 23). Then the amount form (at least the
 * minimum, in the deal's steps), their open amount with its status and place in the waitlist,
 * and 'Withdraw'. Each form posts to the deal page's action (works without JavaScript).
 */
import { ShieldCheck } from 'lucide-react';
import { Link, useFetcher } from 'react-router';
import { Field } from '~/components/forms';
import { Badge, type BadgeTone } from '~/components/ui/badge';
import { Button, buttonClasses } from '~/components/ui/button';
import { ConfirmAction } from '~/components/ui/confirm-delete';
import { formatDate, formatDateTime, usd } from '~/lib/format';
import {
  commitmentLabel,
  CONCENTRATION_LIMIT_PERCENT,
  INVESTOR_EDITABLE_STATUSES,
  SUITABILITY_FORM_TEXT,
  type CommitmentStatus,
} from '~/lib/investing';
import { useActionAnswer, type ActionAnswer } from '~/lib/use-action-answer';

export interface InvestorPosition {
  accreditation: { method: string; expiresOn: string | null } | null;
  accreditationRefusal: string | null;
  suitabilitySignedAt: Date | string | null;
  commitment: {
    id: string;
    amount: number;
    status: CommitmentStatus;
    statusChangedAt: Date | string;
    note: string | null;
    place: number | null;
  } | null;
}

export const STATUS_TONES: Record<CommitmentStatus, BadgeTone> = {
  indicated: 'info',
  waitlisted: 'attention',
  confirmed: 'success',
  funded: 'success',
  declined: 'danger',
  withdrawn: 'neutral',
};

interface Props {
  position: InvestorPosition;
  deal: { id: string; title: string; active: boolean; minimumInvestment: number; investmentStep: number; full: boolean };
}

export function InvestPanel({ position, deal }: Props) {
  const open = position.commitment;
  return (
    <section aria-labelledby="invest-heading" className="rounded-[var(--radius-card)] border border-line bg-white p-6">
      <h2 id="invest-heading" className="text-xl">
        Indicate an amount
      </h2>
      <p className="mt-1 text-sm text-muted">
        A soft commitment: it is not binding on you or on us until we confirm it and you sign the investment documents.
      </p>
      {open && <CurrentAmount commitment={open} />}
      {position.suitabilitySignedAt && <SignedStatement dealId={deal.id} signedAt={position.suitabilitySignedAt} />}
      <div className="mt-5">
        {!deal.active ? (
          <p className="text-sm text-muted">This deal is closed: amounts can no longer be indicated or changed.</p>
        ) : position.accreditationRefusal ? (
          <div className="rounded-lg bg-brass-50 p-4 text-sm text-ink">
            <p>{position.accreditationRefusal}</p>
            <Link to="/dashboard/profile" className={buttonClasses('secondary', 'sm', 'mt-3')}>
              Go to your profile
            </Link>
          </div>
        ) : !position.suitabilitySignedAt ? (
          <SuitabilityForm dealTitle={deal.title} />
        ) : !open || (INVESTOR_EDITABLE_STATUSES as readonly string[]).includes(open.status) ? (
          <AmountForm deal={deal} current={open} />
        ) : (
          <p className="text-sm text-muted">
            We have {commitmentLabel(open.status).toLowerCase()} your amount. To change it, please contact us.
          </p>
        )}
      </div>
    </section>
  );
}

/** The signed statement: when, and its copy (issue 23). */
function SignedStatement({ dealId, signedAt }: { dealId: string; signedAt: Date | string }) {
  return (
    <div
      className="mt-5 flex items-start gap-3 rounded-lg border border-emerald-200 bg-emerald-50 p-4 text-sm"
      data-testid="suitability-signed"
    >
      <ShieldCheck aria-hidden className="mt-0.5 size-5 shrink-0 text-success" />
      <p className="text-ink">
        <span className="font-semibold text-navy-900">Suitability statement signed</span> {formatDateTime(signedAt)}.{' '}
        <a
          href={`/dashboard/documents/suitability/${dealId}`}
          className="font-semibold whitespace-nowrap text-navy-800 underline underline-offset-2 hover:text-brass-700"
        >
          Open your copy (PDF)
        </a>
      </p>
    </div>
  );
}

function CurrentAmount({ commitment }: { commitment: NonNullable<InvestorPosition['commitment']> }) {
  return (
    <div className="mt-5 rounded-lg border border-line bg-ivory p-4" data-testid="current-amount">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-muted">Your amount</p>
        <Badge tone={STATUS_TONES[commitment.status]}>{commitmentLabel(commitment.status)}</Badge>
      </div>
      <p className="mt-1 font-serif text-3xl text-navy-950">{usd(commitment.amount)}</p>
      <p className="mt-1 text-sm text-muted">
        {commitment.status === 'waitlisted' && commitment.place
          ? `Number ${commitment.place} on the waitlist since ${formatDate(commitment.statusChangedAt)}. We will tell you when room opens.`
          : `Since ${formatDate(commitment.statusChangedAt)}.`}
      </p>
      {commitment.note && <p className="mt-2 text-sm text-ink">“{commitment.note}”</p>}
    </div>
  );
}

function AmountForm({ deal, current }: { deal: Props['deal']; current: InvestorPosition['commitment'] }) {
  const fetcher = useFetcher<ActionAnswer>();
  useActionAnswer(fetcher);
  const busy = fetcher.state !== 'idle';
  return (
    <div className="grid gap-4">
      <fetcher.Form method="post" className="grid gap-3">
        <input type="hidden" name="intent" value="indicate" />
        <Field
          label={current ? 'New amount (USD)' : 'Amount (USD)'}
          hint={`At least ${usd(deal.minimumInvestment)}, in steps of ${usd(deal.investmentStep)}.${deal.full && !current ? ' The raise is fully subscribed: a new amount joins the waitlist.' : ''}`}
          inputProps={{
            name: 'amount',
            type: 'number',
            inputMode: 'numeric',
            required: true,
            min: deal.minimumInvestment,
            step: deal.investmentStep,
            defaultValue: current?.amount ?? deal.minimumInvestment,
          }}
        />
        <Button type="submit" disabled={busy}>
          {current ? 'Change amount' : 'Indicate amount'}
        </Button>
      </fetcher.Form>
      {current && (
        <ConfirmAction
          triggerLabel="Withdraw amount"
          title="Withdraw your amount?"
          description={`Your ${usd(current.amount)} in ${deal.title} is withdrawn. You can indicate an amount again while the deal is open.`}
          confirmLabel="Withdraw amount"
          onConfirm={() => void fetcher.submit({ intent: 'withdraw', commitmentId: current.id }, { method: 'post' })}
        />
      )}
    </div>
  );
}

function SuitabilityForm({ dealTitle }: { dealTitle: string }) {
  const fetcher = useFetcher<ActionAnswer>();
  useActionAnswer(fetcher);
  return (
    <fetcher.Form method="post" className="grid gap-4" aria-labelledby="suitability-heading">
      <input type="hidden" name="intent" value="suitability" />
      <div className="flex items-start gap-3">
        <ShieldCheck aria-hidden className="mt-0.5 size-5 shrink-0 text-brass-700" />
        <div>
          <h3 id="suitability-heading" className="text-base font-semibold text-navy-900">
            Suitability statement
          </h3>
          <p className="text-sm text-muted">
            Nevada asks every private investor to state suitability for each trust deed. Sign it once for {dealTitle}.
          </p>
        </div>
      </div>
      <details className="rounded-lg border border-line bg-ivory px-3 text-sm">
        <summary className="cursor-pointer py-3 font-medium text-navy-900">Read the full statement</summary>
        <p className="mt-2 whitespace-pre-line text-ink">{SUITABILITY_FORM_TEXT}</p>
      </details>
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium text-navy-900">I qualify because (one or both)</legend>
        <Check name="netWorthOver250k" label="My household net worth is over $250,000, not counting my primary residence" />
        <Check name="incomeOver70k" label="My income was over $70,000 in each of the last two years" />
      </fieldset>
      <Check
        name="withinConcentrationLimit"
        required
        label={`This investment is no more than ${CONCENTRATION_LIMIT_PERCENT}% of my net worth`}
      />
      <Check
        name="understandsRisks"
        required
        label="I understand this investment is not insured, may lose value and cannot be withdrawn before the loan is repaid"
      />
      <Field
        label="Your full name, as your signature"
        inputProps={{ name: 'signature', required: true, autoComplete: 'name', maxLength: 200 }}
      />
      <Button type="submit" disabled={fetcher.state !== 'idle'}>
        Sign the statement
      </Button>
      <p className="text-xs text-muted">
        We keep the statement's text, your answers, the time and your internet address with your file.
      </p>
    </fetcher.Form>
  );
}

function Check({ name, label, required }: { name: string; label: string; required?: boolean }) {
  return (
    <label className="flex min-h-11 items-start gap-3 text-sm text-ink">
      <input
        type="checkbox"
        name={name}
        required={required}
        className="mt-0.5 size-5 shrink-0 rounded border-line accent-navy-900 focus:ring-2 focus:ring-navy-200"
      />
      <span>{label}</span>
    </label>
  );
}
