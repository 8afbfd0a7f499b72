/**
 * The payment calculator on /borrowers (issue 23 "Trust at first sight"): a loan amount and a
 * program give the monthly interest-only payment at the program's lowest rate, the points and
 * each fee in dollars, and the estimated cash at closing (`quoteProgram`, app/lib/program-money.ts,
 * in integer cents). A GET form: without JavaScript the server answers the query
 * (`?program=…&amount=…`, read by the page's loader with the calculator's schema); with it the
 * figures follow the typing, and Enter updates the address to share.
 */
import { getFormProps, getSelectProps, useForm, type SubmissionResult } from '@conform-to/react';
import { useState } from 'react';
import { Form } from 'react-router';
import { MoneyField, SelectField } from '~/components/forms';
import { Button } from '~/components/ui/button';
import { cardClasses } from '~/components/ui/card';
import { formatCalendarDay, percent, typedDollars, usd, usdCents } from '~/lib/format';
import { plainDollars } from '~/lib/money';
import { parseForm, readWholeNumber } from '~/lib/parse-form';
import { quoteProgram, type ProgramQuote } from '~/lib/program-money';
import { CALCULATOR_DOLLARS, CALCULATOR_MAX_DOLLARS, calculatorSchema } from '~/lib/schemas/calculator';
import type { LoanProgram } from '~/lib/site-content';
import { useHydrated } from '~/lib/use-hydrated';
import { cn } from '~/lib/cn';

/** What the page's loader read from the query: the values typed, and Conform's reply when it refused them. */
export interface CalculatorQuery {
  program: string;
  amount: string;
  result?: SubmissionResult<string[]>;
}

const range = (low: number, high: number) => (low === high ? usdCents(low) : `${usdCents(low)} – ${usdCents(high)}`);

/** The quote's figures, as rows of a table: what, how it is reckoned, dollars. */
function quoteRows(p: LoanProgram, q: ProgramQuote): [string, string, string][] {
  const points = p.pointsFrom === p.pointsTo ? `${p.pointsFrom} points` : `${p.pointsFrom} – ${p.pointsTo} points`;
  return [
    ['Monthly interest-only payment', `at ${percent(p.rateFrom)} a year`, usdCents(q.monthlyPayment)],
    ['Origination points', points, range(q.pointsLow, q.pointsHigh)],
    ['Underwriting fee', 'at closing', usdCents(q.underwritingFee)],
    ['Legal & document fee', 'at closing', usdCents(q.legalFee)],
    ['Estimated cash at closing', 'points and fees', range(q.cashAtClosingLow, q.cashAtClosingHigh)],
    ['Draw fee', q.drawFee === null ? 'no draws' : 'each draw', q.drawFee === null ? '—' : usdCents(q.drawFee)],
    [
      'Extension fee',
      `${p.extensionPoints} ${p.extensionPoints === 1 ? 'point' : 'points'}, if extended`,
      usdCents(q.extensionFee),
    ],
  ];
}

/** The amount typed as whole dollars, or null when it is not one the calculator takes. */
function readAmount(text: string): number | null {
  const n = readWholeNumber(plainDollars(text));
  return Number.isSafeInteger(n) && n > 0 && n <= CALCULATOR_MAX_DOLLARS ? n : null;
}

export function PaymentCalculator({ programs, query }: { programs: readonly LoanProgram[]; query: CalculatorQuery }) {
  const hydrated = useHydrated();
  const schema = calculatorSchema(programs.map((p) => p.id));
  const [form, fields] = useForm({
    id: 'payment-calculator',
    lastResult: query.result,
    defaultValue: { program: query.program, amount: query.amount },
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseForm(formData, { schema, dollars: CALCULATOR_DOLLARS }),
  });
  const [live, setLive] = useState({ program: query.program, amount: query.amount });
  const program = programs.find((p) => p.id === live.program) ?? null;
  const amount = readAmount(live.amount);
  // The server's answer before hydration; the typing after (the same module, the same cents).
  const quote = program && amount !== null ? quoteProgram(program, amount) : null;
  const outside =
    program && amount !== null && (amount < program.minAmount || amount > program.maxAmount)
      ? `The ${program.name} program lends ${usd(program.minAmount)} to ${usd(program.maxAmount)}.`
      : undefined;
  const { key: _key, ...selectProps } = getSelectProps(fields.program);
  return (
    <div className="grid gap-8 lg:grid-cols-[2fr_3fr]">
      <Form
        method="get"
        action="/borrowers#calculator"
        preventScrollReset
        replace
        {...getFormProps(form)}
        onInput={(e) => {
          const target = e.target as HTMLInputElement;
          if (target.name === 'program' || target.name === 'amount') setLive((all) => ({ ...all, [target.name]: target.value }));
        }}
        className={cardClasses('none', 'grid content-start gap-5 p-6 sm:p-8')}
      >
        <SelectField
          label="Loan program"
          placeholder="Choose a program…"
          options={programs.map((p) => ({ value: p.id, label: p.name }))}
          errors={fields.program.errors}
          selectProps={selectProps}
        />
        <MoneyField label="Loan amount" field={fields.amount} warning={outside} />
        <div>
          <Button type="submit" variant="navy">
            {hydrated ? 'Update the link' : 'Calculate'}
          </Button>
          {hydrated && <p className="mt-2 text-sm text-muted">The figures follow your typing; the link keeps them to share.</p>}
        </div>
      </Form>
      <div aria-live="polite" aria-atomic="true">
        {quote && program ? (
          <div className={cardClasses('none', 'p-6 sm:p-8')}>
            <h3 className="text-2xl">
              {usdCents(quote.amount).replace(/\.00$/, '')} under {program.name}
            </h3>
            <table className="mt-5 w-full text-sm">
              <caption className="sr-only">
                Estimated payment, points and fees of a {usd(amount!)} {program.name} loan
              </caption>
              <tbody>
                {quoteRows(program, quote).map(([label, how, value]) => (
                  <tr
                    key={label}
                    className={cn(
                      'border-b border-line/70 last:border-0',
                      label === 'Estimated cash at closing' && 'bg-brass-50',
                    )}
                  >
                    <th scope="row" className="py-2.5 pr-4 pl-2 text-left font-medium text-navy-900">
                      {label}
                      <span className="block text-xs font-normal text-muted">{how}</span>
                    </th>
                    <td className="py-2.5 pr-2 text-right font-serif text-lg text-navy-900 tabular-nums">{value}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <p className="mt-5 text-xs leading-relaxed text-muted">
              Estimated cash at closing is what you pay the lender when the loan closes: the points and the underwriting and legal
              fees, paid at closing or deducted from the loan proceeds (net proceeds{' '}
              {range(quote.netProceedsHigh, quote.netProceedsLow)}). It leaves out your down payment and third-party costs (title,
              escrow, appraisal, insurance and taxes). Terms as of {formatCalendarDay(program.asOf)}. {program.note}
            </p>
          </div>
        ) : (
          <p className={cardClasses('none', 'p-6 text-muted sm:p-8')}>
            Choose a program and type a loan amount, such as {typedDollars('500000')}, to see the monthly payment, the points and
            fees in dollars and the cash due at closing.
          </p>
        )}
      </div>
    </div>
  );
}
