/**
 * The investor's distributions by month (issue 25 "Portfolio": "a chart of distributions by month
 * with a table alternative"): a bar per month, interest and principal stacked, drawn as SVG on the
 * server (no script), named for screen readers by its figure caption, with the same figures as a
 * table in a disclosure under it.
 */
import { Table, Th } from '~/components/ui/table';
import { formatCalendarMonth, usdCents } from '~/lib/format';
import type { Cents } from '~/lib/money';

export interface ChartMonth {
  /** 'YYYY-MM'. */
  month: string;
  interestCents: Cents;
  principalCents: Cents;
}

const WIDTH = 600;
const HEIGHT = 200;
const BASE = 176;
const TOP = 12;

export function DistributionsChart({ months }: { months: readonly ChartMonth[] }) {
  const max = Math.max(1, ...months.map((m) => Math.max(0, m.interestCents) + Math.max(0, m.principalCents)));
  const slot = WIDTH / Math.max(1, months.length);
  const scale = (cents: Cents) => (Math.max(0, cents) / max) * (BASE - TOP);
  const total = months.reduce((s, m) => s + m.interestCents + m.principalCents, 0);
  const first = months[0];
  const last = months.at(-1);
  const name =
    first && last
      ? `Distributions received by month, ${formatCalendarMonth(first.month)} to ${formatCalendarMonth(last.month)}: ${usdCents(total)} in all`
      : 'Distributions received by month';
  return (
    <figure>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={name} className="h-auto w-full">
        <line x1={0} x2={WIDTH} y1={BASE} y2={BASE} className="stroke-line" strokeWidth={1} />
        {months.map((m, i) => {
          const interest = scale(m.interestCents);
          const principal = scale(m.principalCents);
          const x = i * slot + slot * 0.2;
          const w = slot * 0.6;
          return (
            <g key={m.month}>
              <rect x={x} y={BASE - interest} width={w} height={interest} className="fill-navy-700" />
              <rect x={x} y={BASE - interest - principal} width={w} height={principal} className="fill-brass-400" />
              <text x={x + w / 2} y={HEIGHT - 6} textAnchor="middle" className="fill-muted text-[11px]">
                {formatCalendarMonth(m.month).slice(0, 3)}
              </text>
            </g>
          );
        })}
      </svg>
      <figcaption className="mt-2 flex flex-wrap gap-x-5 gap-y-1 text-sm text-muted">
        <span className="inline-flex items-center gap-2">
          <span aria-hidden className="inline-block size-3 rounded-sm bg-navy-700" /> Interest
        </span>
        <span className="inline-flex items-center gap-2">
          <span aria-hidden className="inline-block size-3 rounded-sm bg-brass-400" /> Principal returned
        </span>
      </figcaption>
      <details className="mt-3">
        <summary className="inline-flex min-h-11 cursor-pointer items-center text-sm font-semibold text-navy-800 sm:min-h-0">
          Show the figures as a table
        </summary>
        <div className="mt-3">
          <Table label="Distributions by month" minWidth={420}>
            <caption className="sr-only">Distributions received by month, US dollars</caption>
            <thead>
              <tr>
                <Th>Month</Th>
                <Th className="text-right">Interest</Th>
                <Th className="text-right">Principal</Th>
              </tr>
            </thead>
            <tbody>
              {months.map((m) => (
                <tr key={m.month} className="border-t border-line text-sm">
                  <th scope="row" className="py-2 pr-4 font-medium text-navy-900">
                    {formatCalendarMonth(m.month)}
                  </th>
                  <td className="py-2 pr-4 text-right tabular-nums">{usdCents(m.interestCents)}</td>
                  <td className="py-2 text-right tabular-nums">{usdCents(m.principalCents)}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        </div>
      </details>
    </figure>
  );
}
