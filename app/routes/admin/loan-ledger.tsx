/**
 * /admin-dashboard/loans/{reference}/ledger, a funded loan's servicing for staff (issue 24
 * "Lender's staff"): the balances and terms, the ledger with every entry, and the forms to
 * record a payment, reverse one with a reason, add a fee and add an adjustment with a reason;
 * the updates its investors were sent and the form to post one (issue 25 "Loan updates").
 * Admins only; a loan without a closing record is not found. Every change is audited.
 */
import { randomUUID } from 'node:crypto';
import type { Route } from './+types/loan-ledger';
import { LoanHeader } from '~/components/loans/loan-header';
import { LoanUpdatesCard } from '~/components/returns/loan-updates';
import { LedgerHistory } from '~/components/servicing/ledger-history';
import { AdjustmentForm, FeeForm, PaymentForm, ReverseForm } from '~/components/servicing/ledger-forms';
import { ServicingFigures } from '~/components/servicing/servicing-summary';
import { StatementList } from '~/components/servicing/statement-list';
import { Card, CardHeader } from '~/components/ui/card';
import { lenderDay } from '~/lib/format';
import { parseForm } from '~/lib/parse-form';
import { loanUpdateSchema } from '~/lib/returns/updates';
import { adjustmentSchema, feeSchema, paymentSchema, reversalSchema } from '~/lib/servicing/forms';
import { answer, answerRefusals, found, refuseFields } from '~/server/answers.server';
import { propertyLine, staffLoan } from '~/server/domain/loans/loan.server';
import { loanInvestorCount, postLoanUpdate, updatesOfLoan } from '~/server/domain/returns/updates.server';
import { addAdjustment, addFee, recordPayment, reversePayment } from '~/server/domain/servicing/payments.server';
import { statementsOfLoan } from '~/server/domain/servicing/billing.server';
import { servicingSummary } from '~/server/domain/servicing/view.server';
import { NotFound } from '~/server/errors.server';
import { readForm, readIntent } from '~/server/forms.server';
import { requireAdmin } from '~/server/guards.server';
import { toastHeaders } from '~/server/toast.server';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdmin({ request, context });
  const l = found(await staffLoan(params.reference), 'Loan');
  const [summary, statements, updates, investors] = await Promise.all([
    servicingSummary(l, 'staff'),
    statementsOfLoan(l.id, l.reference!),
    updatesOfLoan(l.id),
    loanInvestorCount(l.id),
  ]);
  return {
    loan: { reference: l.reference, stage: l.stage, loanAmount: l.loanAmount },
    property: propertyLine(l),
    summary: found(summary, 'Loan'),
    statements,
    updates,
    investors,
    today: lenderDay(),
    // New on every load (and after every action, which reloads it): one payment per form sent.
    paymentKey: randomUUID(),
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const admin = await requireAdmin({ request, context });
  return answerRefusals(async () => {
    const l = await staffLoan(params.reference);
    if (!l) throw new NotFound('Loan not found.', 'Loan not found');
    const form = await readForm(request);
    const { intent } = readIntent(form, ['payment', 'fee', 'adjustment', 'reverse', 'update']);
    const today = lenderDay();
    const done = async (title: string, submission: { reply: (o: { resetForm: boolean }) => unknown }) =>
      answer(
        { ok: true, result: submission.reply({ resetForm: true }) as never },
        { headers: await toastHeaders({ type: 'success', title }) },
      );
    switch (intent) {
      case 'payment': {
        const submission = parseForm(form, { schema: paymentSchema(today) });
        if (submission.status !== 'success') return refuseFields('invalid', { ok: false, result: submission.reply() });
        await recordPayment(admin, l, submission.value, today);
        return done('Payment recorded', submission);
      }
      case 'fee': {
        const submission = parseForm(form, { schema: feeSchema(today) });
        if (submission.status !== 'success') return refuseFields('invalid', { ok: false, result: submission.reply() });
        await addFee(admin, l, submission.value, today);
        return done('Fee added', submission);
      }
      case 'adjustment': {
        const submission = parseForm(form, { schema: adjustmentSchema(today) });
        if (submission.status !== 'success') return refuseFields('invalid', { ok: false, result: submission.reply() });
        const { direction, amountCents, ...rest } = submission.value;
        await addAdjustment(admin, l, { ...rest, amountCents: direction === 'decrease' ? -amountCents : amountCents }, today);
        return done('Adjustment added', submission);
      }
      case 'reverse': {
        const submission = parseForm(form, { schema: reversalSchema });
        if (submission.status !== 'success') return refuseFields('invalid', { ok: false, result: submission.reply() });
        await reversePayment(admin, l, submission.value.paymentId, submission.value.reason, today);
        return done('Payment reversed', submission);
      }
      case 'update': {
        const submission = parseForm(form, { schema: loanUpdateSchema });
        if (submission.status !== 'success') return refuseFields('invalid', { ok: false, result: submission.reply() });
        await postLoanUpdate(admin, l, submission.value);
        return done('Update posted to investors', submission);
      }
    }
  });
}

export default function LoanLedger({ loaderData }: Route.ComponentProps) {
  const { loan, property, summary, statements, updates, investors, today, paymentKey } = loaderData;
  const open = loan.stage === 'funded';
  return (
    <>
      <LoanHeader
        back={{ to: `/admin-dashboard/loans/${loan.reference}`, label: 'Loan review' }}
        reference={loan.reference}
        stage={loan.stage}
        property={property}
        loanAmount={loan.loanAmount}
      />
      <div className="grid gap-6">
        <Card>
          <CardHeader title="Servicing" />
          <ServicingFigures summary={summary} paidOff={loan.stage === 'paid_off'} />
        </Card>
        {open && (
          <div className="grid gap-6 lg:grid-cols-2 2xl:grid-cols-3">
            <Card>
              <CardHeader title="Record a payment" />
              <PaymentForm today={today} formKey={paymentKey} />
            </Card>
            <Card>
              <CardHeader title="Add a fee" />
              <FeeForm today={today} />
            </Card>
            <Card>
              <CardHeader title="Add an adjustment" />
              <AdjustmentForm today={today} />
            </Card>
          </div>
        )}
        <LoanUpdatesCard updates={updates} investors={investors} />
        <StatementList statements={statements} staff />
        <Card>
          <CardHeader title="Ledger" />
          <LedgerHistory history={summary.history} staff onReverse={open ? (line) => <ReverseForm line={line} /> : undefined} />
        </Card>
      </div>
    </>
  );
}

export const meta: Route.MetaFunction = ({ params }) => [{ title: `Ledger of loan ${params.reference} | Ormsby Lending Admin` }];
