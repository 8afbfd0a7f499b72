/**
 * The investor's Portfolio, position, distributions and Documents (issue 25 "Investor"), end to
 * end in Chromium against the production build, at 1280 and 390 px: an investor with a position
 * in a funded loan, two paid distribution runs and an issued tax statement written into the
 * suite's database sees the totals, the position with its status and next payment, the chart
 * (named for screen readers) and its table, the position's page with the loan's update, every
 * distribution, and the Documents page with the statements and the tax statement's PDF; the
 * positions CSV downloads. Another investor gets the position's 404. axe finds no violation.
 * Screenshots go to /tmp/shots/returns/.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import pg from 'pg';
import { startEmbeddedPostgres } from '../../app/server/db/embedded-postgres.server';
import { baseURL, createVerifiedUser, dataDir, uniqueIp } from '../support/accounts';

const SHOTS = '/tmp/shots/returns';
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

/**
 * A funded $1,000,000 loan at 12 % offered at 10 %, `email`'s $250,000 position in it, two paid
 * runs ($1,000.00 and $2,000.00 interest, 40 and 10 days ago), a loan update, and a tax statement
 * issued for last year. Returns the position's id and the deal's title.
 */
async function seed(email: string) {
  const cluster = await startEmbeddedPostgres(dataDir);
  const client = new pg.Client({ connectionString: cluster.url });
  await client.connect();
  const tag = `E2E${randomUUID().slice(0, 6).toUpperCase()}`;
  try {
    await client.query('begin');
    const investorId = (await client.query(`select id from "user" where email = $1`, [email])).rows[0].id as string;
    const borrowerId = randomUUID();
    await client.query(`insert into "user" (id, name, email, email_verified) values ($1, $2, $3, true)`, [
      borrowerId,
      `Borrower ${tag}`,
      `${tag.toLowerCase()}@example.com`,
    ]);
    await client.query(`insert into profile (user_id, is_borrower) values ($1, true)`, [borrowerId]);
    const fundedOn = lenderDayFromNow(-60);
    const loanId = (
      await client.query(
        `insert into loan (reference, borrower_id, stage, steps_done, property_address, property_city, property_state,
           property_type, purpose, property_value, loan_amount, submitted_at)
         values ($1, $2, 'funded', 4, '75 Court St', 'Reno', 'NV', 'Commercial', 'construction', 2000000, 1000000, now()) returning id`,
        [`OL-${tag}`, borrowerId],
      )
    ).rows[0].id as string;
    await client.query(
      `insert into loan_servicing (loan_id, funded_on, note_amount_cents, rate_percent, points, term_months,
         first_payment_on, maturity_on, interest_method, accrual, late_charge_percent, grace_days, holdback_cents)
       values ($1, $2, 100000000, 12, 2, 12, $3, $4, '30/360', 'disbursed', 10, 10, 0)`,
      [loanId, fundedOn, lenderDayFromNow(-45), lenderDayFromNow(300)],
    );
    const entry = async (day: string) =>
      (
        await client.query(
          `insert into ledger_entry (loan_id, day, kind, amount_cents, principal_after, holdback_after, interest_due_after,
             fees_due_after, suspense_after) values ($1, $2, 'fee', 0, 100000000, 0, 0, 0, 0) returning id`,
          [loanId, day],
        )
      ).rows[0].id as string;
    await client.query(
      `insert into ledger_entry (loan_id, day, kind, amount_cents, principal_after, holdback_after, interest_due_after,
         fees_due_after, suspense_after) values ($1, $2, 'closing-disbursement', 100000000, 100000000, 0, 0, 0, 0)`,
      [loanId, fundedOn],
    );
    const title = `Deed of trust ${tag}`;
    const dealId = (
      await client.query(
        `insert into deal (title, location, description, loan_amount, ltv, term_months, interest_rate, minimum_investment,
           amount_to_raise, loan_id) values ($1, 'Reno, NV', 'A first deed of trust.', 1000000, 50, 12, 10, 1000, 1000000, $2)
         returning id`,
        [title, loanId],
      )
    ).rows[0].id as string;
    const commitmentId = (
      await client.query(
        `insert into soft_commitment (deal_id, investor_id, amount, status) values ($1, $2, 250000, 'funded') returning id`,
        [dealId, investorId],
      )
    ).rows[0].id as string;
    const positionId = (
      await client.query(
        `insert into position (deal_id, loan_id, investor_id, commitment_id, amount_cents, funded_on, method, reference)
         values ($1, $2, $3, $4, 25000000, $5, 'wire', 'W-1') returning id`,
        [dealId, loanId, investorId, commitmentId, fundedOn],
      )
    ).rows[0].id as string;
    for (const [days, interest] of [
      [-40, 100_000],
      [-10, 200_000],
    ] as const) {
      const day = lenderDayFromNow(days);
      const runId = (
        await client.query(
          `insert into distribution_run (period_from, period_to, status, paid_on, payment_reference, cash_cents, investors_cents,
             lender_cents, spread_cents) values ($1, $1, 'paid', $1, 'BATCH', $2, $2, 0, 0) returning id`,
          [day, interest],
        )
      ).rows[0].id as string;
      await client.query(
        `insert into distribution_line (run_id, entry_id, loan_id, position_id, investor_id, day, interest_cents, principal_cents,
           fees_cents) values ($1, $2, $3, $4, $5, $6, $7, 0, 0)`,
        [runId, await entry(day), loanId, positionId, investorId, day, interest],
      );
      await client.query(
        `insert into distribution_payment (run_id, investor_id, interest_cents, principal_cents, fees_cents, amount_cents)
         values ($1, $2, $3, 0, 0, $3)`,
        [runId, investorId, interest],
      );
    }
    await client.query(
      `insert into loan_update (loan_id, kind, title, body) values ($1, 'note', 'Framing inspected', 'The framing passed inspection.')`,
      [loanId],
    );
    const lastYear = Number(lenderDayFromNow(0).slice(0, 4)) - 1;
    await client.query(`insert into tax_statement (investor_id, year, version, interest_cents) values ($1, $2, 1, 123456)`, [
      investorId,
      lastYear,
    ]);
    await client.query('commit');
    return { positionId, title, lastYear };
  } finally {
    await client.end();
  }
}

