/**
 * Staff's changes to a funded loan's money (issue 24 "Lender's staff", on the loan review):
 * recording a payment, reversing one with a reason, adding a fee and adding an adjustment with a
 * reason. Each is one transaction under the loan's servicing lock: the ledger entries
 * (app/lib/servicing/ledger.ts's arithmetic), the audit event, and the borrower's notice and
 * e-mail. Amounts are integer cents; days the lender's 'YYYY-MM-DD'.
 *
 * Rules: a payment is applied in the documented order (ledger.ts `applyPayment`: interest due,
 * principal due (the balloon from the maturity on), late charges and fees, then the overpayment
 * to principal or suspense as staff choose); it is recorded once (the form's key, a reference unique per loan) to the balances on its day; a payment is reversed at
 * most once (a unique index), restoring every balance exactly; an adjustment may not leave a
 * balance below zero; nothing is recorded on a loan that is not Funded, before its funding day
 * or after today.
 */
import { and, eq } from 'drizzle-orm';
import { formatCalendarDay, lenderDay } from '~/lib/format';
import type { Cents } from '~/lib/money';
import { balancesOn, payment, reversal, type AdjustedBucket, type Balances, type LedgerEntry } from '~/lib/servicing/ledger';
import type { PaymentMethod } from '~/lib/servicing/vocabulary';
import type { Transaction } from '../../db/client.server';
import { db } from '../../db/client.server';
import { ledgerEntry } from '../../db/schema';
import { NotFound, Refused } from '../../errors.server';
import { audit } from '../audit.server';
import { lockLoan, tellBorrower, type Loan, type LoanActor } from '../loans/loan.server';
import {
  appendEntries,
  currentBalances,
  entryId,
  lockServicing,
  loanTerms,
  maturityOf,
  readEntries,
  type Servicing,
  type StoredEntry,
} from './ledger.server';

/** A recorded payment as staff enter it. */
export interface PaymentInput {
  day: string;
  amountCents: Cents;
  method: PaymentMethod;
  reference?: string | null;
  overpayment: 'principal' | 'suspense';
  /** The recording form's key: a second request with it returns the payment the first recorded. */
  idempotencyKey?: string;
}

/**
 * Runs `change` on funded loan `l` in one transaction with the loan and its closing record locked.
 * @throws Refused('conflict') when the loan is not Funded (or not boarded); Refused('invalid') for
 *   a day before the funding day or after today.
 */
async function onFundedLoan<T>(
  l: Loan,
  day: string | null,
  title: string,
  change: (tx: Transaction, s: Servicing, current: Loan) => Promise<T>,
  today = lenderDay(),
): Promise<T> {
  return db().transaction(async (tx) => {
    const current = await lockLoan(tx, l.id);
    if (current.stage !== 'funded') throw new Refused('conflict', 'Only a funded loan takes servicing entries.', title);
    const s = await lockServicing(tx, l.id);
    if (day !== null && day < s.fundedOn) throw new Refused('invalid', 'The date cannot be before the loan was funded.', title);
    if (day !== null && day > today) throw new Refused('invalid', 'The date cannot be in the future.', title);
    return change(tx, s, current);
  });
}

/**
 * Staff record `input` received on loan `l`: applied to the balances on its day, stored with its
 * method and reference, audited, and the borrower sent a receipt. Returns the stored payment.
 * A payment is recorded once: a request with the key of a form already recorded returns that
 * payment and records nothing (two clicks, a resent form), and a reference (check or wire number)
 * is unique among the loan's payments (the database's unique indexes hold it under any race).
 * @throws Refused as `onFundedLoan`; Refused('conflict') for a reference already recorded.
 */
export async function recordPayment(admin: LoanActor, l: Loan, input: PaymentInput, today = lenderDay()): Promise<StoredEntry> {
  return onFundedLoan(
    l,
    input.day,
    'Payment not recorded',
    async (tx, s, current) => {
      const entries = await readEntries(l.id, tx);
      if (input.idempotencyKey) {
        const [again] = await tx
          .select({ id: ledgerEntry.id })
          .from(ledgerEntry)
          .where(and(eq(ledgerEntry.loanId, l.id), eq(ledgerEntry.idempotencyKey, input.idempotencyKey)));
        const recorded = again && entries.find((e) => e.id === again.id);
        if (recorded) return recorded;
      }
      const reference = input.reference?.trim() || null;
      const same = reference && entries.find((e) => (e.kind === 'payment' || e.kind === 'payoff') && e.reference === reference);
      if (same)
        throw new Refused(
          'conflict',
          `A payment with the reference ${reference} was already recorded on ${formatCalendarDay(same.day)}.`,
          'Payment not recorded',
        );
      const maturity = await maturityOf(s, tx);
      const terms = loanTerms(s);
      // From the maturity on, the principal is due (the balloon) before any overpayment.
      const principalDueCents = input.day >= maturity ? balancesOn(entries, terms, input.day).principalCents : 0;
      const entry = payment(entries, terms, {
        id: entryId(),
        day: input.day,
        amountCents: input.amountCents,
        overpayment: input.overpayment,
        principalDueCents,
      });
      const [stored] = await appendEntries(
        tx,
        s,
        [{ ...entry, method: input.method, reference, idempotencyKey: input.idempotencyKey ?? null }],
        admin,
      );
      await audit(
        admin,
        'loan.payment_recorded',
        { type: 'loan', id: l.id },
        { reference: l.reference, ...input, application: entry.application },
        tx,
      );
      await tellBorrower(
        tx,
        current,
        'loan-payment-recorded',
        { title: 'Payment received', message: `We received your payment on ${current.reference}.`, type: 'success' },
        {
          day: input.day,
          amountCents: input.amountCents,
          ...entry.application,
          principalAfterCents: stored!.after.principalCents,
        },
      );
      return stored!;
    },
    today,
  );
}

