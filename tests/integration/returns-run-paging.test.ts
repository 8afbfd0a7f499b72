/**
 * A distribution run's staff page holds RUN_INVESTORS_PAGE_SIZE investors a page, by name
 * (issue 25 bench: a run of 2,000 investors rendered at once took 700 ms): 55 investors on one
 * loan, one payment; the open run's preview and the approved run's stored payments are paged
 * alike, the totals count every investor, a page past the last shows the last, and each page's
 * "By loan" rows are its own investors'.
 */
import { asc, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { RUN_INVESTORS_PAGE_SIZE } from '~/lib/returns/distribution';
import { requestContext } from '~/load-context';
import { loader as runLoader } from '~/routes/admin/distribution-run';
import { db } from '~/server/db/client.server';
import { user } from '~/server/db/schema';
import { approveRun, openRun, runDetail, type RunDetail } from '~/server/domain/returns/distributions.server';
import { billDueDay } from '~/server/domain/servicing/billing.server';
import { recordPayment } from '~/server/domain/servicing/payments.server';
import { dealOnLoan } from '../support/returns';
import { signedInThroughLogin } from '../support/route-accounts';
import { useTestDatabase } from '../support/test-database';

useTestDatabase();

const INVESTORS = 55;

/** Every page of run `number`, from page 1 until the page count. */
async function allPages(number: number): Promise<RunDetail[]> {
  const first = (await runDetail(number, 1))!;
  const rest = [];
  for (let p = 2; p <= first.pageCount; p++) rest.push((await runDetail(number, p))!);
  return [first, ...rest];
}

function expectPaged(pages: RunDetail[]) {
  expect(pages.map((p) => p.investors.length)).toEqual([RUN_INVESTORS_PAGE_SIZE, INVESTORS - RUN_INVESTORS_PAGE_SIZE]);
  expect(pages.map((p) => p.page)).toEqual([1, 2]);
  const everyone = pages.flatMap((p) => p.investors);
  expect(new Set(everyone.map((i) => i.investorId)).size).toBe(INVESTORS);
  // The totals are the whole run's, on every page.
  for (const p of pages) {
    expect(p.totals.investors).toBe(INVESTORS);
    expect(p.totals.payableCents).toBe(everyone.reduce((s, i) => s + i.amountCents, 0));
  }
  for (const i of everyone) expect(i.loans.map((l) => l.loanId)).toHaveLength(1);
}

describe('a run of 55 investors', () => {
  it('pages the open preview and the approved run 50 a page, with the whole run’s totals', async () => {
    const world = await dealOnLoan({
      positions: Array.from({ length: INVESTORS }, () => ({ amountCents: 1_000_000 })),
    });
    // Names whose order differs between collations ('Zoe' sorts before 'ann' by code point, after
    // it by the browser's), and a third of them alike so the id decides.
    for (const [i, { investor }] of world.positions.entries())
      await db()
        .update(user)
        .set({ name: ['ann Moss', 'Zoe Hart', 'Sam Park'][i % 3]! })
        .where(eq(user.id, investor.id));
    await db().transaction((tx) => billDueDay(tx, world.loan.id, '2026-02-01'));
    await recordPayment(world.admin, world.loan, {
      day: '2026-02-02',
      amountCents: 533_333,
      method: 'wire',
      overpayment: 'principal',
    });
    const run = await openRun(world.admin, { periodFrom: '2026-02-01', periodTo: '2026-02-28' });

    const open = await allPages(run.number);
    expectPaged(open);
    expect((await runDetail(run.number, 99))!.page).toBe(2);

    await approveRun(world.admin, run.id, { expectedInvestorsCents: open[0]!.totals.investorsCents });
    const stored = await allPages(run.number);
    expectPaged(stored);
    // The stored run shows what the preview showed, investor by investor.
    const amounts = (pages: RunDetail[]) =>
      new Map(pages.flatMap((p) => p.investors.map((i) => [i.investorId, i.amountCents] as const)));
    expect(amounts(stored)).toEqual(amounts(open));
    // …in the same order: a page of the open run and of the approved run list the same people
    // (investors of one name go by id, which mixes cases; the preview once sorted by the
    // browser's collation and the stored run by the database's).
    const ids = (pages: RunDetail[]) => pages.flatMap((p) => p.investors.map((i) => i.investorId));
    expect(ids(stored)).toEqual(ids(open));
    expect(stored[1]!.totals).toEqual({ ...open[0]!.totals });
    // By name, then id, as the database orders them, across the pages.
    const byName = await db()
      .select({ id: user.id })
      .from(user)
      .where(inArray(user.id, ids(open)))
      .orderBy(asc(user.name), asc(user.id));
    expect(ids(open)).toEqual(byName.map((u) => u.id));
    // A page past the end shows the last page, its investors and all.
    const past = (await runDetail(run.number, 99))!;
    expect(past.page).toBe(2);
    expect(past.investors).toEqual((await runDetail(run.number, 2))!.investors);
    expect(past.investors.length).toBeGreaterThan(0);

    // Through the page's loader: ?page=2 (and a page that is not a number falls back to 1).
    const staff = await signedInThroughLogin({ isAdmin: true }, { twoFactor: true });
    const load = async (query: string) =>
      (await runLoader({
        request: new Request(`http://localhost:3000/admin-dashboard/distributions/${run.number}${query}`, {
          headers: { Cookie: staff.cookie },
        }),
        params: { number: String(run.number) },
        context: requestContext({ clientIp: '192.0.2.10', cspNonce: '', requestId: 'run-paging' }),
      } as never)) as RunDetail;
    expect((await load('?page=2')).investors.map((i) => i.investorId)).toEqual(stored[1]!.investors.map((i) => i.investorId));
    expect((await load('?page=two')).page).toBe(1);
  });
});
