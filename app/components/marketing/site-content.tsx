/**
 * The public blocks of the content staff edit (issue "First impression"; shapes in
 * app/lib/site-content.ts): loan programs with their published terms, the track record band,
 * the team, a FAQ answer's text with its links, and the banner of a staff preview. Everything
 * from the database is rendered as React text, so no HTML from it reaches the page unescaped.
 */
import { Link } from 'react-router';
import { cardClasses } from '~/components/ui/card';
import { EmailAddress } from '~/components/ui/email-address';
import { Mail, Phone } from 'lucide-react';
import { formatCalendarDay, months, percent, telHref, usd } from '~/lib/format';
import {
  answerParagraphs,
  STATES,
  TRACK_RECORD_METRICS,
  type LoanProgram,
  type TeamMember,
  type TrackRecord,
  type TrackRecordMetric,
} from '~/lib/site-content';
import { cn } from '~/lib/cn';
import { labelOf, LOAN_PURPOSES } from '~/lib/loans';
import { PROPERTY_TYPES } from '~/lib/vocabulary';

const range = (from: string, to: string) => (from === to ? from : `${from} – ${to}`);
const compactUsd = (n: number) =>
  n >= 1_000_000 ? `$${Number((n / 1_000_000).toFixed(2))}M` : n >= 1_000 ? `$${Number((n / 1_000).toFixed(1))}K` : usd(n);

/** A program's published terms as label/value pairs, in the order a borrower reads them. */
export function programTerms(p: LoanProgram): [string, string][] {
  const terms: [string, string][] = [['Loan amount', range(compactUsd(p.minAmount), compactUsd(p.maxAmount))]];
  if (p.maxLtv !== null) terms.push(['Max LTV', percent(p.maxLtv)]);
  if (p.maxLtc !== null) terms.push(['Max LTC', percent(p.maxLtc)]);
  terms.push(
    ['Rate from', percent(p.rateFrom)],
    ['Points', range(String(p.pointsFrom), String(p.pointsTo))],
    ['Term', p.termMinMonths === p.termMaxMonths ? months(p.termMinMonths) : `${p.termMinMonths} – ${months(p.termMaxMonths)}`],
  );
  return terms;
}

/**
 * A program's fees as label/value pairs (issue 23: fees beside the terms, in dollars): the
 * underwriting and legal fees, the draw fee (per draw; 'No draws' without), the extension fee in
 * points, the default rate and the prepayment terms.
 */
export function programFees(p: LoanProgram): [string, string][] {
  return [
    ['Underwriting fee', usd(p.underwritingFee)],
    ['Legal & document fee', usd(p.legalFee)],
    ['Draw fee', p.drawFee === null ? 'No draws' : `${usd(p.drawFee)} a draw`],
    ['Extension fee', `${p.extensionPoints} ${p.extensionPoints === 1 ? 'point' : 'points'}`],
    ['Default rate', percent(p.defaultRate)],
  ];
}

