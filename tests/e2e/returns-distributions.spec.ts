/**
 * Distribution runs through the staff pages (issue 25 "Distribution runs") in Chromium against
 * the production build, at 1280 and then 390 px (one after the other: one run is open at a
 * time). For each width a borrower's submitted loan is funded straight in the site's database
 * ($1,000,000 note; boarding and positions have their own tests), offered as a deal with one
 * investor's $400,000 position, and a $10,000.00 principal payment is on its ledger. Staff open a
 * run with the keyboard (Enter in the last day), check the investor's $4,000.00 and the
 * reconciliation, approve it, download the bank CSV and mark it paid; the investor gets the
 * e-mail and opens the statement PDF it links to, which another investor gets 404 for. axe finds
 * no violation on the two pages. Screenshots go to /tmp/shots/distributions/.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import pg from 'pg';
import { startEmbeddedPostgres } from '../../app/server/db/embedded-postgres.server';
import { formatCalendarDay } from '../../app/lib/format';
import { baseURL, createVerifiedUser, dataDir, staffSession, uniqueIp, waitForMail } from '../support/accounts';
import { applyForLoan, dayFromNow } from '../support/loans';
import { hydrated } from '../support/pages';

const SHOTS = '/tmp/shots/distributions';
const tags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

test.describe.configure({ mode: 'serial' });

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

/**
 * In the running site's database (its embedded PostgreSQL, joined): funds loan `loanId` 40 days
 * ago with a $1,000,000 note, offers it as a deal at 10 %, gives `investorEmail` a $400,000
 * position and records a $10,000.00 payment to principal 3 days ago.
 */
async function offerWithPayment(loanId: string, investorEmail: string) {
  const cluster = await startEmbeddedPostgres(dataDir);
  const client = new pg.Client({ connectionString: cluster.url });
  await client.connect();
  const fundedOn = dayFromNow(-40);
  try {
    await client.query('begin');
    await client.query(`update loan set stage = 'funded', stage_changed_at = now() where id = $1`, [loanId]);
    await client.query(
      `insert into loan_servicing (loan_id, funded_on, note_amount_cents, rate_percent, points, term_months, first_payment_on,
         maturity_on, interest_method, accrual, late_charge_percent, grace_days, extension_points, reconveyance_fee_cents)
       values ($1, $2, 100000000, 12, 1, 12, $3, $4, '30/360', 'disbursed', 10, 10, 0.5, 15000)`,
      [loanId, fundedOn, dayFromNow(5), dayFromNow(330)],
    );
    await client.query(
      `insert into ledger_entry (loan_id, day, kind, amount_cents, principal_after, holdback_after, interest_due_after,
         fees_due_after, suspense_after) values ($1, $2, 'closing-disbursement', 100000000, 100000000, 0, 0, 0, 0)`,
      [loanId, fundedOn],
    );
    await client.query(
      `insert into ledger_entry (loan_id, day, kind, amount_cents, fees_cents, interest_cents, principal_cents, suspense_cents,
         method, principal_after, holdback_after, interest_due_after, fees_due_after, suspense_after)
       values ($1, $2, 'payment', 1000000, 0, 0, 1000000, 0, 'wire', 99000000, 0, 0, 0, 0)`,
      [loanId, dayFromNow(-3)],
    );
    const deal = await client.query(
      `insert into deal (title, location, description, loan_amount, ltv, term_months, interest_rate, minimum_investment,
         amount_to_raise, loan_id) values ($1, 'Reno, NV', 'A first deed of trust.', 1000000, 50, 12, 10, 1000, 1000000, $2)
       returning id`,
      [`Distribution deal ${loanId.slice(0, 8)}`, loanId],
    );
    const investor = await client.query(`select id from "user" where email = $1`, [investorEmail]);
    const commitment = await client.query(
      `insert into soft_commitment (deal_id, investor_id, amount, status) values ($1, $2, 400000, 'funded') returning id`,
      [deal.rows[0].id, investor.rows[0].id],
    );
    await client.query(
      `insert into position (deal_id, loan_id, investor_id, commitment_id, amount_cents, funded_on, method, reference)
       values ($1, $2, $3, $4, 40000000, $5, 'wire', 'W-E2E')`,
      [deal.rows[0].id, loanId, investor.rows[0].id, commitment.rows[0].id, fundedOn],
    );
    await client.query('commit');
  } finally {
    await client.end();
    await cluster.stop(); // joined, not owned: this only lets go of it
  }
}

