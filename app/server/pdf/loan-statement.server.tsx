/**
 * A monthly statement as a PDF (issue 24 "Monthly statements"): the figures the billing job
 * computed from the ledger (app/lib/servicing/statement.ts `StatementFigures`), written out by the
 * one format module, so the PDF shows the ledger's cents. The frame (letterhead, standard fonts,
 * nothing registered or fetched) is document.server.tsx's, shared by every statement: no setup
 * per loan, which keeps the monthly run for thousands of loans lean.
 */
import { formatCalendarDay, percent, usdCents } from '~/lib/format';
import { addDays } from '~/lib/servicing/day-count';
import type { StatementFigures } from '~/lib/servicing/statement';
import { LEDGER_ENTRY_KINDS } from '~/lib/servicing/vocabulary';
import { View } from '@react-pdf/renderer';
import { Fact, Facts, PdfDocument, PdfHeading, PdfParagraph, renderPdf } from './document.server';

const KIND_LABEL = new Map<string, string>(LEDGER_ENTRY_KINDS.map((k) => [k.value, k.label]));

/** The statement's period as a reader says it: 'Oct 5, 2026 – Oct 31, 2026'. */
export function periodLine(f: Pick<StatementFigures, 'periodFrom' | 'periodTo'>): string {
  return `${formatCalendarDay(f.periodFrom)} – ${formatCalendarDay(addDays(f.periodTo, -1))}`;
}

/**
 * The statement's labelled figures, in the order the PDF prints them: what the test reads back
 * from the PDF and what the e-mail repeats in part.
 */
export function statementFacts(f: StatementFigures): [string, string][] {
  return [
    ['Interest period', periodLine(f)],
    ['Interest billed for the period', usdCents(f.interestBilledCents)],
    ['Principal outstanding', usdCents(f.principalCents)],
    ['Holdback remaining', usdCents(f.holdbackCents)],
    ['Interest due (arrears included)', usdCents(f.interestDueCents)],
    ['Fees and late charges due', usdCents(f.feesDueCents)],
    ['Suspense (received, not applied)', usdCents(f.suspenseCents)],
    ...(f.principalDueCents ? ([['Principal due at maturity', usdCents(f.principalDueCents)]] as [string, string][]) : []),
    ['Amount due', usdCents(f.amountDueCents)],
    ['Due date', formatCalendarDay(f.dueOn)],
    [`Late charge if unpaid after ${formatCalendarDay(addDays(f.lateChargeFrom, -1))}`, usdCents(f.lateChargeCents)],
    ['Per diem interest', usdCents(f.perDiemCents)],
    ['Interest rate', `${percent(f.ratePercent)} (${f.interestMethod === '30/360' ? '30/360' : 'Actual/360'})`],
    ['Maturity', formatCalendarDay(f.maturityOn)],
  ];
}

/**
 * The PDF's bytes of statement `f` for the loan at `property`. Without page numbers by default:
 * they make the renderer lay the page out twice, and the monthly run draws thousands.
 */
export async function renderStatement(
  f: StatementFigures,
  property: string,
  { pageNumbers = false }: { pageNumbers?: boolean } = {},
): Promise<Buffer> {
  return renderPdf(
    <PdfDocument
      title={`Statement for loan ${f.reference}`}
      subtitle={`${property} · due ${formatCalendarDay(f.dueOn)}`}
      pageNumbers={pageNumbers}
    >
      <Facts>
        {statementFacts(f).map(([label, value]) => (
          <Fact key={label} label={label} value={value} />
        ))}
      </Facts>
      <PdfHeading>Activity since the last statement</PdfHeading>
      <Facts>
        {f.activity.length ? (
          f.activity.map((a, i) => (
            <Fact
              key={i}
              label={[
                formatCalendarDay(a.day),
                KIND_LABEL.get(a.kind) ?? a.kind,
                a.period ? periodLine({ periodFrom: a.period.from, periodTo: a.period.to }) : null,
                a.detail,
              ]
                .filter(Boolean)
                .join(' · ')}
              value={usdCents(a.amountCents)}
            />
          ))
        ) : (
          <Fact label="No entries" value="" />
        )}
      </Facts>
      <View style={{ height: 14 }} />
      <PdfParagraph>
        Interest is billed in arrears on each due date for the days since the last one. A payment is applied to late charges and
        fees first, then to interest due, then to principal. The late charge applies when the installment is not paid within
        {` ${f.graceDays}`} days of its due date.
      </PdfParagraph>
    </PdfDocument>,
  );
}