/** The loan programs as cards with their terms, fees, purposes, property types, states, date and note. */
export function LoanProgramCards({
  programs,
  headingLevel = 'h3',
  calculator = false,
}: {
  programs: readonly LoanProgram[];
  headingLevel?: 'h2' | 'h3';
  /** Link each program to the payment calculator on its page (/borrowers#calculator). */
  calculator?: boolean;
}) {
  const Heading = headingLevel;
  return (
    <ul className="grid gap-6 md:grid-cols-2 xl:grid-cols-3">
      {programs.map((p) => (
        <li key={p.id} className={cardClasses('none', 'flex flex-col p-7')}>
          <Heading className="text-2xl">{p.name}</Heading>
          <p className="mt-3 leading-relaxed text-muted">{p.description}</p>
          <dl className="mt-6 grid grid-cols-2 gap-x-6 gap-y-4 border-t border-line pt-6">
            {programTerms(p).map(([label, value]) => (
              <div key={label}>
                <dt className="text-xs font-semibold tracking-[0.12em] text-muted uppercase">{label}</dt>
                <dd className="mt-1 font-serif text-xl text-navy-900">{value}</dd>
              </div>
            ))}
          </dl>
          <h4 className="mt-6 text-xs font-semibold tracking-[0.12em] text-muted uppercase">Fees</h4>
          <dl className="mt-2 grid gap-y-1.5 text-sm">
            {programFees(p).map(([label, value]) => (
              <div key={label} className="flex justify-between gap-4 border-b border-line/60 pb-1.5">
                <dt className="text-muted">{label}</dt>
                <dd className="text-right font-medium text-navy-900 tabular-nums">{value}</dd>
              </div>
            ))}
            <div className="pt-1">
              <dt className="text-muted">Prepayment</dt>
              <dd className="mt-0.5 font-medium text-navy-900">{p.prepayment}</dd>
            </div>
          </dl>
          <p className="mt-5 text-sm text-muted">
            <span className="font-semibold text-navy-900">For: </span>
            {p.purposes.map((x) => labelOf(LOAN_PURPOSES, x)).join(', ')}
          </p>
          {p.propertyTypes.length > 0 && (
            <p className="mt-1 text-sm text-muted">
              <span className="font-semibold text-navy-900">Property: </span>
              {p.propertyTypes.map((t) => labelOf(PROPERTY_TYPES, t)).join(', ')}
            </p>
          )}
          <p className="mt-1 text-sm text-muted">
            <span className="font-semibold text-navy-900">States: </span>
            {p.states.map((s) => STATES[s]).join(', ')}
          </p>
          {calculator && (
            <Link
              to={`/borrowers?program=${p.id}#calculator`}
              preventScrollReset
              className="mt-5 inline-flex min-h-11 items-center font-semibold text-navy-900 underline underline-offset-4 hover:text-brass-700"
            >
              Estimate payments in dollars<span className="sr-only"> under {p.name}</span>
            </Link>
          )}
          <p className="mt-auto pt-5 text-xs leading-relaxed text-muted">
            Terms as of {formatCalendarDay(p.asOf)}. {p.note}
          </p>
        </li>
      ))}
    </ul>
  );
}

const METRIC_FORMAT: Record<TrackRecordMetric, (n: number) => string> = {
  loansFunded: (n) => n.toLocaleString('en-US'),
  totalVolume: compactUsd,
  averageLtv: percent,
  loansRepaid: (n) => n.toLocaleString('en-US'),
  averageYield: percent,
  // No loss is a figure too (issue 23).
  losses: (n) => (n === 0 ? 'None' : compactUsd(n)),
};