/**
 * Staff reverse payment `paymentId` of loan `l` (a returned payment) on `today` for `reason`:
 * the same amount and parts put back, so every balance is as without the payment.
 * @throws NotFound for an id that is not a payment of this loan; Refused('conflict') when it was
 *   already reversed; Refused('invalid') without a reason.
 */
export async function reversePayment(admin: LoanActor, l: Loan, paymentId: string, reason: string, today = lenderDay()) {
  const why = reason.trim();
  if (!why) throw new Refused('invalid', 'Give the reason for the reversal.', 'Payment not reversed');
  return onFundedLoan(
    l,
    null,
    'Payment not reversed',
    async (tx, s, current) => {
      const entries = await readEntries(l.id, tx);
      const paid = entries.find((e) => e.id === paymentId && e.kind === 'payment');
      if (!paid) throw new NotFound('That payment is not on this loan.', 'Payment not reversed');
      if (entries.some((e) => e.kind === 'payment-reversal' && e.reverses === paymentId))
        throw new Refused('conflict', 'This payment was already reversed.', 'Payment not reversed');
      const entry = reversal(paid, { id: entryId(), day: today < paid.day ? paid.day : today, reason: why });
      const [stored] = await appendEntries(tx, s, [entry], admin);
      await audit(
        admin,
        'loan.payment_reversed',
        { type: 'loan', id: l.id },
        { reference: l.reference, payment: paymentId, amountCents: paid.amountCents, reason: why },
        tx,
      );
      await tellBorrower(
        tx,
        current,
        'loan-payment-reversed',
        { title: 'Payment reversed', message: `A payment on ${current.reference} was reversed: ${why}`, type: 'warning' },
        { paidOn: paid.day, amountCents: paid.amountCents, reason: why },
      );
      return stored!;
    },
    today,
  );
}

/**
 * Staff charge a fee of `amountCents` described by `description` on `day` (e.g. an inspection
 * fee). @throws Refused as `onFundedLoan`, Refused('invalid') without a description.
 */
export async function addFee(
  admin: LoanActor,
  l: Loan,
  input: { day: string; amountCents: Cents; description: string },
  today = lenderDay(),
) {
  const description = input.description.trim();
  if (!description) throw new Refused('invalid', 'Describe the fee.', 'Fee not added');
  return onFundedLoan(
    l,
    input.day,
    'Fee not added',
    async (tx, s) => {
      const [stored] = await appendEntries(
        tx,
        s,
        [{ kind: 'fee', id: entryId(), day: input.day, amountCents: input.amountCents, description }],
        admin,
      );
      await audit(admin, 'loan.fee_added', { type: 'loan', id: l.id }, { reference: l.reference, ...input, description }, tx);
      return stored!;
    },
    today,
  );
}

const BUCKET_BALANCE: Record<AdjustedBucket, keyof Balances> = {
  principal: 'principalCents',
  holdback: 'holdbackCents',
  interest: 'interestDueCents',
  fees: 'feesDueCents',
  suspense: 'suspenseCents',
};

/**
 * Staff correct one balance of `l` by `amountCents` (signed, not 0) on `day` for `reason`: a new
 * entry, never an edit. @throws Refused('invalid') without a reason, for 0, or when the balance
 * would fall below zero; Refused as `onFundedLoan`.
 */
export async function addAdjustment(
  admin: LoanActor,
  l: Loan,
  input: { day: string; bucket: AdjustedBucket; amountCents: Cents; reason: string },
  today = lenderDay(),
) {
  const reason = input.reason.trim();
  if (!reason) throw new Refused('invalid', 'Give the reason for the adjustment.', 'Adjustment not added');
  if (input.amountCents === 0) throw new Refused('invalid', 'An adjustment cannot be zero.', 'Adjustment not added');
  return onFundedLoan(
    l,
    input.day,
    'Adjustment not added',
    async (tx, s) => {
      const now = await currentBalances(s, tx);
      if (now[BUCKET_BALANCE[input.bucket]] + input.amountCents < 0)
        throw new Refused('invalid', 'The adjustment would leave that balance below zero.', 'Adjustment not added');
      const entry: LedgerEntry = {
        kind: 'adjustment',
        id: entryId(),
        day: input.day,
        bucket: input.bucket,
        amountCents: input.amountCents,
        reason,
      };
      const [stored] = await appendEntries(tx, s, [entry], admin);
      await audit(admin, 'loan.adjustment_added', { type: 'loan', id: l.id }, { reference: l.reference, ...input, reason }, tx);
      return stored!;
    },
    today,
  );
}
