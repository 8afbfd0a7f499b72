/**
 * Deal lists and interest against a real database (issue "Deals"; product §4 ordering): pages cut
 * across the followed / Active / rest segments give exactly the full order; a page past the end
 * is the last page; filters match the type text; concurrent follows make one row.
 */
import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { requestContext } from '~/load-context';
import { loader as dealLoader } from '~/routes/public/deal';
import { db } from '~/server/db/client.server';
import { deal, dealInterest, notification, outboxEmail, profile, softCommitment, user } from '~/server/db/schema';
import { followDeal, getDeal, listDeals, unfollowDeal } from '~/server/domain/investing/deals.server';
import type { Refused } from '~/server/errors.server';
import { ROUTE_ORIGIN, signedInThroughLogin } from '../support/route-accounts';
import { useTestDatabase } from '../support/test-database';

useTestDatabase();

const investor = { id: randomUUID(), name: 'Ivy', email: 'ivy@example.com' };
const ids: { id: string; status: 'Active' | 'Closed'; createdAt: Date; type: string }[] = [];
/** A deal's columns every test deal shares. */
const DEAL = {
  location: 'Reno, NV',
  description: 'x',
  loanAmount: 1_000_000,
  ltv: 60,
  termMonths: 12,
  interestRate: 10,
  minimumInvestment: 25_000,
  amountToRaise: 1_000_000,
};

beforeAll(async () => {
  await db().insert(user).values({ id: investor.id, name: investor.name, email: investor.email, emailVerified: true });
  await db().insert(profile).values({ userId: investor.id, isInvestor: true });
  const types = ['Residential', 'Commercial Property', 'Mixed Use', 'Residential Development', 'Land'];
  for (let i = 0; i < 14; i++) {
    const status = i % 4 === 3 ? 'Closed' : 'Active';
    const createdAt = new Date(Date.UTC(2026, 0, 1) + i * 3600_000);
    const [row] = await db()
      .insert(deal)
      .values({ ...DEAL, title: `Deal ${i}`, type: types[i % types.length]!, status, createdAt })
      .returning({ id: deal.id });
    ids.push({ id: row!.id, status, createdAt, type: types[i % types.length]! });
  }
});

async function allPages(pageSize: number, filter: 'all' | 'residential' = 'all') {
  const out: string[] = [];
  for (let page = 1; ; page++) {
    const res = await listDeals(investor.id, { filter, page, pageSize, followedFirst: true });
    out.push(...res.deals.map((d) => `${d.id}:${d.following}`));
    if (page >= res.pageCount) return { out, res };
  }
}

describe('investor order', () => {
  it('followed first, then Active, then newest, across every page boundary', async () => {
    const followed = [ids[2]!, ids[3]!, ids[10]!]; // Active, Closed, Active
    for (const d of followed) await db().insert(dealInterest).values({ userId: investor.id, dealId: d.id });
    const isFollowed = (id: string) => followed.some((f) => f.id === id);
    const expected = [...ids]
      .sort(
        (a, b) =>
          Number(isFollowed(b.id)) - Number(isFollowed(a.id)) ||
          Number(b.status === 'Active') - Number(a.status === 'Active') ||
          b.createdAt.getTime() - a.createdAt.getTime(),
      )
      .map((d) => `${d.id}:${isFollowed(d.id)}`);
    for (const size of [1, 2, 3, 4, 6, 20]) expect((await allPages(size)).out, `page size ${size}`).toEqual(expected);

    const residential = await allPages(3, 'residential');
    expect(residential.res.total).toBe(ids.filter((d) => d.type.includes('Residential')).length);
    const beyond = await listDeals(investor.id, { filter: 'all', page: 99, pageSize: 6, followedFirst: true });
    expect(beyond.page).toBe(3);
    const newest = await listDeals(investor.id, { filter: 'all', page: 1, pageSize: 3, followedFirst: false });
    expect(newest.deals.map((d) => d.id)).toEqual([ids[13]!.id, ids[12]!.id, ids[11]!.id]);
    await db().delete(dealInterest);
  });
});

describe('the cards', () => {
  it("show each deal's own counted amount and whether this investor follows it, in both orders", async () => {
    const [a, b] = [ids[13]!, ids[12]!];
    await db().insert(dealInterest).values({ userId: investor.id, dealId: a.id });
    // One open amount per investor and deal: three others hold them.
    const others = [randomUUID(), randomUUID(), randomUUID()];
    await db()
      .insert(user)
      .values(others.map((id, i) => ({ id, name: `Other ${i}`, email: `other-${i}-${id}@example.com`, emailVerified: true })));
    await db()
      .insert(softCommitment)
      .values([
        { dealId: a.id, investorId: others[0]!, amount: 50_000, status: 'indicated' },
        { dealId: a.id, investorId: others[1]!, amount: 25_000, status: 'confirmed' },
        { dealId: a.id, investorId: others[2]!, amount: 10_000, status: 'withdrawn' },
        { dealId: b.id, investorId: others[0]!, amount: 30_000, status: 'funded' },
      ]);
    for (const followedFirst of [false, true]) {
      const { deals } = await listDeals(investor.id, { filter: 'all', page: 1, pageSize: 20, followedFirst });
      const card = (id: string) => deals.find((d) => d.id === id)!;
      expect(card(a.id), `followedFirst ${followedFirst}`).toMatchObject({ counted: 75_000, following: true });
      expect(card(b.id), `followedFirst ${followedFirst}`).toMatchObject({ counted: 30_000, following: false });
      expect(deals.filter((d) => d.id !== a.id && d.id !== b.id).every((d) => d.counted === 0 && !d.following)).toBe(true);
    }
    await db().delete(softCommitment);
    await db().delete(dealInterest);
  });
});

