/**
 * From deal to loan to positions end to end (issue 25 "Investor returns") in Chromium against the
 * production build, at 1280 and 390 px. A borrower's loan is funded straight in the site's
 * database ($1,000,000 at 12 %; boarding has its own tests). Staff offer it as a deal from the
 * loan review (the deal form opens with the note rate beside the investor rate), lower the
 * investor rate to 10 % and set it Active. An investor's $250,000 is confirmed in the database (the
 * confirm move has its own tests); staff record its funds received with Enter, and the deal's
 * investors page shows the position (25.0000 %) and the lender's share ($750,000.00, 75.0000 %),
 * the investor's page lists it, and the deal page shows the investor the note rate, the spread and
 * its dollars a month for the amount typed ($25,000: $250.00 − $208.33 = $41.67). axe finds no
 * violation on the pages. Screenshots go to /tmp/shots/positions/.
 */
import { mkdirSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import pg from 'pg';
import { startEmbeddedPostgres } from '../../app/server/db/embedded-postgres.server';
import { baseURL, createVerifiedUser, dataDir, staffSession, uniqueIp } from '../support/accounts';
import { applyForLoan, dayFromNow } from '../support/loans';

const SHOTS = '/tmp/shots/positions';
const tags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

async function expectNoViolations(page: Page, what: string) {
  await page.waitForLoadState('networkidle');
  const { violations } = await new AxeBuilder({ page }).withTags(tags).analyze();
  expect(violations.map((v) => `${what} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

async function shot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

async function withCookie(page: Page, cookie: string) {
  const [name, value] = cookie.split(/=(.*)/s) as [string, string];
  await page.context().addCookies([{ name, value, url: baseURL }]);
}

/** Runs `queries` in one transaction on the running site's database (its embedded PostgreSQL, joined). */
async function inSiteDatabase<T>(queries: (client: pg.Client) => Promise<T>): Promise<T> {
  const cluster = await startEmbeddedPostgres(dataDir);
  const client = new pg.Client({ connectionString: cluster.url });
  await client.connect();
  try {
    await client.query('begin');
    const result = await queries(client);
    await client.query('commit');
    return result;
  } finally {
    await client.end();
    await cluster.stop(); // joined, not owned: this only lets go of it
  }
}

/** Funds loan `loanId` as boarding writes it: the stage, the closing record, the disbursement. */
const fund = (loanId: string) =>
  inSiteDatabase(async (client) => {
    await client.query(`update loan set stage = 'funded', stage_changed_at = now() where id = $1`, [loanId]);
    await client.query(
      `insert into loan_servicing (loan_id, funded_on, note_amount_cents, rate_percent, points, term_months, first_payment_on,
         maturity_on, interest_method, accrual, late_charge_percent, grace_days, extension_points, reconveyance_fee_cents)
       values ($1, $2, 100000000, 12, 2, 12, $3, $4, '30/360', 'disbursed', 10, 10, 1, 15000)`,
      [loanId, dayFromNow(-20), dayFromNow(11), dayFromNow(345)],
    );
    await client.query(
      `insert into ledger_entry (loan_id, day, kind, amount_cents, principal_after, holdback_after, interest_due_after,
         fees_due_after, suspense_after) values ($1, $2, 'closing-disbursement', 100000000, 100000000, 0, 0, 0, 0)`,
      [loanId, dayFromNow(-20)],
    );
  });

/** A confirmed amount of `dollars` on `dealId` by the user with `email`; returns their id. */
const confirmAmount = (dealId: string, email: string, dollars: number) =>
  inSiteDatabase(async (client) => {
    const { rows } = await client.query<{ id: string }>(`select id from "user" where email = $1`, [email]);
    await client.query(`insert into soft_commitment (deal_id, investor_id, amount, status) values ($1, $2, $3, 'confirmed')`, [
      dealId,
      rows[0]!.id,
      dollars,
    ]);
    return rows[0]!.id;
  });

for (const width of [1280, 390]) {
  test(`at ${width}px: a funded loan offered as a deal, an investor's funds recorded as a position`, async ({ browser }) => {
    test.setTimeout(180_000);
    const viewport = { width, height: width === 390 ? 844 : 900 };
    const borrower = await createVerifiedUser({ borrower: true }, 'positions-borrower');
    const { reference, id: loanId } = await applyForLoan(borrower.cookie);
    await fund(loanId);

    const staff = await staffSession();
    const staffContext = await browser.newContext({ viewport, extraHTTPHeaders: { 'X-Forwarded-For': uniqueIp() } });
    const admin = await staffContext.newPage();
    await withCookie(admin, staff.cookie);

    // Offer the loan: the deal form opens, drafted, with the note rate beside the investor rate.
    await admin.goto(`/admin-dashboard/loans/${reference}`);
    await admin.getByRole('button', { name: 'Offer as a deal' }).click();
    await expect(admin).toHaveURL(/\/admin-dashboard\/deals\/[0-9a-f-]{36}\/edit$/);
    const dealId = admin.url().split('/').at(-2)!;
    await expect(admin.getByTestId('note-rate')).toContainText(`Loan ${reference}: note rate 12%`);
    await admin.getByLabel('Investor rate (%) *').fill('10');
    await expect(admin.getByTestId('note-rate')).toContainText('servicing spread 2%');
    await admin.getByLabel('Status').selectOption('');
    await admin.getByRole('button', { name: 'Save changes' }).click();
    await expect(admin).toHaveURL(/\/admin-dashboard\/deals$/);
    await admin.goto(`/admin-dashboard/loans/${reference}`);
    await expect(admin.getByRole('link', { name: /loan in/ })).toHaveAttribute(
      'href',
      `/admin-dashboard/deals/${dealId}/investors`,
    );

    // An investor's amount, confirmed; staff record its funds with Enter in the reference field.
    const investor = await createVerifiedUser({ investor: true }, 'positions-investor');
    const investorId = await confirmAmount(dealId, investor.email, 250_000);
    await admin.goto(`/admin-dashboard/deals/${dealId}/investors`);
    const positions = admin.getByRole('region', { name: 'Positions', exact: true }).first();
    await expect(admin.getByRole('heading', { name: 'Positions', exact: true })).toBeVisible();
    await expect(admin.getByText('No positions yet.')).toBeVisible();
    const funds = admin.getByRole('form', { name: 'Funds received from Test User' });
    await expect(funds.getByLabel('Amount received')).toHaveValue('250000.00');
    await funds.getByLabel('Reference (optional)').fill('W-E2E-1');
    await funds.getByLabel('Reference (optional)').press('Enter');
    await expect(admin.getByText('Funds recorded')).toBeVisible();
    await expect(positions.getByRole('link', { name: 'Test User' })).toBeVisible();
    await expect(positions.getByText('25.0000%')).toBeVisible();
    await expect(admin.getByText('$750,000.00')).toBeVisible();
    await expect(admin.getByText('75.0000%')).toBeVisible();
    await expect(admin.getByText('No confirmed amount is waiting for its funds.')).toBeVisible();
    await expectNoViolations(admin, 'deal investors with positions');
    await shot(admin, `deal-positions-${width}`);

    // The investor's page lists the position.
    await admin.goto(`/admin-dashboard/investors/${investorId}`);
    await expect(admin.getByRole('heading', { name: 'Test User', level: 1 })).toBeVisible();
    await expect(admin.getByRole('link', { name: /loan in/ })).toBeVisible();
    await expect(admin.getByText('$250,000.00').first()).toBeVisible();
    await expect(admin.getByText('W-E2E-1')).toBeVisible();
    await expectNoViolations(admin, 'investor holdings');
    await shot(admin, `investor-${width}`);

    // The investor reads the rates and the spread on the deal page, server-rendered.
    const investorContext = await browser.newContext({ viewport, extraHTTPHeaders: { 'X-Forwarded-For': uniqueIp() } });
    const reader = await investorContext.newPage();
    await withCookie(reader, investor.cookie);
    await reader.goto(`/deal/${dealId}`);
    const figures = reader.getByRole('region', { name: 'Key figures' });
    await expect(figures.getByText('Investor Rate')).toBeVisible();
    await expect(figures.getByText('Note Rate')).toBeVisible();
    await expect(figures.getByText('Servicing Spread')).toBeVisible();
    await expect(reader.getByTestId('monthly-interest')).toHaveText('$208.33');
    await expect(reader.getByTestId('monthly-spread')).toHaveText('$41.67');
    await expectNoViolations(reader, 'deal page with the spread');
    await shot(reader, `deal-page-${width}`);
    await investorContext.close();
    await staffContext.close();
  });
}
