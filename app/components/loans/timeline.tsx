/**
 * The loan's status timeline (issue "The loan file"): the pipeline's named milestones in
 * order, each with the date it was reached and the note staff left, the current one with the
 * sentence on what happens next; a declined or withdrawn loan ends at that milestone.
 */
import { Check, Circle, X } from 'lucide-react';
import { cn } from '~/lib/cn';
import { formatDate, formatDateTime } from '~/lib/format';
import { PIPELINE, stageLabel, stageNext, type LoanStage } from '~/lib/loans';

export interface TimelineEvent {
  id: string;
  toStage: LoanStage;
  note: string | null;
  createdAt: Date;
}

export function LoanTimeline({ stage, createdAt, events }: { stage: LoanStage; createdAt: Date; events: TimelineEvent[] }) {
  const closedEarly = stage === 'declined' || stage === 'withdrawn';
  // The furthest pipeline stage reached (a closed-early loan stops where it was).
  const reached = new Map<LoanStage, TimelineEvent>();
  for (const e of events) reached.set(e.toStage, e);
  const lastOpen = closedEarly ? ([...events].reverse().find((e) => e.toStage !== stage)?.toStage ?? 'draft') : stage;
  const upTo = PIPELINE.indexOf(lastOpen);
  const milestones: LoanStage[] = closedEarly ? [...PIPELINE.slice(0, upTo + 1), stage] : [...PIPELINE];
  return (
    <ol className="grid gap-0" aria-label="Loan status">
      {milestones.map((m, i) => {
        const event = reached.get(m);
        const isCurrent = m === stage;
        const done = !isCurrent && (closedEarly || PIPELINE.indexOf(m) < PIPELINE.indexOf(stage));
        const date = m === 'draft' ? createdAt : event?.createdAt;
        const last = i === milestones.length - 1;
        return (
          <li key={m} className="relative flex gap-4 pb-6 last:pb-0" aria-current={isCurrent ? 'step' : undefined}>
            {!last && (
              <span aria-hidden className={cn('absolute top-7 left-3.5 h-full w-px', done ? 'bg-navy-700' : 'bg-line')} />
            )}
            <span
              aria-hidden
              className={cn(
                'relative z-10 flex size-7 shrink-0 items-center justify-center rounded-full border-2',
                done && 'border-navy-800 bg-navy-800 text-white',
                isCurrent &&
                  (m === 'declined' ? 'border-danger bg-danger text-white' : 'border-brass-500 bg-brass-50 text-brass-800'),
                !done && !isCurrent && 'border-line bg-surface text-line',
              )}
            >
              {done ? (
                <Check className="size-4" />
              ) : m === 'declined' || m === 'withdrawn' ? (
                <X className="size-4" />
              ) : (
                <Circle className="size-2.5 fill-current" />
              )}
            </span>
            <div className="min-w-0 pt-0.5">
              <p className={cn('font-semibold', done || isCurrent ? 'text-navy-900' : 'text-muted')}>
                <span>{stageLabel(m)}</span>
                {isCurrent && <span className="sr-only"> (current stage)</span>}
              </p>
              {date && (done || isCurrent) && (
                <p className="text-sm text-muted">
                  <time dateTime={new Date(date).toISOString()} title={formatDateTime(date)}>
                    {formatDate(date)}
                  </time>
                </p>
              )}
              {event?.note && (done || isCurrent) && <p className="mt-1 text-sm whitespace-pre-line text-ink">{event.note}</p>}
              {isCurrent && <p className="mt-1 text-sm text-navy-800">{stageNext(m)}</p>}
            </div>
          </li>
        );
      })}
    </ol>
  );
}
