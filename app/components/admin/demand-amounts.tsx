/**
 * The demand page's amounts (issue "Investing"; docs/product.md §11): each investor's amount with
 * its status and date, place in line, the staff's note, the suitability statement and the
 * accreditation record; and 'Move to…', which offers only the moves STAFF_MOVES allows from the
 * amount's status, with a note to the investor (required to decline). The move form posts to the
 * page's action and works without JavaScript (a disclosure and a plain form).
 */
import { useRef } from 'react';
import { useFetcher } from 'react-router';
import { SelectField, TextareaField } from '~/components/forms';
import { Button, buttonClasses } from '~/components/ui/button';
import { Table, Th } from '~/components/ui/table';
import { cn } from '~/lib/cn';
import { formatCalendarDay, formatDate, formatDateTime, usd } from '~/lib/format';
import { ACCREDITATION_METHODS, commitmentLabel, STAFF_MOVES } from '~/lib/investing';
import { labelOf } from '~/lib/loans';
import { useActionAnswer, type ActionAnswer } from '~/lib/use-action-answer';
import type { DemandRow } from '~/lib/demand';
import { CommitmentBadge } from './demand-status';
import { EmailAddress } from '~/components/ui/email-address';

/** How the investor qualified on the deal's suitability statement. */
export function suitabilityBasis(s: { netWorth: boolean; income: boolean }): string {
  if (s.netWorth && s.income) return 'Net worth and income';
  if (s.netWorth) return 'Net worth over $250,000';
  if (s.income) return 'Income over $70,000';
  return 'No basis given';
}

function Suitability({ row }: { row: DemandRow }) {
  if (!row.suitability) return <span className="text-danger">Not signed</span>;
  return (
    <>
      <span className="block">Signed {formatDate(row.suitability.signedAt)}</span>
      <span className="block text-xs text-muted">{suitabilityBasis(row.suitability)}</span>
    </>
  );
}

function Accreditation({ row }: { row: DemandRow }) {
  const a = row.accreditation;
  if (!a) return <span className="text-danger">None on record</span>;
  return (
    <>
      <span className={cn('block', a.expired && 'font-semibold text-danger')}>
        {a.expired ? `Expired ${formatCalendarDay(a.expiresOn)}` : `Until ${formatCalendarDay(a.expiresOn)}`}
      </span>
      <span className="block text-xs text-muted">{labelOf(ACCREDITATION_METHODS, a.method)}</span>
    </>
  );
}

/** 'Move to…': the allowed moves of `row` with a note; closes after a success. */
function MoveForm({ row, noteMax }: { row: DemandRow; noteMax: number }) {
  const fetcher = useFetcher<ActionAnswer>();
  const disclosure = useRef<HTMLDetailsElement>(null);
  useActionAnswer(fetcher, {
    // Closed again, with the focus back on its summary rather than lost with the hidden form.
    onSuccess: () => {
      disclosure.current?.removeAttribute('open');
      disclosure.current?.querySelector('summary')?.focus();
    },
  });
  const moves = STAFF_MOVES[row.status];
  if (!moves.length) return <span className="text-sm text-muted">No moves</span>;
  const busy = fetcher.state !== 'idle';
  return (
    <details ref={disclosure} className="w-64 max-w-full">
      <summary className={buttonClasses('secondary', 'sm', 'cursor-pointer list-none [&::-webkit-details-marker]:hidden')}>
        Move to…
        <span className="sr-only">
          {' '}
          ({row.name}, {usd(row.amount)})
        </span>
      </summary>
      <fetcher.Form method="post" className="mt-3 grid gap-3 rounded-lg border border-line bg-ivory p-3">
        <input type="hidden" name="intent" value="move" />
        <input type="hidden" name="id" value={row.id} />
        <SelectField
          label="Move to"
          placeholder="Choose a status…"
          options={moves.map((m) => ({ value: m, label: commitmentLabel(m) }))}
          selectProps={{ name: 'to', required: true, defaultValue: moves[0] }}
        />
        <TextareaField
          label="Note to the investor"
          hint="Shown to the investor and in the e-mail. Required to decline."
          textareaProps={{ name: 'note', maxLength: noteMax, rows: 2, className: 'min-h-20' }}
        />
        <div>
          <Button type="submit" size="sm" variant="navy" disabled={busy}>
            {busy ? 'Moving…' : 'Move'}
          </Button>
        </div>
      </fetcher.Form>
    </details>
  );
}

/** The amounts `rows`; `noteMax` is the most characters of a move's note (the server's MOVE_NOTE_MAX). */
export function DemandAmountsTable({ rows, label, noteMax }: { rows: readonly DemandRow[]; label: string; noteMax: number }) {
  return (
    <Table label={label} minWidth={860}>
      <thead>
        <tr>
          <Th>Investor</Th>
          <Th className="text-right">Amount</Th>
          <Th>Status</Th>
          <Th>Suitability</Th>
          <Th>Accreditation</Th>
          <Th>Note</Th>
          <Th>
            <span className="sr-only">Actions</span>
          </Th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.id} className="border-t border-line align-top text-sm">
            <td className="py-3 pr-4">
              <span className="block font-medium text-navy-900">{r.name}</span>
              <a className="flex min-h-11 items-center text-muted hover:underline" href={`mailto:${r.email}`}>
                <EmailAddress email={r.email} />
              </a>
            </td>
            <td className="py-3 pr-4 text-right font-medium whitespace-nowrap">{usd(r.amount)}</td>
            <td className="py-3 pr-4">
              <CommitmentBadge status={r.status} />
              {r.position !== null && <span className="mt-1 block font-medium text-brass-800">No. {r.position} in line</span>}
              <span className="mt-1 block text-xs whitespace-nowrap text-muted">{formatDateTime(r.statusChangedAt)}</span>
            </td>
            <td className="py-3 pr-4">
              <Suitability row={r} />
            </td>
            <td className="py-3 pr-4">
              <Accreditation row={r} />
            </td>
            <td className="max-w-56 py-3 pr-4 break-words whitespace-pre-line">
              {r.note ?? <span className="text-muted">—</span>}
            </td>
            <td className="py-3">
              <MoveForm row={r} noteMax={noteMax} />
            </td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
