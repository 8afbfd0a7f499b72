/**
 * The staff's servicing list (issue 24 "Lender's staff"), end to end in Chromium against the
 * production build, at 1280 and 390 px: four funded loans written into the suite's database (a
 * current one, one 45 days past its unpaid due day, one maturing within 60 days, one with a draw
 * waiting) show under a search with their totals; the filters and the bucket are links whose
 * state is in the URL (and survives a reload); the search submits with Enter; a reference opens
 * the loan's review from the keyboard; 'Export CSV' downloads the filtered loans in dollars and
 * cents; axe finds no violation. Screenshots go to /tmp/shots/servicing/.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import pg from 'pg';
import { startEmbeddedPostgres } from '../../app/server/db/embedded-postgres.server';
import { baseURL, dataDir, staffSession, uniqueIp } from '../support/accounts';

const SHOTS = '/tmp/shots/servicing';
const tags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

async function expectNoViolations(page: Page, what: string) {
  await page.waitForLoadState('networkidle');
  const { violations } = await new AxeBuilder({ page }).withTags(tags).analyze();
  expect(violations.map((v) => `${what} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** The lender's day `days` from today, 'YYYY-MM-DD'. */
function lenderDayFromNow(days: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Los_Angeles' }).format(new Date());
  return new Date(Date.parse(`${today}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

interface Seeded {
  tag: string;
  current: string;
  late: string;
  maturing: string;
  drawing: string;
}

/**
 * Four funded loans of a new borrower, tagged for a search: each with its closing record and a
 * ledger written as appendEntries writes it (the database keeps the positions from it).
 */
async function seedLoans(): Promise<Seeded> {
  const cluster = await startEmbeddedPostgres(dataDir);
  const client = new pg.Client({ connectionString: cluster.url });
  await client.connect();
  const tag = `E2E${randomUUID().slice(0, 6).toUpperCase()}`;
  const userId = randomUUID();
  try {
    await client.query('begin');
    await client.query(`insert into "user" (id, name, email, email_verified) values ($1, $2, $3, true)`, [
      userId,
      `Servicing ${tag}`,
      `${tag.toLowerCase()}@example.com`,
    ]);
    await client.query(`insert into profile (user_id, is_borrower) values ($1, true)`, [userId]);
    const make = async (n: number, o: { maturityOn: string; holdbackCents?: number; lateDue?: string }) => {
      const reference = `OL-${tag}-${n}`;
      const fundedOn = lenderDayFromNow(-120);
      const note = 50_000_000 + n * 1_000_000;
      const holdback = o.holdbackCents ?? 0;
      const { rows } = await client.query(
        `insert into loan (reference, borrower_id, stage, steps_done, property_address, property_city, property_state,
           property_type, purpose, property_value, loan_amount, submitted_at)
         values ($1, $2, 'funded', 4, $3, 'Reno', 'NV', 'Commercial', 'construction', 2000000, $4, now()) returning id`,
        [reference, userId, `${n} Court St`, note / 100],
      );
      const loanId = rows[0].id as string;
      await client.query(
        `insert into loan_servicing (loan_id, funded_on, note_amount_cents, rate_percent, points, term_months,
           first_payment_on, maturity_on, interest_method, accrual, late_charge_percent, grace_days, holdback_cents)
         values ($1, $2, $3, 12, 2, 12, $4, $5, '30/360', 'disbursed', 10, 10, $6)`,
        [loanId, fundedOn, note, lenderDayFromNow(-90), o.maturityOn, holdback],
      );
      const principal = note - holdback;
      await client.query(
        `insert into ledger_entry (loan_id, day, kind, amount_cents, principal_after, holdback_after, interest_due_after,
           fees_due_after, suspense_after) values ($1, $2, 'closing-disbursement', $3, $3, $4, 0, 0, 0)`,
        [loanId, fundedOn, principal, holdback],
      );
      if (o.lateDue)
        await client.query(
          `insert into ledger_entry (loan_id, day, kind, amount_cents, period_from, period_to, due_on, principal_after,
             holdback_after, interest_due_after, fees_due_after, suspense_after)
           values ($1, $2, 'interest-billed', 500000, $3, $2, $2, $4, $5, 500000, 0, 0)`,
          [loanId, o.lateDue, fundedOn, principal, holdback],
        );
      if (holdback)
        await client.query(`insert into draw_request (loan_id, number, status, attested_at) values ($1, 1, 'submitted', now())`, [
          loanId,
        ]);
      return reference;
    };
    const far = lenderDayFromNow(300);
    const seeded = {
      tag,
      current: await make(1, { maturityOn: far }),
      late: await make(2, { maturityOn: far, lateDue: lenderDayFromNow(-45) }),
      maturing: await make(3, { maturityOn: lenderDayFromNow(30) }),
      drawing: await make(4, { maturityOn: far, holdbackCents: 10_000_000 }),
    };
    await client.query('commit');
    return seeded;
  } finally {
    await client.end();
  }
}

for (const width of [1280, 390]) {
  test(`at ${width}px: staff filter, search and export the servicing list, with the state in the URL`, async ({ browser }) => {
    test.setTimeout(120_000);
    const loans = await seedLoans();
    const staff = await staffSession();
    const context = await browser.newContext({
      viewport: { width, height: width === 390 ? 844 : 900 },
      extraHTTPHeaders: { 'X-Forwarded-For': uniqueIp() },
      acceptDownloads: true,
    });
    const [name, value] = staff.cookie.split(/=(.*)/s) as [string, string];
    await context.addCookies([{ name, value, url: baseURL }]);
    const page = await context.newPage();
    mkdirSync(SHOTS, { recursive: true });

    // Servicing is in the admin navigation.
    await page.goto('/admin-dashboard');
    if (width === 390) await page.getByRole('button', { name: /menu/i }).first().click();
    await page.getByRole('link', { name: 'Servicing' }).first().click();
    await expect(page).toHaveURL(/\/admin-dashboard\/servicing$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Servicing' })).toBeVisible();

    // The search submits with Enter and lands in the URL.
    const search = page.getByRole('searchbox', { name: 'Search loans' });
    await search.fill(loans.tag);
    await search.press('Enter');
    await expect(page).toHaveURL(new RegExp(`\\?q=${loans.tag}$`));
    const table = page.getByRole('region', { name: 'Funded loans' });
    for (const ref of [loans.current, loans.late, loans.maturing, loans.drawing])
      await expect(table.getByRole('link', { name: ref })).toBeVisible();
    const totals = page.getByRole('definition');
    await expect(totals.nth(0)).toHaveText('4');
    // Principal: the four notes less the holdback; holdback remaining $100,000.00.
    await expect(totals.nth(1)).toHaveText('$2,000,000.00');
    await expect(totals.nth(2)).toHaveText('$100,000.00');
    // The late loan leads, 45 days past due.
    await expect(table.locator('tbody tr').first()).toContainText(loans.late);
    await expect(table.locator('tbody tr').first()).toContainText('45 days');
    await expectNoViolations(page, 'servicing list');
    await page.screenshot({ path: `${SHOTS}/list-${width}.png`, fullPage: true });

    // Filters are links: their state is in the URL, the search kept, and a reload keeps them.
    await page.getByRole('navigation', { name: 'Show' }).getByRole('link', { name: 'Delinquent' }).click();
    await expect(page).toHaveURL(new RegExp(`q=${loans.tag}&filter=delinquent`));
    await expect(table.getByRole('link')).toHaveText([loans.late]);
    await page.getByRole('navigation', { name: 'Days delinquent' }).getByRole('link', { name: '30–59 days' }).click();
    await expect(page).toHaveURL(/filter=delinquent&bucket=30-59/);
    await page.reload();
    await expect(table.getByRole('link')).toHaveText([loans.late]);
    await expect(
      page.getByRole('navigation', { name: 'Days delinquent' }).getByRole('link', { name: '30–59 days' }),
    ).toHaveAttribute('aria-current', 'page');
    await page.getByRole('navigation', { name: 'Days delinquent' }).getByRole('link', { name: '60–89 days' }).click();
    await expect(page.getByRole('heading', { name: 'No loans match.' })).toBeVisible();
    await expectNoViolations(page, 'servicing empty');
    await page.screenshot({ path: `${SHOTS}/empty-${width}.png`, fullPage: true });
    await page.goto(`/admin-dashboard/servicing?q=${loans.tag}&filter=maturing`);
    await expect(table.getByRole('link')).toHaveText([loans.maturing]);
    await page.goto(`/admin-dashboard/servicing?q=${loans.tag}&filter=draws`);
    await expect(table.getByRole('link')).toHaveText([loans.drawing]);
    await expect(table.locator('tbody tr').first()).toContainText('$100,000.00');

    // The CSV of the filter: the loans it shows, money in dollars and cents.
    await page.goto(`/admin-dashboard/servicing?q=${loans.tag}&filter=delinquent`);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^servicing-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = readFileSync((await download.path())!, 'utf8');
    const lines = csv
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`${loans.late},Servicing ${loans.tag},"2 Court St, Reno, NV",520000.00,5000.00`);
    expect(lines[1]).toContain(',45,30–59 days,');

    // From the keyboard: a reference opens the loan's review.
    const link = table.getByRole('link', { name: loans.late });
    await link.focus();
    await expect(link).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/admin-dashboard/loans/${loans.late}$`));
    await context.close();
  });
}
