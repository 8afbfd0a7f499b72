/**
 * What a probe of the money forms found, through the ledger page's action against a real
 * database: two identical payment forms sent at once record one payment (the form's key; a
 * reference unique per loan), and amounts written loosely ('1,00', '5,,,0', '$$5', a decimal comma)
 * are refused with a message, never read as a hundred times the amount; nothing is stored.
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { lenderDay } from '~/lib/format';
import { requestContext } from '~/load-context';
import { action as ledgerAction } from '~/routes/admin/loan-ledger';
import { db } from '~/server/db/client.server';
import { ledgerEntry } from '~/server/db/schema';
import type { Loan } from '~/server/domain/loans/loan.server';
import { closing, fundedLoan, newPerson } from '../support/servicing';
import { signedInThroughLogin, type RoutePerson } from '../support/route-accounts';
import { useTestDatabase } from '../support/test-database';

useTestDatabase();

const ORIGIN = 'http://localhost:3000';
let requests = 0;
const context = () =>
  requestContext({ clientIp: '203.0.113.96', cspNonce: '', requestId: `probe-${++requests}`, documentRequest: false });

let staff: RoutePerson;
let l: Loan;
beforeAll(async () => {
  staff = await signedInThroughLogin({ isAdmin: true }, { twoFactor: true });
  ({ loan: l } = await fundedLoan(await newPerson('admin'), closing()));
});

/** Posts `fields` to the ledger page's action as staff; the status and body. */
async function post(fields: Record<string, string>) {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.append(k, v);
  const request = new Request(`${ORIGIN}/admin-dashboard/loans/${l.reference}/ledger`, {
    method: 'POST',
    body,
    headers: { Origin: ORIGIN, Cookie: staff.cookie },
  });
  let result: unknown;
  try {
    result = await ledgerAction({ request, params: { reference: l.reference! }, context: context() } as never);
  } catch (thrown) {
    result = thrown;
  }
  if (result instanceof Response) return { status: result.status, body: null };
  const r = result as { init?: ResponseInit | null; data?: unknown };
  return { status: r.init?.status ?? 200, body: r.data };
}

const payments = async () =>
  db()
    .select()
    .from(ledgerEntry)
    .where(and(eq(ledgerEntry.loanId, l.id), eq(ledgerEntry.kind, 'payment')));

const paymentFields = (extra: Record<string, string>) => ({
  intent: 'payment',
  amountCents: '1,250.00',
  day: lenderDay(),
  method: 'wire',
  overpayment: 'suspense',
  ...extra,
});

describe('a payment is recorded once', () => {
  it('two identical forms sent at once (the same key) store one payment, and both answer it', async () => {
    const before = (await payments()).length;
    const fields = paymentFields({ idempotencyKey: randomUUID(), reference: 'FW-PROBE-1' });
    const answers = await Promise.all([post(fields), post(fields)]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    const after = await payments();
    expect(after.length).toBe(before + 1);
    expect(after.filter((p) => p.reference === 'FW-PROBE-1')).toHaveLength(1);
  });

  it('a second form with a reference already recorded is refused with the day, and stores nothing', async () => {
    const first = await post(paymentFields({ idempotencyKey: randomUUID(), reference: 'CHK-1001' }));
    expect(first.status).toBe(200);
    const before = (await payments()).length;
    const answers = await Promise.all([
      post(paymentFields({ idempotencyKey: randomUUID(), reference: 'CHK-1001' })),
      post(paymentFields({ reference: ' CHK-1001 ' })),
    ]);
    expect(answers.map((a) => a.status)).toEqual([409, 409]);
    expect(JSON.stringify(answers[0]!.body)).toContain('A payment with the reference CHK-1001 was already recorded on');
    expect((await payments()).length).toBe(before);
  });

  it('two forms without a key or reference are two payments (a borrower may send the same amount twice)', async () => {
    const before = (await payments()).length;
    const answers = await Promise.all([post(paymentFields({})), post(paymentFields({}))]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect((await payments()).length).toBe(before + 2);
  });
});

describe('amounts are read strictly', () => {
  it.each(['1,00', '5,,,0', '$$5', '1.000,50', '12,5', '0x10', '1e3'])(
    'refuses %j with a message and stores nothing',
    async (typed) => {
      const before = (await payments()).length;
      const answer = await post(paymentFields({ amountCents: typed, idempotencyKey: randomUUID() }));
      expect(answer.status).toBe(400);
      expect(JSON.stringify(answer.body)).toContain('Amount must be an amount in dollars and cents, like 1,250.00');
      expect((await payments()).length).toBe(before);
    },
  );

  it('still reads amounts as people write them', async () => {
    for (const [typed, cents] of [
      ['$1,250.50', 125_050],
      [' 25000 ', 2_500_000],
      ['$ 1,000,000', 100_000_000],
      ['.07', 7],
    ] as const) {
      const key = randomUUID();
      expect((await post(paymentFields({ amountCents: typed, idempotencyKey: key }))).status).toBe(200);
      const [row] = await db().select().from(ledgerEntry).where(eq(ledgerEntry.idempotencyKey, key));
      expect(row!.amountCents).toBe(cents);
    }
  });
});