describe('interest', () => {
  it('20 concurrent follows make one row and one notification; closed and missing deals refuse', async () => {
    const active = ids.find((d) => d.status === 'Active')!;
    const outcomes = await Promise.allSettled(Array.from({ length: 20 }, () => followDeal(investor, active.id)));
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    expect(outcomes.filter((o) => o.status === 'rejected' && (o.reason as Refused).title === 'Already Following')).toHaveLength(
      19,
    );
    const [rows] = await db().select({ n: count() }).from(dealInterest).where(eq(dealInterest.dealId, active.id));
    expect(rows!.n).toBe(1);
    const notes = await db().select().from(notification).where(eq(notification.title, 'Deal Followed'));
    expect(notes).toHaveLength(1);
    expect((await getDeal(investor.id, active.id))?.following).toBe(true);

    await expect(unfollowDeal(investor, active.id)).resolves.toBeUndefined();
    expect((await getDeal(investor.id, active.id))?.following).toBe(false);

    const closed = ids.find((d) => d.status === 'Closed')!;
    await expect(followDeal(investor, closed.id)).rejects.toMatchObject({ kind: 'conflict', title: 'Deal Closed' });
    await expect(followDeal(investor, randomUUID())).rejects.toMatchObject({ kind: 'not-found' });
    await expect(followDeal(investor, 'nope')).rejects.toMatchObject({ kind: 'not-found' });
  });
});

describe('the lender hears of interest changes once per investor and deal (issue "Solid ground" 24)', () => {
  it('coalesces quick follow and unfollow into one waiting e-mail with the latest state', async () => {
    const target = ids.find((d) => d.status === 'Active')!.id;
    const other = ids.filter((d) => d.status === 'Active')[1]!.id;
    for (let i = 0; i < 3; i++) {
      await followDeal(investor, target);
      await unfollowDeal(investor, target);
    }
    await followDeal(investor, target);
    await followDeal(investor, other).catch(() => undefined);
    const rows = await db()
      .select({ payload: outboxEmail.payload, status: outboxEmail.status, due: outboxEmail.nextAttemptAt })
      .from(outboxEmail)
      .where(eq(outboxEmail.template, 'deal-interest'));
    const about = (id: string) => rows.filter((r) => r.payload.dealId === id && r.payload.userId === investor.id);
    expect(about(target)).toHaveLength(1);
    expect(about(target)[0]!.payload.action).toBe('follow');
    expect(about(target)[0]!.due.getTime()).toBeGreaterThan(Date.now() + 30_000);
    expect(about(other)).toHaveLength(1);
  });
});

describe('the deal page (/deal/{id}) reads everything with the deal (issue 26)', () => {
  const load = (id: string, cookie: string) =>
    dealLoader({
      request: new Request(`${ROUTE_ORIGIN}/deal/${id}`, { headers: { Cookie: cookie } }),
      params: { id },
      context: requestContext({ clientIp: '198.51.100.9', cspNonce: '', requestId: 'deal-page-test' }),
    } as never);
  /** The loader's status and data: `refusedPage` answers with React Router's `data()`. */
  const outcome = async (id: string, cookie: string) => {
    const value = (await load(id, cookie)) as { type?: string; data?: unknown; init?: ResponseInit | null };
    return value?.type === 'DataWithResponseInit'
      ? { status: value.init?.status ?? 200, data: value.data as { found: boolean } }
      : { status: 200, data: value as unknown as { found: boolean } };
  };

  it('shows a deal to an investor with its subscription and their position; a missing, deleted or malformed deal is a 404', async () => {
    const who = await signedInThroughLogin({ isInvestor: true });
    const shown = ids.find((d) => d.status === 'Active')!.id;
    const page = await outcome(shown, who.cookie);
    expect(page.status).toBe(200);
    expect(page.data).toMatchObject({
      found: true,
      deal: { id: shown, following: false },
      subscription: { counted: 0, waitlisted: 0, waiting: 0 },
      position: { acknowledgedAt: null, commitment: null, suitabilitySignedAt: null },
      // Not acknowledged: the documents' names stay hidden, their number shows.
      dataRoom: { documents: null, count: 0 },
      canFollow: true,
    });
    expect(page.data).not.toHaveProperty('deal.subscription');
    const [gone] = await db()
      .insert(deal)
      .values({ ...DEAL, title: 'Gone', deletedAt: new Date() })
      .returning({ id: deal.id });
    for (const id of [randomUUID(), gone!.id, 'not-a-uuid']) {
      const missing = await outcome(id, who.cookie);
      expect(missing.status).toBe(404);
      expect(missing.data.found).toBe(false);
    }
  });
});