/** The track record's filled figures as a band; renders nothing when none is filled. */
export function TrackRecordBand({ record, className }: { record: TrackRecord; className?: string }) {
  const filled = TRACK_RECORD_METRICS.flatMap(({ key, label }) => {
    const metric = record[key];
    return metric ? [{ key, label, value: METRIC_FORMAT[key](metric.value), asOf: metric.asOf }] : [];
  });
  if (filled.length === 0) return null;
  return (
    <section aria-labelledby="track-record-title" className={cn('border-y border-line bg-surface', className)}>
      <div className="container-page py-10">
        <h2 id="track-record-title" className="eyebrow">
          Track record
        </h2>
        <dl className="mt-5 grid grid-cols-2 gap-x-6 gap-y-6 sm:grid-cols-3 lg:grid-cols-6">
          {filled.map((m) => (
            <div key={m.key}>
              <dt className="text-xs font-semibold tracking-[0.12em] text-muted uppercase">{m.label}</dt>
              <dd className="mt-1 font-serif text-3xl text-navy-900">{m.value}</dd>
              <dd className="mt-1 text-xs text-muted">as of {formatCalendarDay(m.asOf)}</dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('');

/** The team as cards: photo (or initials), name, title, licence, short bio, and a direct phone and e-mail (issue 23). */
export function TeamGrid({ team }: { team: readonly TeamMember[] }) {
  return (
    <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {team.map((m) => (
        <li key={m.id} className={cardClasses('none', 'p-7')}>
          <div className="flex items-center gap-4">
            {m.photoId ? (
              <picture>
                <source
                  type="image/avif"
                  srcSet={`/site-images/${m.photoId}-256.avif 1x, /site-images/${m.photoId}-512.avif 2x`}
                />
                <img
                  src={`/site-images/${m.photoId}-256.webp`}
                  srcSet={`/site-images/${m.photoId}-512.webp 2x`}
                  alt={`Portrait of ${m.name}`}
                  width={80}
                  height={80}
                  loading="lazy"
                  decoding="async"
                  className="size-20 rounded-full object-cover"
                />
              </picture>
            ) : (
              <span
                aria-hidden="true"
                className="inline-flex size-20 shrink-0 items-center justify-center rounded-full bg-navy-900 font-serif text-2xl text-brass-300"
              >
                {initials(m.name)}
              </span>
            )}
            <div>
              <h3 className="text-xl">{m.name}</h3>
              <p className="text-sm font-medium text-navy-800">{m.title}</p>
              {m.licence && <p className="mt-0.5 text-xs text-muted">{m.licence}</p>}
            </div>
          </div>
          <p className="mt-5 leading-relaxed text-muted">{m.bio}</p>
          {(m.phone || m.email) && (
            <ul className="mt-5 grid border-t border-line pt-2 text-sm" aria-label={`Contact ${m.name}`}>
              {m.phone && (
                <li className="flex items-center gap-2">
                  <Phone aria-hidden className="size-4 shrink-0 text-brass-700" />
                  <a
                    href={telHref(m.phone)}
                    className="inline-flex min-h-11 items-center font-medium text-navy-800 underline-offset-2 hover:underline"
                  >
                    {m.phone}
                  </a>
                </li>
              )}
              {m.email && (
                <li className="flex min-w-0 items-center gap-2">
                  <Mail aria-hidden className="size-4 shrink-0 text-brass-700" />
                  <a
                    href={`mailto:${m.email}`}
                    className="inline-flex min-h-11 min-w-0 items-center font-medium text-navy-800 underline-offset-2 hover:underline"
                  >
                    <EmailAddress email={m.email} />
                  </a>
                </li>
              )}
            </ul>
          )}
        </li>
      ))}
    </ul>
  );
}

/** A FAQ answer: plain text in paragraphs, with its `[label](target)` and https links. */
export function AnswerText({ answer }: { answer: string }) {
  return (
    <>
      {answerParagraphs(answer).map((parts, i) => (
        <p key={i} className={i > 0 ? 'mt-3' : undefined}>
          {parts.map((part, j) =>
            'href' in part ? (
              part.href.startsWith('/') ? (
                <Link
                  key={j}
                  to={part.href}
                  className="font-medium text-navy-800 underline underline-offset-2 hover:text-brass-700"
                >
                  {part.text}
                </Link>
              ) : (
                <a
                  key={j}
                  href={part.href}
                  rel="noopener noreferrer"
                  className="font-medium text-navy-800 underline underline-offset-2 hover:text-brass-700"
                >
                  {part.text}
                </a>
              )
            ) : (
              part.text
            ),
          )}
        </p>
      ))}
    </>
  );
}

/** Shown on a public page a staff member opened with `?preview`: unpublished changes on view. */
export function PreviewBanner() {
  return (
    <div
      role="status"
      className="fixed inset-x-0 bottom-0 z-50 border-t border-brass-400 bg-brass-100 px-4 py-3 text-center text-sm text-navy-950"
    >
      <strong>Preview:</strong> this page shows unpublished changes. Visitors see them once you publish.{' '}
      <Link to="/admin-dashboard/content" className="font-semibold underline underline-offset-2">
        Back to Site content
      </Link>
    </div>
  );
}
