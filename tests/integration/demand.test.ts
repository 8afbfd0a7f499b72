/**
 * The lender's view of demand against a real database (issue "Investing"; docs/product.md §11):
 * the totals of a deal equal the sums by status; every page of every filter holds exactly the
 * amounts a plain reading gives (status, then order of arrival), waitlisted ones with their place
 * in line; a move through the page's action is made, audited and e-mailed, a move STAFF_MOVES
 * forbids changes nothing; the CSV export holds every amount with formula-safe cells, asks who
 * you are after 10 minutes and is audited; investors and visitors reach none of it.
 */
import { randomUUID } from 'node:crypto';
import { and, count, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { requestContext } from '~/load-context';
import { lenderDay } from '~/lib/format';
import { COMMITMENT_STATUSES, commitmentLabel, type CommitmentStatus } from '~/lib/investing';
import { action as demandAction, loader as demandLoader } from '~/routes/admin/deal-investors';
import { action as loginAction } from '~/routes/auth/login';
import { action as exportAction, loader as exportLoader } from '~/routes/resources/deal-investors-export';
import { db } from '~/server/db/client.server';
import {
  accreditationRecord,
  auditEvent,
  deal,
  dealInterest,
  notification,
  outboxEmail,
  profile,
  session,
  softCommitment,
  suitabilityStatement,
  user,
} from '~/server/db/schema';
import { dashboardFigures } from '~/server/domain/admin-dashboard.server';
import { DEMAND_PAGE_SIZE } from '~/lib/investing';
import { dealDemand, statusWindows } from '~/server/domain/investing/demand.server';
import { demandAcrossActiveDeals, demandOfDeals } from '~/server/domain/investing/demand-summary.server';
import { useTestDatabase } from '../support/test-database';

useTestDatabase();

const BASE = 'http://localhost:3000';
const PASSWORD = 'Str0ng!Passw0rd';
const STATUS_ORDER = COMMITMENT_STATUSES.map((s) => s.value);
let ip = 0;
const context = () => requestContext({ clientIp: `198.51.100.${++ip % 250}`, cspNonce: '', requestId: 'demand-test' });

// ---------------------------------------------------------------- people and sessions

/** Signs up `email` through the login page's action, verifies it and signs in; returns the session cookie. */
async function signedIn(email: string): Promise<string> {
  const post = async (fields: Record<string, string>) => {
    const body = new FormData();
    for (const [k, v] of Object.entries(fields)) body.set(k, v);
    const request = new Request(`${BASE}/login`, { method: 'POST', body, headers: { Origin: BASE } });
    return (await loginAction({ request, params: {}, context: context() } as never)) as unknown;
  };
  await post({
    intent: 'signup',
    name: 'Staff Person',
    email,
    password: PASSWORD,
    confirmPassword: PASSWORD,
    acceptTerms: 'on',
    isBorrower: 'on',
  });
  await db().update(user).set({ emailVerified: true }).where(eq(user.email, email));
  const res = await post({ intent: 'signin', email, password: PASSWORD });
  if (!(res instanceof Response)) throw new Error('sign-in did not redirect');
  return res.headers
    .getSetCookie()
    .find((c) => c.startsWith('ormsby.session_token='))!
    .split(';')[0]!;
}

async function userIdOf(email: string) {
  const [row] = await db().select({ id: user.id }).from(user).where(eq(user.email, email));
  return row!.id;
}

/** An admin (with two-step verification, as every admin must have) signed in: cookie and id. */
async function signedInAdmin() {
  const email = `admin-${randomUUID().slice(0, 8)}@ormsby.test`;
  const cookie = await signedIn(email);
  const id = await userIdOf(email);
  await db().update(profile).set({ isAdmin: true }).where(eq(profile.userId, id));
  await db().update(user).set({ twoFactorEnabled: true }).where(eq(user.id, id));
  return { cookie, id, email };
}

/** An investor (not staff) signed in. */
async function signedInInvestor() {
  const email = `investor-${randomUUID().slice(0, 8)}@example.test`;
  const cookie = await signedIn(email);
  await db()
    .update(profile)
    .set({ isInvestor: true })
    .where(eq(profile.userId, await userIdOf(email)));
  return { cookie };
}

const get = (path: string, cookie?: string) => new Request(`${BASE}${path}`, { headers: cookie ? { Cookie: cookie } : {} });
function postForm(path: string, fields: Record<string, string>, cookie?: string) {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.set(k, v);
  return new Request(`${BASE}${path}`, {
    method: 'POST',
    body,
    headers: { Origin: BASE, ...(cookie ? { Cookie: cookie } : {}) },
  });
}

/** What a route function returned or threw: a Response, or React Router's `data()` with its status. */
async function outcome(run: () => Promise<unknown>) {
  let value: unknown;
  try {
    value = await run();
  } catch (thrown) {
    value = thrown;
  }
  if (value instanceof Response) return { status: value.status, response: value, data: null as unknown };
  const d = value as { type?: string; data?: unknown; init?: ResponseInit | null };
  if (d?.type === 'DataWithResponseInit') return { status: d.init?.status ?? 200, response: null, data: d.data, init: d.init };
  return { status: 200, response: null, data: value };
}

const loadPage = (dealId: string, cookie: string, query = '') =>
  outcome(() =>
    demandLoader({
      request: get(`/admin-dashboard/deals/${dealId}/investors${query}`, cookie),
      params: { id: dealId },
      // Posted by the page's form (a download, not a `.data` request), as the server marks it.
      context: requestContext({
        clientIp: `198.51.100.${++ip % 250}`,
        cspNonce: '',
        requestId: 'demand-test',
        documentRequest: true,
      }),
    } as never),
  );
const postMove = (dealId: string, cookie: string, fields: Record<string, string>) =>
  outcome(() =>
    demandAction({
      request: postForm(`/admin-dashboard/deals/${dealId}/investors`, { intent: 'move', ...fields }, cookie),
      params: { id: dealId },
      // Posted by the page's form (a download, not a `.data` request), as the server marks it.
      context: requestContext({
        clientIp: `198.51.100.${++ip % 250}`,
        cspNonce: '',
        requestId: 'demand-test',
        documentRequest: true,
      }),
    } as never),
  );
const postExport = (dealId: string, cookie: string, fields: Record<string, string> = {}) =>
  outcome(() =>
    exportAction({
      request: postForm(`/admin-dashboard/deals/${dealId}/investors/export`, fields, cookie),
      params: { id: dealId },
      // Posted by the page's form (a download, not a `.data` request), as the server marks it.
      context: requestContext({
        clientIp: `198.51.100.${++ip % 250}`,
        cspNonce: '',
        requestId: 'demand-test',
        documentRequest: true,
      }),
    } as never),
  );

// ---------------------------------------------------------------- a deal with demand

async function newDeal(values: Partial<typeof deal.$inferInsert> = {}) {
  const [row] = await db()
    .insert(deal)
    .values({
      title: `Deal ${randomUUID().slice(0, 6)}`,
      location: 'Reno, NV',
      description: 'A first-position bridge loan.',
      loanAmount: 5_000_000,
      ltv: 60,
      termMonths: 12,
      interestRate: 10,
      minimumInvestment: 25_000,
      investmentStep: 5_000,
      amountToRaise: 5_000_000,
      ...values,
    })
    .returning({ id: deal.id });
  return row!.id;
}

interface Seeded {
  id: string;
  investorId: string;
  status: CommitmentStatus;
  amount: number;
  queuedAt: Date;
}

/** How many amounts of each status the big deal has: page 2 of "all" spans several statuses. */
const MIX: [CommitmentStatus, number][] = [
  ['indicated', 57],
  ['waitlisted', 61],
  ['confirmed', 9],
  ['funded', 4],
  ['declined', 3],
  ['withdrawn', 2],
];
const base = Date.UTC(2026, 3, 1);
const today = lenderDay();
const future = '2099-12-31';

let bigDeal: string;
const seeded: Seeded[] = [];
const investors: { id: string; name: string; email: string }[] = [];

beforeAll(async () => {
  bigDeal = await newDeal();
  let i = 0;
  for (const [status, n] of MIX)
    for (let k = 0; k < n; k++, i++) {
      const who = {
        id: randomUUID(),
        name: i === 7 ? '=HYPERLINK("http://evil.example","Click")' : i === 8 ? 'Eve;=2+3' : `Investor ${i}`,
        email: `inv${i}-${randomUUID().slice(0, 6)}@example.test`,
      };
      investors.push(who);
      // Arrivals in a shuffled order, two at the same instant (the id decides between them).
      const minute = (i * 37) % 200;
      seeded.push({
        id: randomUUID(),
        investorId: who.id,
        status,
        amount: 25_000 + (i % 7) * 5_000,
        queuedAt: new Date(base + (i === 3 ? (4 * 37) % 200 : minute) * 60_000),
      });
    }
  await db()
    .insert(user)
    .values(investors.map((w) => ({ ...w, emailVerified: true })));
  await db()
    .insert(profile)
    .values(investors.map((w) => ({ userId: w.id, isInvestor: true })));
  await db()
    .insert(softCommitment)
    .values(seeded.map((s, k) => ({ ...s, dealId: bigDeal, statusChangedAt: s.queuedAt, note: k === 11 ? '+1 call me' : null })));
  // Every other investor signed the statement: net worth on even, income on odd.
  await db()
    .insert(suitabilityStatement)
    .values(
      investors
        .filter((_, k) => k % 2 === 0)
        .map((w, k) => ({
          investorId: w.id,
          dealId: bigDeal,
          formVersion: 'v',
          formText: 'text',
          answers: { netWorthOver250k: k % 2 === 0, incomeOver70k: k % 2 === 1, signature: w.name },
        })),
    );
  // Accreditation: none for every fifth; an expired record for every third, with a current one after it for some.
  await db()
    .insert(accreditationRecord)
    .values(
      investors.flatMap((w, k): (typeof accreditationRecord.$inferInsert)[] =>
        k % 5 === 0
          ? []
          : k % 3 === 0
            ? [
                { investorId: w.id, method: 'self_certified' as const, establishedOn: '2024-01-01', expiresOn: '2025-01-01' },
                ...(k % 2 === 0
                  ? [{ investorId: w.id, method: 'professional_letter' as const, establishedOn: '2025-01-01', expiresOn: future }]
                  : []),
              ]
            : [{ investorId: w.id, method: 'lender_verified' as const, establishedOn: '2025-06-01', expiresOn: future }],
      ),
    );
  // 55 of them follow the deal.
  await db()
    .insert(dealInterest)
    .values(investors.slice(0, 55).map((w, k) => ({ userId: w.id, dealId: bigDeal, createdAt: new Date(base + k * 3_600_000) })));
});

/** The seeded amounts in the page's order: status (vocabulary order), arrival, id. */
function expectedOrder(status: CommitmentStatus | null) {
  return seeded
    .filter((s) => !status || s.status === status)
    .sort(
      (a, b) =>
        STATUS_ORDER.indexOf(a.status) - STATUS_ORDER.indexOf(b.status) ||
        a.queuedAt.getTime() - b.queuedAt.getTime() ||
        (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
    );
}

// ---------------------------------------------------------------- reading

describe('the demand of a deal', () => {
  it('totals equal the sums by status; counted is Indicated + Confirmed + Funded, with its percent of the raise', async () => {
    const demand = (await dealDemand(bigDeal, { page: 1 }))!;
    for (const [status] of MIX) {
      const mine = seeded.filter((s) => s.status === status);
      expect(demand.totals.byStatus[status]).toEqual({ count: mine.length, amount: mine.reduce((n, s) => n + s.amount, 0) });
    }
    const [fromDb] = await db()
      .select({ n: count(), sum: sql<string>`sum(${softCommitment.amount})` })
      .from(softCommitment)
      .where(and(eq(softCommitment.dealId, bigDeal), sql`${softCommitment.status} in ('indicated', 'confirmed', 'funded')`));
    expect(demand.totals.counted).toEqual({ count: fromDb!.n, amount: Number(fromDb!.sum) });
    // To the tenth, half up (shareTenths): the deal page shows the same figure.
    const tenths = Math.floor((2000 * Number(fromDb!.sum) + 5_000_000) / 10_000_000);
    expect(demand.totals.percentOfRaise).toBe(tenths / 10);
    expect(demand.totals.left).toBe(5_000_000 - Number(fromDb!.sum));
    expect(demand.followerCount).toBe(55);
    expect(demand.deal).toMatchObject({
      id: bigDeal,
      amountToRaise: 5_000_000,
      minimumInvestment: 25_000,
      investmentStep: 5_000,
      status: 'Active',
    });
  });

  it.each([null, ...STATUS_ORDER])(
    'every page of %s holds exactly the amounts in order, waitlisted ones with their place in line',
    async (status) => {
      const expected = expectedOrder(status);
      const ids: string[] = [];
      const positions: (number | null)[] = [];
      let pageCount = 1;
      for (let page = 1; page <= pageCount; page++) {
        const { amounts } = (await dealDemand(bigDeal, { page, status }))!;
        expect(amounts!.page).toBe(page);
        expect(amounts!.total).toBe(expected.length);
        expect(amounts!.rows.length).toBeLessThanOrEqual(DEMAND_PAGE_SIZE);
        pageCount = amounts!.pageCount;
        ids.push(...amounts!.rows.map((r) => r.id));
        positions.push(...amounts!.rows.filter((r) => r.status === 'waitlisted').map((r) => r.position));
      }
      expect(pageCount).toBe(Math.max(1, Math.ceil(expected.length / DEMAND_PAGE_SIZE)));
      expect(ids).toEqual(expected.map((s) => s.id));
      const waiting = expected.filter((s) => s.status === 'waitlisted').length;
      expect(positions).toEqual(Array.from({ length: waiting }, (_, k) => k + 1));
    },
  );

  it('a page past the end gives the last page; the waitlist card is the head of the line', async () => {
    const demand = (await dealDemand(bigDeal, { page: 999 }))!;
    expect(demand.amounts!.page).toBe(demand.amounts!.pageCount);
    expect(demand.amounts!.rows.map((r) => r.id)).toEqual(
      expectedOrder(null)
        .slice((demand.amounts!.page - 1) * DEMAND_PAGE_SIZE)
        .map((s) => s.id),
    );
    expect(demand.waitlist.map((r) => [r.id, r.position])).toEqual(
      expectedOrder('waitlisted')
        .slice(0, 10)
        .map((s, k) => [s.id, k + 1]),
    );
  });

  it('each amount carries its investor, suitability basis and current accreditation record', async () => {
    const rows = [];
    for (let page = 1; page <= 3; page++) rows.push(...(await dealDemand(bigDeal, { page }))!.amounts!.rows);
    expect(rows).toHaveLength(seeded.length);
    for (const r of rows) {
      const k = investors.findIndex((w) => w.id === r.investorId);
      expect(r.email).toBe(investors[k]!.email);
      if (k % 2 === 0) expect(r.suitability).toMatchObject({ netWorth: (k / 2) % 2 === 0, income: (k / 2) % 2 === 1 });
      else expect(r.suitability).toBeNull();
      if (k % 5 === 0) expect(r.accreditation).toBeNull();
      else if (k % 3 === 0 && k % 2 !== 0)
        expect(r.accreditation).toEqual({ method: 'self_certified', expiresOn: '2025-01-01', expired: '2025-01-01' < today });
      else
        expect(r.accreditation).toMatchObject({
          expiresOn: future,
          expired: false,
          method: k % 3 === 0 ? 'professional_letter' : 'lender_verified',
        });
    }
  });

  it('pages the followers newest first, each with their open amount', async () => {
    const seen: string[] = [];
    for (let page = 1; page <= 2; page++) {
      const { followers } = (await dealDemand(bigDeal, { page, view: 'followers' }))!;
      expect(followers!.total).toBe(55);
      for (const f of followers!.rows) {
        const mine = seeded.find((s) => s.investorId === f.userId)!;
        const open = ['indicated', 'waitlisted', 'confirmed', 'funded'].includes(mine.status);
        expect(f.amount).toEqual(open ? { status: mine.status, amount: mine.amount } : null);
        seen.push(f.userId);
      }
    }
    expect(seen).toEqual(
      investors
        .slice(0, 55)
        .map((w) => w.id)
        .reverse(),
    );
  });

  it('cuts a page into one window per status it spans', () => {
    const counts = { indicated: 3, waitlisted: 0, confirmed: 4, funded: 0, declined: 10, withdrawn: 1 };
    expect(statusWindows(STATUS_ORDER, counts, 2, 5)).toEqual([
      { status: 'indicated', offset: 2, limit: 1, count: 3 },
      { status: 'confirmed', offset: 0, limit: 4, count: 4 },
    ]);
    expect(statusWindows(STATUS_ORDER, counts, 7, 50)).toEqual([
      { status: 'declined', offset: 0, limit: 10, count: 10 },
      { status: 'withdrawn', offset: 0, limit: 1, count: 1 },
    ]);
  });

  it('the dashboard and the deals list show counted demand against each raise; Closed and deleted deals leave the chart', async () => {
    const closed = await newDeal({ status: 'Closed' });
    const gone = await newDeal({ deletedAt: new Date() });
    const sum = (st: CommitmentStatus) => seeded.filter((s) => s.status === st).reduce((n, s) => n + s.amount, 0);
    const across = await demandAcrossActiveDeals();
    expect(across.find((d) => d.id === bigDeal)).toEqual({
      id: bigDeal,
      title: expect.any(String),
      amountToRaise: 5_000_000,
      indicated: sum('indicated'),
      confirmed: sum('confirmed'),
      funded: sum('funded'),
      waitlisted: sum('waitlisted'),
    });
    expect(across.map((d) => d.id)).not.toContain(closed);
    expect(across.map((d) => d.id)).not.toContain(gone);
    expect((await dashboardFigures()).demand.map((d) => d.id)).toContain(bigDeal);
    const listed = await demandOfDeals([bigDeal, closed, 'not-a-uuid']);
    expect(listed[bigDeal]!.confirmed).toBe(sum('confirmed'));
    expect(listed[closed]).toMatchObject({ indicated: 0, confirmed: 0, funded: 0, waitlisted: 0 });
  });
});

// ---------------------------------------------------------------- the page and its action

describe('the demand page', () => {
  let admin: Awaited<ReturnType<typeof signedInAdmin>>;
  beforeAll(async () => {
    admin = await signedInAdmin();
  });

  /** A small deal with one amount of `status` from an investor who takes e-mail. */
  async function oneAmount(status: CommitmentStatus) {
    const dealId = await newDeal({ amountToRaise: 100_000, minimumInvestment: 25_000 });
    const who = { id: randomUUID(), name: 'Morgan Investor', email: `morgan-${randomUUID().slice(0, 6)}@example.test` };
    await db()
      .insert(user)
      .values({ ...who, emailVerified: true });
    await db().insert(profile).values({ userId: who.id, isInvestor: true, notifyEmail: true });
    const [row] = await db()
      .insert(softCommitment)
      .values({ dealId, investorId: who.id, amount: 50_000, status })
      .returning({ id: softCommitment.id });
    return { dealId, investor: who, commitmentId: row!.id };
  }
  const stateOf = async (commitmentId: string, investorId: string) => ({
    row: (
      await db()
        .select({ status: softCommitment.status, note: softCommitment.note })
        .from(softCommitment)
        .where(eq(softCommitment.id, commitmentId))
    )[0],
    audits: (await db().select({ n: count() }).from(auditEvent).where(eq(auditEvent.subjectId, commitmentId)))[0]!.n,
    mails: (await db().select({ n: count() }).from(outboxEmail).where(eq(outboxEmail.template, 'commitment-investor')))[0]!.n,
    notices: (await db().select({ n: count() }).from(notification).where(eq(notification.userId, investorId)))[0]!.n,
  });

  it('loads for an admin; a missing, deleted or malformed deal is a 404', async () => {
    const page = await loadPage(bigDeal, admin.cookie, '?status=waitlisted&page=2');
    expect(page.status).toBe(200);
    const loaded = page.data as Awaited<ReturnType<typeof dealDemand>> & { status: string; confirmationNeeded: boolean };
    expect(loaded.status).toBe('waitlisted');
    expect(loaded.amounts!.rows.map((r) => r.position)).toEqual(Array.from({ length: 11 }, (_, k) => 51 + k));
    expect(loaded.confirmationNeeded).toBe(false);
    // A bad parameter falls back instead of failing the page.
    expect(((await loadPage(bigDeal, admin.cookie, '?status=nope&page=-3')).data as typeof loaded).amounts!.page).toBe(1);
    const deleted = await newDeal({ deletedAt: new Date() });
    for (const id of [randomUUID(), deleted, 'not-a-uuid']) expect((await loadPage(id, admin.cookie)).status).toBe(404);
  });

  it('confirms an amount with a note: stored, audited, the investor notified and e-mailed', async () => {
    const { dealId, investor, commitmentId } = await oneAmount('indicated');
    const before = await stateOf(commitmentId, investor.id);
    const res = await postMove(dealId, admin.cookie, {
      id: commitmentId,
      to: 'confirmed',
      note: '  Wire instructions follow.  ',
    });
    expect(res.status).toBe(200);
    expect(res.data).toEqual({ ok: true });
    expect(new Headers(res.init?.headers).get('Set-Cookie')).toMatch(/^toast=/);
    const after = await stateOf(commitmentId, investor.id);
    expect(after.row).toEqual({ status: 'confirmed', note: 'Wire instructions follow.' });
    const [event] = await db()
      .select()
      .from(auditEvent)
      .where(and(eq(auditEvent.subjectId, commitmentId), eq(auditEvent.action, 'commitment.moved')));
    expect(event).toMatchObject({
      actorId: admin.id,
      actorEmail: admin.email,
      details: { from: 'indicated', to: 'confirmed', amount: 50_000, note: 'Wire instructions follow.' },
    });
    const [mail] = await db()
      .select()
      .from(outboxEmail)
      .where(and(eq(outboxEmail.to, investor.email), eq(outboxEmail.template, 'commitment-investor')));
    expect(mail!.payload).toMatchObject({ status: commitmentLabel('confirmed'), amount: 50_000 });
    expect(after.notices).toBe(before.notices + 1);
  });

  it.each([
    ['a move STAFF_MOVES forbids (Funded → Declined)', 'funded', { to: 'declined', note: 'Too late' }, 409],
    ['a move STAFF_MOVES forbids (Waitlisted → Confirmed)', 'waitlisted', { to: 'confirmed', note: '' }, 409],
    ['a decline without a note', 'indicated', { to: 'declined', note: '   ' }, 400],
    ['a status no move reaches', 'indicated', { to: 'withdrawn' }, 400],
  ] as const)('refuses %s and changes nothing', async (_label, status, fields, code) => {
    const { dealId, investor, commitmentId } = await oneAmount(status);
    const before = await stateOf(commitmentId, investor.id);
    const res = await postMove(dealId, admin.cookie, { id: commitmentId, ...fields });
    expect(res.status).toBe(code);
    expect(res.data).toMatchObject({ ok: false, toast: { type: 'error' } });
    expect(await stateOf(commitmentId, investor.id)).toEqual(before);
  });

  it('an amount of another deal, or none, is not found from this deal’s page', async () => {
    const { investor, commitmentId } = await oneAmount('indicated');
    const before = await stateOf(commitmentId, investor.id);
    expect((await postMove(bigDeal, admin.cookie, { id: commitmentId, to: 'confirmed', note: '' })).status).toBe(404);
    expect((await postMove(bigDeal, admin.cookie, { id: randomUUID(), to: 'confirmed', note: '' })).status).toBe(404);
    expect(await stateOf(commitmentId, investor.id)).toEqual(before);
  });

  it('an investor or a visitor reaches neither the page, nor its action, nor the export', async () => {
    const investor = await signedInInvestor();
    const { dealId, commitmentId } = await oneAmount('indicated');
    const audits = async () => (await db().select({ n: count() }).from(auditEvent))[0]!.n;
    const before = await audits();
    for (const [cookie, to] of [
      [investor.cookie, '/'],
      [undefined, '/admin-login'],
    ] as const) {
      const attempts = [
        await loadPage(dealId, cookie as string),
        await postMove(dealId, cookie as string, { id: commitmentId, to: 'confirmed', note: '' }),
        await postExport(dealId, cookie as string),
        await outcome(() =>
          exportLoader({
            request: get(`/admin-dashboard/deals/${dealId}/investors/export`, cookie),
            params: { id: dealId },
            context: context(),
          } as never),
        ),
      ];
      for (const a of attempts) {
        expect(a.status).toBe(302);
        expect(a.response!.headers.get('Location')).toMatch(new RegExp(`^${to}`));
      }
    }
    const [row] = await db()
      .select({ status: softCommitment.status })
      .from(softCommitment)
      .where(eq(softCommitment.id, commitmentId));
    expect(row!.status).toBe('indicated');
    expect(await audits()).toBe(before);
  });
});

// ---------------------------------------------------------------- the export

/** RFC 4180 CSV (quoted fields, doubled quotes, line breaks inside quotes), without the byte-order mark. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const endCell = () => {
    row.push(cell);
    cell = '';
  };
  const endRow = () => {
    endCell();
    rows.push(row);
    row = [];
  };
  const src = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < src.length; i++) {
    const c = src[i]!;
    if (quoted) {
      if (c === '"' && src[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') endCell();
    else if (c === '\n' || c === '\r') {
      if (c === '\r' && src[i + 1] === '\n') i++;
      endRow();
    } else cell += c;
  }
  if (cell || row.length) endRow();
  return rows;
}

describe('the CSV export', () => {
  it('holds every amount with figures that match the database, formula-safe, and is audited', async () => {
    const admin = await signedInAdmin();
    const res = await postExport(bigDeal, admin.cookie);
    expect(res.status).toBe(200);
    expect(res.response!.headers.get('Content-Type')).toBe('text/csv; charset=utf-8');
    expect(res.response!.headers.get('Content-Disposition')).toMatch(/^attachment; filename="investors-deal-[\w-]+\.csv"$/);
    expect(res.response!.headers.get('Cache-Control')).toBe('private, no-store');
    const [header, ...rows] = parseCsv(await res.response!.text());
    expect(header).toEqual([
      'Investor',
      'E-mail',
      'Amount (USD)',
      'Status',
      'Place in line',
      'Status since',
      'In line since',
      'Note',
      'Suitability signed',
      'Suitability basis',
      'Accreditation',
      'Accreditation expires',
      'Accreditation state',
    ]);
    expect(rows).toHaveLength(seeded.length);
    expect(rows.map((r) => r[1])).toEqual(expectedOrder(null).map((s) => investors.find((w) => w.id === s.investorId)!.email));
    const byStatus = await db()
      .select({ status: softCommitment.status, n: count(), sum: sql<string>`sum(${softCommitment.amount})` })
      .from(softCommitment)
      .where(eq(softCommitment.dealId, bigDeal))
      .groupBy(softCommitment.status);
    for (const s of byStatus) {
      const mine = rows.filter((r) => r[3] === commitmentLabel(s.status));
      expect(mine).toHaveLength(s.n);
      expect(mine.reduce((n, r) => n + Number(r[2]), 0)).toBe(Number(s.sum));
    }
    expect(rows.filter((r) => r[3] === 'Waitlisted').map((r) => Number(r[4]))).toEqual(
      Array.from({ length: 61 }, (_, k) => k + 1),
    );
    // Cells a spreadsheet would run as formulas come out as text.
    expect(rows.map((r) => r[0])).toContain(`'=HYPERLINK("http://evil.example","Click")`);
    expect(rows.map((r) => r[7])).toContain(`'+1 call me`);
    // A spreadsheet that splits on ';' instead of ',' finds no formula either.
    expect(rows.map((r) => r[0])).toContain(`Eve;'=2+3`);
    const [event] = await db()
      .select()
      .from(auditEvent)
      .where(and(eq(auditEvent.action, 'demand.exported'), eq(auditEvent.actorId, admin.id)));
    expect(event).toMatchObject({ subjectType: 'deal', subjectId: bigDeal, details: { amounts: seeded.length } });
  });

  it('asks for the password after 10 minutes: refused without it (nothing exported or audited), given with it', async () => {
    const admin = await signedInAdmin();
    await db()
      .update(session)
      .set({ createdAt: sql`now() - interval '11 minutes'` })
      .where(eq(session.userId, admin.id));
    expect(((await loadPage(bigDeal, admin.cookie)).data as { confirmationNeeded: boolean }).confirmationNeeded).toBe(true);
    const exports = async () =>
      (
        await db()
          .select({ n: count() })
          .from(auditEvent)
          .where(and(eq(auditEvent.action, 'demand.exported'), eq(auditEvent.actorId, admin.id)))
      )[0]!.n;
    for (const fields of [{}, { confirmation: 'Wr0ng!Passw0rd' }] as Record<string, string>[]) {
      const refused = await postExport(bigDeal, admin.cookie, fields);
      expect(refused.status).toBe(302);
      expect(refused.response!.headers.get('Location')).toBe(`/admin-dashboard/deals/${bigDeal}/investors`);
      expect(refused.response!.headers.get('Set-Cookie')).toMatch(/^toast=/);
    }
    expect(await exports()).toBe(0);
    const given = await postExport(bigDeal, admin.cookie, { confirmation: PASSWORD });
    expect(given.status).toBe(200);
    expect(await exports()).toBe(1);
  });

  it('a deal that does not exist is a 404; a GET goes to the page', async () => {
    const admin = await signedInAdmin();
    expect((await postExport(randomUUID(), admin.cookie)).status).toBe(404);
    const viaGet = await outcome(() =>
      exportLoader({
        request: get(`/admin-dashboard/deals/${bigDeal}/investors/export`, admin.cookie),
        params: { id: bigDeal },
        context: context(),
      } as never),
    );
    expect(viaGet.status).toBe(302);
    expect(viaGet.response!.headers.get('Location')).toBe(`/admin-dashboard/deals/${bigDeal}/investors`);
  });
});
