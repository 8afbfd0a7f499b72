/**
 * The track record through the public pages' loaders against a real database (issue 23 "Trust
 * at first sight"): the loans funded and repaid through the loan file (amount of the accepted
 * term sheet, else the loan's; LTV of the term sheet, else loan / value; weighted by amount) are
 * added to the figures staff entered for the years before the platform. Worked by hand below.
 * And with SEED_DEMO's sample content: a complete team and track record, marked sample until
 * staff publish, and the admin dashboard's list of what the public site still lacks.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { lenderDay } from '~/lib/format';
import type { TrackRecord } from '~/lib/site-content';
import { requestContext } from '~/load-context';
import { loader as homeLoader } from '~/routes/public/home';
import { loader as investorsLoader } from '~/routes/public/investors';
import { db } from '~/server/db/client.server';
import { loan, profile, siteContent, termSheet, user } from '~/server/db/schema';
import { missingSections, seedSampleContent } from '~/server/domain/content/sample-content.server';
import { ensureSiteContent, publishSection, saveDraft, sectionState } from '~/server/domain/content/site-content.server';
import { publicPagesVersion } from '~/server/domain/content/track-record.server';
import { useTestDatabase } from '../support/test-database';

useTestDatabase();

const ORIGIN = 'http://localhost:3000';
let requests = 0;
const context = () =>
  requestContext({ clientIp: `198.51.100.${(++requests % 250) + 1}`, cspNonce: '', requestId: `tr-${requests}` });
async function pageRecord(page: 'home' | 'investors'): Promise<TrackRecord> {
  const request = new Request(`${ORIGIN}${page === 'home' ? '/' : '/investors'}`);
  const loader = page === 'home' ? homeLoader : investorsLoader;
  return ((await loader({ request, params: {}, context: context() } as never)) as { trackRecord: TrackRecord }).trackRecord;
}

let borrowerId = '';
async function newLoan(values: Partial<typeof loan.$inferInsert>, sheet?: { amount: number; ltv: number }) {
  const [row] = await db()
    .insert(loan)
    .values({
      borrowerId,
      reference: `OL-2026-${String(Math.floor(Math.random() * 1e5)).padStart(5, '0')}-${randomUUID().slice(0, 4)}`,
      ...values,
    })
    .returning({ id: loan.id });
  if (sheet)
    await db().insert(termSheet).values({
      loanId: row!.id,
      amount: sheet.amount,
      ltv: sheet.ltv,
      ratePercent: 10,
      points: 2,
      termMonths: 12,
      expiresOn: '2026-12-31',
      status: 'accepted',
      respondedAt: new Date(),
    });
  return row!.id;
}

const BEFORE = '2025-12-31';
const staff = { id: null as unknown as string, email: 'staff@ormsby.test' };

beforeAll(async () => {
  await ensureSiteContent();
  borrowerId = randomUUID();
  await db()
    .insert(user)
    .values({ id: borrowerId, name: 'Borrower', email: `${borrowerId}@example.test`, emailVerified: true });
  await db().insert(profile).values({ userId: borrowerId, isBorrower: true });
});

describe('the track record on Home and Investors', () => {
  it('is staff’s figures alone before the platform funds a loan; a loss of 0 is a figure', async () => {
    const entered: TrackRecord = {
      loansFunded: { value: 10, asOf: BEFORE },
      totalVolume: { value: 5_000_000, asOf: BEFORE },
      averageLtv: { value: 60, asOf: BEFORE },
      loansRepaid: { value: 8, asOf: BEFORE },
      averageYield: null,
      losses: { value: 0, asOf: BEFORE },
    };
    await saveDraft(staff, 'track-record', entered);
    await publishSection(staff, 'track-record');
    expect(await pageRecord('home')).toEqual(entered);
    expect(await pageRecord('investors')).toEqual(entered);
  });

  it('adds the loans funded and repaid through the loan file, LTV weighted by amount', async () => {
    const before = await publicPagesVersion();
    // Funded, no term sheet: $1,000,000 on $2,000,000 → 50.00%.
    await newLoan({ stage: 'funded', loanAmount: 1_000_000, propertyValue: 2_000_000 });
    // Paid off, accepted term sheet of $800,000 at 61.54% (the loan asked $900,000).
    await newLoan({ stage: 'paid_off', loanAmount: 900_000, propertyValue: 1_300_000 }, { amount: 800_000, ltv: 61.54 });
    // Funded: $300,000 on $450,000 → 66.666…% → 66.67% (hundredths, half up).
    await newLoan({ stage: 'funded', loanAmount: 300_000, propertyValue: 450_000 });
    // Paid off without a value: counted and in the volume, not in the LTV.
    await newLoan({ stage: 'paid_off', loanAmount: 200_000, propertyValue: null });
    // Not funded: not counted.
    await newLoan({ stage: 'in_review', loanAmount: 5_000_000, propertyValue: 9_000_000 });
    await newLoan({ stage: 'approved', loanAmount: 700_000, propertyValue: 1_000_000 }, { amount: 700_000, ltv: 70 });
    const today = lenderDay();
    // Funded 10 + 4; volume 5,000,000 + 1,000,000 + 800,000 + 300,000 + 200,000; repaid 8 + 2.
    // LTV: (60.00% × 5,000,000 + 50.00% × 1,000,000 + 61.54% × 800,000 + 66.67% × 300,000)
    //    = 41,923,300,000 hundredths × dollars / 7,100,000 dollars = 5,904.69 hundredths = 59.047% → 59.0%.
    const expected: TrackRecord = {
      loansFunded: { value: 14, asOf: today },
      totalVolume: { value: 7_300_000, asOf: today },
      averageLtv: { value: 59, asOf: today },
      loansRepaid: { value: 10, asOf: today },
      averageYield: null,
      losses: { value: 0, asOf: BEFORE },
    };
    expect(await pageRecord('home')).toEqual(expected);
    expect(await pageRecord('investors')).toEqual(expected);
    // The anonymous page cache renders the band again: the pages' version moved.
    expect(await publicPagesVersion()).toBeGreaterThan(before);
  });
});

describe('sample content (SEED_DEMO)', () => {
  it('fills an untouched team and track record, marked sample until staff publish', async () => {
    await db()
      .update(siteContent)
      .set({ published: [], publishedAt: null, draft: null, sample: false })
      .where(eq(siteContent.section, 'team'));
    const filled = await seedSampleContent();
    expect(filled).toContain('team');
    // The track record was published by staff above: it stays theirs.
    expect(filled).not.toContain('track-record');
    const team = await sectionState('team');
    expect(team.sample).toBe(true);
    expect(team.published.length).toBeGreaterThanOrEqual(3);
    for (const person of team.published) {
      expect(person.phone).toMatch(/^\(\d{3}\) 555-01\d{2}$/);
      expect(person.email).toMatch(/@/);
      expect(person.photoId).toMatch(/^[0-9a-f-]{36}$/);
    }
    expect(await seedSampleContent()).toEqual([]);
    expect((await missingSections()).map((m) => m.section)).toContain('team');
    // Staff publish their own: the sample mark goes.
    await saveDraft(staff, 'team', team.published.slice(0, 1));
    await publishSection(staff, 'team');
    expect((await sectionState('team')).sample).toBe(false);
  });

  it('the dashboard names what the public site lacks, with each editor', async () => {
    await db().update(siteContent).set({ published: [], sample: false }).where(eq(siteContent.section, 'team'));
    const missing = await missingSections();
    expect(missing).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ section: 'team', href: '/admin-dashboard/content/team' }),
        expect.objectContaining({ section: 'imagery', href: '/admin-dashboard/content/imagery' }),
      ]),
    );
  });
});
