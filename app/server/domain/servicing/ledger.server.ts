/**
 * The stored ledger of a funded loan (issue 24 "The ledger"): reading its entries as
 * app/lib/servicing/ledger.ts's `LedgerEntry`, and appending new ones with the balances after
 * each. Rows are only ever inserted (the database refuses an update or delete, migration 0015);
 * every change to a loan's money goes through `appendEntries` under `lockServicing`, so the
 * running balances (`…After`) are the previous row's plus the entry's effect, and the latest
 * row's balances equal the sum of all entries.
 *
 * Units: cents, the lender's days 'YYYY-MM-DD'.
 */
import { randomUUID } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import {
  balances,
  entryEffect,
  type Balances,
  type LateChargeRule,
  type LedgerEntry,
  type LoanTerms,
} from '~/lib/servicing/ledger';
import type { ScheduleTerms } from '~/lib/servicing/schedule';
import type { PaymentMethod } from '~/lib/servicing/vocabulary';
import { db, type Transaction, type Reader } from '../../db/client.server';
import { ledgerEntry, loanServicing } from '../../db/schema';
import { loanBound, type LoanId } from '../loans/loan.server';
import { preparedRead } from '../../db/prepared.server';
import { entriesPart, extensionPart, servicingPart } from './loan-reads.server';

/** A loan's boarded closing record. */
export type Servicing = typeof loanServicing.$inferSelect;
type Row = typeof ledgerEntry.$inferSelect;

/** What an entry carries besides the arithmetic: who, how, which installment, which draw. */
export interface EntryMeta {
  dueOn?: string | null;
  method?: PaymentMethod | null;
  reference?: string | null;
  /** The recording form's key (a payment): the database keeps one entry per loan and key. */
  idempotencyKey?: string | null;
  drawId?: string | null;
}

/** A stored entry: the arithmetic's `LedgerEntry` and its record. */
export type StoredEntry = LedgerEntry & {
  seq: number;
  dueOn: string | null;
  method: PaymentMethod | null;
  reference: string | null;
  drawId: string | null;
  actorName: string | null;
  createdAt: Date;
  after: Balances;
};

/** The note's late-charge term, from the closing record (ledger.ts `LateChargeRule`). */
export function lateChargeRule(s: Servicing): LateChargeRule {
  return {
    percent: s.lateChargePercent,
    graceDays: s.graceDays,
    minimumCents: s.lateChargeMinimumCents,
    maximumCents: s.lateChargeMaximumCents,
    ownerOccupied: s.ownerOccupied,
  };
}

/** The terms the arithmetic needs, from the closing record. */
export function loanTerms(s: Servicing): LoanTerms {
  return {
    ratePercent: s.ratePercent,
    method: s.interestMethod,
    accrual: s.accrual,
    holdbackCents: s.holdbackCents,
  };
}

/** A new entry's id (a ledger entry's id is a UUID, so a reversal can name its payment). */
export const entryId = () => randomUUID();

function application(r: Row) {
  return {
    feesCents: r.feesCents ?? 0,
    interestCents: r.interestCents ?? 0,
    principalCents: r.principalCents ?? 0,
    suspenseCents: r.suspenseCents ?? 0,
  };
}

/** A stored row as the arithmetic's entry. */
function toEntry(r: Row): LedgerEntry {
  const base = { id: r.id, day: r.day, amountCents: r.amountCents };
  switch (r.kind) {
    case 'closing-disbursement':
    case 'draw-disbursement':
    case 'late-charge':
      return { ...base, kind: r.kind };
    case 'interest-billed':
      return { ...base, kind: r.kind, from: r.periodFrom!, to: r.periodTo! };
    case 'fee':
      return { ...base, kind: r.kind, description: r.description ?? '' };
    case 'payment':
      return { ...base, kind: r.kind, application: application(r) };
    case 'payment-reversal':
      return { ...base, kind: r.kind, application: application(r), reverses: r.reverses!, reason: r.reason ?? '' };
    case 'adjustment':
      return { ...base, kind: r.kind, bucket: r.bucket!, reason: r.reason ?? '' };
    case 'payoff':
      return { ...base, kind: r.kind, application: application(r), holdbackReleasedCents: r.holdbackReleasedCents ?? 0 };
    case 'suspense-applied':
      return { ...base, kind: r.kind, application: application(r) };
    case 'refund':
      return { ...base, kind: r.kind, reason: r.reason ?? '' };
  }
}

/** A stored row of `ledger_entry` as the arithmetic's entry with its record. */
export function stored(r: Row): StoredEntry {
  return {
    ...toEntry(r),
    seq: r.seq,
    dueOn: r.dueOn,
    method: r.method,
    reference: r.reference,
    drawId: r.drawId,
    actorName: r.actorName,
    createdAt: r.createdAt,
    after: {
      principalCents: r.principalAfter,
      holdbackCents: r.holdbackAfter,
      interestDueCents: r.interestDueAfter,
      feesDueCents: r.feesDueAfter,
      suspenseCents: r.suspenseAfter,
    },
  };
}

/** The closing record of loan `loanId` (an id, or SQL naming one: `LoanId`), or null when it is not boarded. */
export async function servicingOf(loanId: LoanId, tx: Reader = db()): Promise<Servicing | null> {
  const [row] = await servicingRow(loanBound(loanId), tx);
  return row ?? null;
}
const servicingRow = preparedRead('loan_servicing', servicingPart);

