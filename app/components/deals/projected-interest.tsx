/**
 * The investor's projection on a deal page (issue 23 "Trust at first sight"): for the amount
 * typed, the projected monthly and total interest at the deal's rate over its term, in dollars
 * and cents (app/lib/investor-interest.ts, rounded once). A GET form the server answers
 * (`?amount=`), so it works without JavaScript; with it, the figures follow each keystroke, the
 * 'Show interest' button goes and Enter sends nothing. A deal that offers a loan also shows, for
 * the same amount, the lender's monthly servicing spread: the interest at the note rate less the
 * investor's (issue 25 "Investor returns"; app/lib/returns/positions.ts).
 */
import { useState } from 'react';
import { Form } from 'react-router';
import { Field } from '~/components/forms';
import { Button } from '~/components/ui/button';
import { months, percent, usd, usdCents } from '~/lib/format';
import { projectedInterest } from '~/lib/investor-interest';
import { monthlySpreadOnAmount, spreadPercent } from '~/lib/returns/positions';
import { readDollars } from '~/lib/money';
import { cn } from '~/lib/cn';
import { useHydrated } from '~/lib/use-hydrated';

interface Props {
  dealId: string;
  ratePercent: number;
  /** The note rate of the loan the deal offers, or null: the spread is shown with it. */
  noteRatePercent?: number | null;
  termMonths: number;
  minimumInvestment: number;
  /** The amount the page was asked for (`?amount=`), whole dollars, or null. */
  asked: number | null;
  className?: string;
}

export function ProjectedInterest({
  dealId,
  ratePercent,
  noteRatePercent = null,
  termMonths,
  minimumInvestment,
  asked,
  className,
}: Props) {
  const hydrated = useHydrated();
  const [typed, setTyped] = useState(String(asked ?? minimumInvestment));
  const amount = readDollars(typed);
  const projection = amount === null ? null : projectedInterest(amount, ratePercent, termMonths);
  const spread =
    amount === null || noteRatePercent === null || ratePercent > noteRatePercent
      ? null
      : monthlySpreadOnAmount(amount, noteRatePercent, ratePercent);
  return (
    <section
      aria-labelledby="projected-interest"
      id="projected"
      className={cn('rounded-[var(--radius-card)] border border-line bg-white p-6', className)}
    >
      <h2 id="projected-interest" className="text-xl">
        Projected interest
      </h2>
      <p className="mt-1 text-sm text-muted">
        At this deal’s investor rate of {percent(ratePercent)} a year, paid monthly, over its {months(termMonths)}.
      </p>
      <Form
        method="get"
        action={`/deal/${dealId}#projected`}
        preventScrollReset
        replace
        className="mt-4 grid gap-3"
        // With JavaScript the figures follow the typing: Enter has nothing to send.
        onSubmit={(event) => {
          if (hydrated) event.preventDefault();
        }}
      >
        <Field
          label="If I invest (USD)"
          hint={`Whole dollars; the minimum is ${usd(minimumInvestment)}.`}
          inputProps={{
            name: 'amount',
            type: 'text',
            inputMode: 'numeric',
            autoComplete: 'off',
            value: typed,
            onChange: (e) => setTyped(e.currentTarget.value),
            maxLength: 20,
          }}
        />
        {!hydrated && (
          <Button type="submit" variant="secondary">
            Show interest
          </Button>
        )}
      </Form>
      <output aria-live="polite" className="mt-4 block">
        {projection ? (
          <dl className="grid grid-cols-2 gap-4 rounded-lg bg-ivory p-4">
            <div>
              <dt className="text-xs font-semibold tracking-[0.12em] text-muted uppercase">Each month</dt>
              <dd className="mt-1 font-serif text-2xl text-navy-950" data-testid="monthly-interest">
                {usdCents(projection.monthlyCents)}
              </dd>
            </div>
            <div>
              <dt className="text-xs font-semibold tracking-[0.12em] text-muted uppercase">Over {months(termMonths)}</dt>
              <dd className="mt-1 font-serif text-2xl text-navy-950" data-testid="total-interest">
                {usdCents(projection.totalCents)}
              </dd>
            </div>
            {spread && noteRatePercent !== null && (
              <div className="col-span-2">
                <dt className="text-xs font-semibold tracking-[0.12em] text-muted uppercase">Servicing spread each month</dt>
                <dd className="mt-1 font-serif text-xl text-navy-950" data-testid="monthly-spread">
                  {usdCents(spread.spreadCents)}
                </dd>
                <dd className="mt-1 text-xs text-muted">
                  {`The loan pays ${percent(noteRatePercent)}; the lender keeps the difference to your rate (${percent(spreadPercent(noteRatePercent, ratePercent))}) for servicing the loan.`}
                </dd>
              </div>
            )}
          </dl>
        ) : (
          <p className="text-sm text-danger">Please enter an amount in whole dollars, such as 25,000.</p>
        )}
      </output>
      <p className="mt-3 text-xs leading-relaxed text-muted">
        Simple interest on the amount, before any servicing fee, if the borrower pays as agreed; your principal comes back when
        the loan is repaid. A projection, not a promise: read the risk factors.
      </p>
    </section>
  );
}