for (const width of [1280, 390]) {
  test(`at ${width}px: an investor reads the portfolio, a position, the distributions and the tax statement`, async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const investor = await createVerifiedUser({ investor: true }, 'returns');
    const other = await createVerifiedUser({ investor: true }, 'returns-other');
    const { positionId, title, lastYear } = await seed(investor.email);
    const context = await browser.newContext({
      viewport: { width, height: width === 390 ? 844 : 900 },
      extraHTTPHeaders: { 'X-Forwarded-For': uniqueIp() },
      acceptDownloads: true,
    });
    const [name, value] = investor.cookie.split(/=(.*)/s) as [string, string];
    await context.addCookies([{ name, value, url: baseURL }]);
    const page = await context.newPage();
    mkdirSync(SHOTS, { recursive: true });

    await page.goto('/dashboard/investments');
    const portfolio = page.getByRole('region', { name: 'Portfolio', exact: true });
    await expect(portfolio.getByText('$250,000.00').first()).toBeVisible();
    await expect(portfolio.getByText('$3,000.00').first()).toBeVisible();
    await expect(portfolio.getByRole('link', { name: title })).toBeVisible();
    await expect(portfolio.getByText('25.0000%')).toBeVisible();
    await expect(portfolio.getByText('Current')).toBeVisible();
    await expect(portfolio.getByRole('img', { name: /Distributions received by month.*\$3,000\.00 in all/ })).toBeVisible();
    await portfolio.getByText('Show the figures as a table').click();
    await expect(portfolio.getByRole('region', { name: 'Distributions by month' })).toBeVisible();
    await expectNoViolations(page, 'portfolio');
    await page.screenshot({ path: `${SHOTS}/portfolio-${width}.png`, fullPage: true });

    const download = page.waitForEvent('download');
    await portfolio.getByRole('link', { name: /Export positions/ }).click();
    const csv = readFileSync(await (await download).path(), 'utf8');
    expect(csv).toContain(`${title},`);
    expect(csv).toContain('250000.00,25.0000%,10,Current,0.00,250000.00,3000.00');

    await portfolio.getByRole('link', { name: title }).click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/investments/positions/${positionId}$`));
    await expect(page.getByRole('heading', { name: 'Framing inspected' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Distribution lines' })).toBeVisible();
    await expectNoViolations(page, 'position');
    await page.screenshot({ path: `${SHOTS}/position-${width}.png`, fullPage: true });

    await page.goto('/dashboard/investments/distributions');
    await expect(page.getByText('2 payments, $3,000.00 in all.')).toBeVisible();
    await expectNoViolations(page, 'distributions');
    await page.screenshot({ path: `${SHOTS}/distributions-${width}.png`, fullPage: true });

    await page.goto('/dashboard/documents');
    const tax = page.getByRole('region', { name: 'Tax statements' });
    await expect(tax.getByText(`${lastYear}: $1,234.56 interest`)).toBeVisible();
    await expect(tax.getByText('Available')).toBeVisible();
    await expectNoViolations(page, 'documents');
    await page.screenshot({ path: `${SHOTS}/documents-${width}.png`, fullPage: true });
    const pdf = await page.request.get(`/dashboard/documents/tax/${lastYear}`);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toBe('application/pdf');

    // Another investor: the position and the tax statement are a 404.
    const [otherName, otherValue] = other.cookie.split(/=(.*)/s) as [string, string];
    const otherContext = await browser.newContext({ extraHTTPHeaders: { 'X-Forwarded-For': uniqueIp() } });
    await otherContext.addCookies([{ name: otherName, value: otherValue, url: baseURL }]);
    for (const path of [`/dashboard/investments/positions/${positionId}`, `/dashboard/documents/tax/${lastYear}`])
      expect((await otherContext.request.get(path, { maxRedirects: 0 })).status()).toBe(404);
    await otherContext.close();
    await context.close();
  });
}