for (const width of [1280, 390]) {
  test(`at ${width}px: staff open, approve and pay a run, export the bank CSV; the investor gets the e-mail and statement`, async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    const viewport = { width, height: width === 390 ? 844 : 900 };
    const borrower = await createVerifiedUser({ borrower: true }, 'dist-borrower');
    const investor = await createVerifiedUser({ investor: true }, 'dist-investor');
    const { id } = await applyForLoan(borrower.cookie);
    await offerWithPayment(id, investor.email);

    const staff = await staffSession();
    const context = await browser.newContext({
      viewport,
      acceptDownloads: true,
      extraHTTPHeaders: { 'X-Forwarded-For': uniqueIp() },
    });
    const page = await context.newPage();
    await withCookie(page, staff.cookie);

    await page.goto('/admin-dashboard/distributions');
    await expect(page.getByRole('heading', { name: 'Distributions', level: 1 })).toBeVisible();
    await expectNoViolations(page, 'runs page');
    await shot(page, `runs-${width}`);
    await hydrated(page);
    const periodFrom = dayFromNow(-30);
    const periodTo = dayFromNow(0);
    await page.getByLabel('First day').fill(periodFrom);
    const last = page.getByLabel('Last day');
    await last.fill(periodTo);
    await last.press('Enter');
    await expect(page).toHaveURL(/\/admin-dashboard\/distributions\/\d+$/);
    const number = page.url().split('/').at(-1)!;
    await expect(page.getByRole('heading', { name: `Run No. ${number}`, level: 1 })).toBeVisible();
    const investors = page.getByRole('region', { name: "Each investor's distribution" });
    await expect(investors.getByText(investor.email)).toBeVisible();
    await expect(investors.getByText('$4,000.00').first()).toBeVisible();
    await expect(
      page.getByText('Cash applied equals the investors’ part, the lender’s own share and the spread, to the cent.'),
    ).toBeVisible();
    // axe looks at the page itself, not at the toast fading in.
    await page.reload();
    await expectNoViolations(page, 'open run page');
    await shot(page, `run-open-${width}`);

    await page.getByRole('button', { name: 'Approve the run' }).click();
    await expect(page.getByText(`Run ${number} approved`, { exact: true })).toBeVisible();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const csv = readFileSync((await (await download).path())!, 'utf8').replace(/^\uFEFF/, '');
    expect(csv.split(/\r?\n/)[0]).toBe('Investor,E-mail,Amount (USD),Run,Period from,Period to,Reference');
    expect(csv).toContain(`${investor.email},4000.00,${number},${periodFrom},${periodTo},`);

    await page.goto(`/admin-dashboard/distributions/${number}`);
    await hydrated(page);
    const reference = page.getByLabel('Payment reference');
    await reference.fill(`BATCH-E2E-${number}`);
    await reference.press('Enter');
    await expect(page.getByText(`Run ${number} paid`, { exact: true })).toBeVisible();
    await expect(page.getByText(`BATCH-E2E-${number}`)).toBeVisible();
    await page.reload();
    await expectNoViolations(page, 'paid run page');
    await shot(page, `run-paid-${width}`);

    const period = `${formatCalendarDay(periodFrom)} – ${formatCalendarDay(periodTo)}`;
    const mail = await waitForMail(investor.email, `Your distribution for ${period}`);
    expect(mail.body).toContain('$4,000.00');
    const href = `/dashboard/investments/statements/${number}`;
    expect(mail.body).toContain(href);
    const pdf = await fetch(`${baseURL}${href}`, { headers: { Cookie: investor.cookie } });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    const stranger = await createVerifiedUser({ investor: true }, 'dist-stranger');
    expect((await fetch(`${baseURL}${href}`, { headers: { Cookie: stranger.cookie } })).status).toBe(404);
    await context.close();
  });
}