/**
 * The closing record of loan `loanId`, locked in `tx` for a change of its money: every append
 * takes this lock first, so two changes of one loan run one after the other.
 * @throws Error when the loan is not boarded (callers check first).
 */
export async function lockServicing(tx: Transaction, loanId: string): Promise<Servicing> {
  const [row] = await tx.select().from(loanServicing).where(eq(loanServicing.loanId, loanId)).for('update');
  if (!row) throw new Error(`Loan ${loanId} is not boarded`);
  return row;
}

/** Every entry of loan `loanId` (`LoanId`) in the order recorded. */
export async function readEntries(loanId: LoanId, tx: Reader = db()): Promise<StoredEntry[]> {
  return (await entryRows(loanBound(loanId), tx)).map(stored);
}
const entryRows = preparedRead('ledger_entries', entriesPart);

/** The balances after the latest entry (the note's holdback and zeros before the first). */
export async function currentBalances(s: Servicing, tx: Reader = db()): Promise<Balances> {
  const [last] = await tx
    .select()
    .from(ledgerEntry)
    .where(eq(ledgerEntry.loanId, s.loanId))
    .orderBy(desc(ledgerEntry.seq))
    .limit(1);
  return last ? stored(last).after : balances([], s);
}

/**
 * The maturity in force: the boarded one, or the last approved extension's new maturity.
 */
export async function maturityOf(s: Servicing, tx: Reader = db()): Promise<string> {
  return (await extendedMaturity(s.loanId, tx)) ?? s.maturityOn;
}

/** The latest new maturity of loan `loanId`'s approved extensions (a calendar day), or null when none. */
export async function extendedMaturity(loanId: LoanId, tx: Reader = db()): Promise<string | null> {
  const [ext] = await latestExtension(loanBound(loanId), tx);
  return ext?.on ?? null;
}
const latestExtension = preparedRead('loan_extended_maturity', extensionPart);

/** The schedule's days of a loan, with the maturity in force. */
export async function scheduleTerms(s: Servicing, tx: Reader = db()): Promise<ScheduleTerms> {
  return { fundedOn: s.fundedOn, firstPaymentOn: s.firstPaymentOn, maturityOn: await maturityOf(s, tx) };
}

/**
 * Appends `entries` (each with its meta) to the ledger of `s`, which the caller locked in `tx`
 * with `lockServicing`, recording `actor` (null: the system) and the balances after each.
 * Returns the stored entries.
 * @throws RangeError from `entryEffect` for an entry the arithmetic refuses (a programming error:
 *   routes check input first); the database's constraints refuse a second reversal of a payment,
 *   a second late charge or bill for one due day.
 */
export async function appendEntries(
  tx: Transaction,
  s: Servicing,
  entries: readonly (LedgerEntry & EntryMeta)[],
  actor: { id: string; name: string } | null,
): Promise<StoredEntry[]> {
  if (entries.length === 0) return [];
  let after = await currentBalances(s, tx);
  const rows: (typeof ledgerEntry.$inferInsert)[] = [];
  for (const e of entries) {
    const d = entryEffect(e);
    after = {
      principalCents: after.principalCents + d.principalCents,
      holdbackCents: after.holdbackCents + d.holdbackCents,
      interestDueCents: after.interestDueCents + d.interestDueCents,
      feesDueCents: after.feesDueCents + d.feesDueCents,
      suspenseCents: after.suspenseCents + d.suspenseCents,
    };
    const app = 'application' in e ? e.application : null;
    rows.push({
      id: e.id,
      loanId: s.loanId,
      day: e.day,
      kind: e.kind,
      amountCents: e.amountCents,
      feesCents: app?.feesCents ?? null,
      interestCents: app?.interestCents ?? null,
      principalCents: app?.principalCents ?? null,
      suspenseCents: app?.suspenseCents ?? null,
      holdbackReleasedCents: e.kind === 'payoff' ? e.holdbackReleasedCents : null,
      bucket: e.kind === 'adjustment' ? e.bucket : null,
      periodFrom: e.kind === 'interest-billed' ? e.from : null,
      periodTo: e.kind === 'interest-billed' ? e.to : null,
      dueOn: e.dueOn ?? null,
      reverses: e.kind === 'payment-reversal' ? e.reverses : null,
      description: e.kind === 'fee' ? e.description : null,
      reason: e.kind === 'payment-reversal' || e.kind === 'adjustment' || e.kind === 'refund' ? e.reason : null,
      method: e.method ?? null,
      reference: e.reference ?? null,
      idempotencyKey: e.idempotencyKey ?? null,
      drawId: e.drawId ?? null,
      actorId: actor?.id ?? null,
      actorName: actor?.name ?? null,
      principalAfter: after.principalCents,
      holdbackAfter: after.holdbackCents,
      interestDueAfter: after.interestDueCents,
      feesDueAfter: after.feesDueCents,
      suspenseAfter: after.suspenseCents,
    });
  }
  const inserted = await tx.insert(ledgerEntry).values(rows).returning();
  return inserted.sort((a, b) => a.seq - b.seq).map(stored);
}
