/**
 * Staff's updates to a loan's investors end to end (issue 25 "Loan updates") in Chromium against
 * the production build, at 1280 and 390 px. A borrower's submitted loan is funded straight in the
 * site's database and offered as a deal with two investors' positions (the positions' own pages
 * have their tests). On the loan's ledger page staff find "Updates to investors" empty, write an
 * update and post it with Enter in the title; it is listed with who posted it, and both investors
 * find it in their e-mail. axe finds no violation on the page. Screenshots go to /tmp/shots/updates/.
 */
import { mkdirSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import pg from 'pg';
import { startEmbeddedPostgres } from '../../app/server/db/embedded-postgres.server';
import { baseURL, createVerifiedUser, dataDir, staffSession, uniqueIp, waitForMail } from '../support/accounts';
import { applyForLoan, dayFromNow } from '../support/loans';
import { hydrated } from '../support/pages';

const SHOTS = '/tmp/shots/updates';
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

/**
 * Funds loan `loanId` in the running site's database (its embedded PostgreSQL, joined) as boarding
 * writes it ($1,000,000 at 12 %), offers it as a deal at 10 % and gives each of `investorEmails` a
 * $100,000 position with its funded commitment. Returns the deal's title.
 */
async function fundWithPositions(loanId: string, reference: string, investorEmails: string[]): Promise<string> {
  const cluster = await startEmbeddedPostgres(dataDir);
  const client = new pg.Client({ connectionString: cluster.url });
  await client.connect();
  const title = `Deed of trust ${reference}`;
  try {
    await client.query('begin');
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
    const { rows } = await client.query<{ id: string }>(
      `insert into deal (title, location, description, loan_amount, ltv, term_months, interest_rate, minimum_investment,
         amount_to_raise, status, loan_id)
       values ($1, 'Reno, NV', 'A first deed of trust.', 1000000, 50, 12, 10, 25000, 200000, 'Closed', $2) returning id`,
      [title, loanId],
    );
    for (const [i, email] of investorEmails.entries()) {
      const { rows: c } = await client.query<{ id: string; investor_id: string }>(
        `insert into soft_commitment (deal_id, investor_id, amount, status)
         select $1, id, 100000, 'funded' from "user" where email = $2 returning id, investor_id`,
        [rows[0]!.id, email],
      );
      await client.query(
        `insert into position (deal_id, loan_id, investor_id, commitment_id, amount_cents, funded_on, method, reference)
         values ($1, $2, $3, $4, 10000000, $5, 'wire', $6)`,
        [rows[0]!.id, loanId, c[0]!.investor_id, c[0]!.id, dayFromNow(-20), `W-${i + 1}`],
      );
    }
    await client.query('commit');
  } finally {
    await client.end();
    await cluster.stop(); // joined, not owned: this only lets go of it
  }
  return title;
}

for (const width of [1280, 390]) {
  test(`at ${width}px: staff post an update to a loan's investors with Enter, and each is e-mailed`, async ({ browser }) => {
    test.setTimeout(120_000);
    const viewport = { width, height: width === 390 ? 844 : 900 };
    const borrower = await createVerifiedUser({ borrower: true }, 'updates-b');
    const investors = await Promise.all([
      createVerifiedUser({ investor: true }, 'updates-i'),
      createVerifiedUser({ investor: true }, 'updates-i'),
    ]);
    const { reference, id } = await applyForLoan(borrower.cookie);
    const dealTitle = await fundWithPositions(
      id,
      reference,
      investors.map((i) => i.email),
    );

    const staff = await staffSession();
    const context = await browser.newContext({ viewport, extraHTTPHeaders: { 'X-Forwarded-For': uniqueIp() } });
    const page = await context.newPage();
    const [name, value] = staff.cookie.split(/=(.*)/s) as [string, string];
    await context.addCookies([{ name, value, url: baseURL }]);
    await page.goto(`/admin-dashboard/loans/${reference}/ledger`);
    const card = page.getByRole('region', { name: 'Updates to investors' });
    await expect(card.getByText('No update yet.', { exact: false })).toBeVisible();
    await expect(card.getByText('Sent to all 2 investors', { exact: false })).toBeVisible();
    await expectNoViolations(page, 'ledger page');
    await hydrated(page);

    await card.getByLabel('Update', { exact: true }).fill('We visited the property today: the roof is done.\nMore next week.');
    const titleField = card.getByLabel('Title', { exact: true });
    await titleField.fill('Site visit');
    await titleField.press('Enter');
    await expect(page.getByText('Update posted to investors', { exact: true })).toBeVisible();
    const list = card.getByRole('list', { name: 'Loan updates' });
    await expect(list.getByRole('heading', { name: 'Site visit' })).toBeVisible();
    await expect(list.getByText('Update from the lender')).toBeVisible();
    await expect(titleField).toHaveValue('');
    await shot(page, `ledger-update-${width}`);
    for (const investor of investors) {
      const mail = await waitForMail(investor.email, `${dealTitle}: Site visit`);
      expect(mail.body).toContain('the roof is done');
    }
    await context.close();
  });
}
