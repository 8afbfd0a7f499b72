/**
 * Payoff quotes and extensions end to end (issue 24 "Payoff quote", "Extension request"; staff
 * "issue payoff quotes, record the payoff, approve extensions") in Chromium against the production
 * build, at 1280 and 390 px. A borrower's submitted loan is funded straight in the site's database
 * (boarding has its own tests; its page is wired elsewhere): a $1,300,000 note at 10.25 % 30/360,
 * 0.5 extension points, a $150 reconveyance fee. The borrower asks for a payoff quote with the
 * keyboard (Enter in the date field), finds it e-mailed and opens its PDF; asks for a 3-month
 * extension after seeing its fee ($6,500.00) and new maturity; staff approve it (the fee makes the
 * borrower's quote stale), issue a new quote and record the payoff against it, and the loan shows
 * Paid off to both. axe finds no violation on the new pages. Screenshots go to /tmp/shots/payoff/.
 */
import { mkdirSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import pg from 'pg';
import { startEmbeddedPostgres } from '../../app/server/db/embedded-postgres.server';
import { baseURL, createVerifiedUser, dataDir, staffSession, uniqueIp, waitForMail } from '../support/accounts';
import { applyForLoan, dayFromNow } from '../support/loans';
import { hydrated } from '../support/pages';
import { formatCalendarDay } from '../../app/lib/format';
import { addMonths } from '../../app/lib/servicing/schedule';

const SHOTS = '/tmp/shots/payoff';
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

/**
 * Funds loan `loanId` in the running site's database (its embedded PostgreSQL, joined): the stage,
 * the closing record and the disbursement at closing, as boarding writes them.
 */
async function fund(loanId: string, maturityOn: string) {
  const cluster = await startEmbeddedPostgres(dataDir);
  const client = new pg.Client({ connectionString: cluster.url });
  await client.connect();
  try {
    await client.query('begin');
    await client.query(`update loan set stage = 'funded', stage_changed_at = now() where id = $1`, [loanId]);
    await client.query(
      `insert into loan_servicing (loan_id, funded_on, note_amount_cents, rate_percent, points, term_months, first_payment_on,
         maturity_on, interest_method, accrual, late_charge_percent, grace_days, extension_points, reconveyance_fee_cents)
       values ($1, $2, 130000000, 10.25, 1.5, 12, $3, $4, '30/360', 'disbursed', 10, 10, 0.5, 15000)`,
      [loanId, dayFromNow(-20), dayFromNow(11), maturityOn],
    );
    await client.query(
      `insert into ledger_entry (loan_id, day, kind, amount_cents, principal_after, holdback_after, interest_due_after,
         fees_due_after, suspense_after) values ($1, $2, 'closing-disbursement', 130000000, 130000000, 0, 0, 0, 0)`,
      [loanId, dayFromNow(-20)],
    );
    await client.query('commit');
  } finally {
    await client.end();
    await cluster.stop(); // joined, not owned: this only lets go of it
  }
}

for (const width of [1280, 390]) {
  test(`at ${width}px: a payoff quote by keyboard and its PDF, an extension approved, the payoff recorded`, async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    const viewport = { width, height: width === 390 ? 844 : 900 };
    const borrower = await createVerifiedUser({ borrower: true }, 'payoff');
    const { reference, id } = await applyForLoan(borrower.cookie);
    const maturity = dayFromNow(345);
    await fund(id, maturity);

    const borrowerContext = await browser.newContext({ viewport, extraHTTPHeaders: { 'X-Forwarded-For': uniqueIp() } });
    const page = await borrowerContext.newPage();
    await withCookie(page, borrower.cookie);

    // The payoff quote: the figures for the proposed day first, then Enter in the date field asks.
    await page.goto(`/dashboard/loans/${reference}/payoff`);
    await expect(page.getByRole('heading', { name: 'Payoff quote', level: 1 })).toBeVisible();
    await expect(page.getByText('Principal outstanding')).toBeVisible();
    await expect(page.getByText('$1,300,000.00').first()).toBeVisible();
    await expect(page.getByText('No payoff quote yet.')).toBeVisible();
    await expectNoViolations(page, 'payoff page');
    await shot(page, `borrower-payoff-${width}`);
    const goodThrough = dayFromNow(5);
    const date = page.getByLabel('Good through', { exact: true });
    await date.fill(goodThrough);
    await date.press('Enter');
    await expect(page.getByText('Payoff quote issued', { exact: true })).toBeVisible();
    const quotes = page.getByRole('region', { name: 'Payoff quotes' });
    await expect(quotes.getByRole('link', { name: /Quote PDF/ })).toHaveCount(1);
    const total = (await page.getByRole('definition').last().textContent())!.trim();
    expect(total).toMatch(/^\$1,3\d\d,\d{3}\.\d\d$/);
    await expect(quotes.getByText(total)).toBeVisible();
    await shot(page, `borrower-quoted-${width}`);
    const mail = await waitForMail(borrower.email, `Payoff quote for ${reference}`);
    expect(mail.body).toContain(total);
    const href = (await quotes.getByRole('link', { name: /Quote PDF/ }).getAttribute('href'))!;
    const pdf = await page.request.get(href);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
    const stranger = await createVerifiedUser({ borrower: true }, 'payoff-stranger');
    expect((await fetch(`${baseURL}${href}`, { headers: { Cookie: stranger.cookie } })).status).toBe(404);

    // The extension: the fee and the new maturity before asking.
    await page.goto(`/dashboard/loans/${reference}/extension`);
    // Without JavaScript, 'Show the terms' is a GET of the page: the server computes them.
    const twelve = await (
      await fetch(`${baseURL}/dashboard/loans/${reference}/extension?months=12`, { headers: { Cookie: borrower.cookie } })
    ).text();
    expect(twelve).toContain(formatCalendarDay(addMonths(maturity, 12)));
    await hydrated(page);
    await page.getByLabel('Extend by').selectOption('3');
    const terms = page.getByRole('list', { name: 'Extension terms' }).or(page.getByLabel('Extension terms'));
    await expect(terms.getByText('$6,500.00')).toBeVisible();
    await expect(terms.getByText('3 months', { exact: true })).toBeVisible();
    await expect(terms.getByText(formatCalendarDay(addMonths(maturity, 3)))).toBeVisible();
    await expectNoViolations(page, 'extension page');
    await shot(page, `borrower-extension-${width}`);
    await page.getByRole('button', { name: 'Ask for the extension' }).click();
    await expect(page.getByText('Extension requested', { exact: true })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Extension requests' }).getByText('Requested')).toBeVisible();
    await expect(page.getByText('An extension request is already waiting for our answer.')).toBeVisible();

    // Staff: approve it, issue a new quote (the fee changed the balances), record the payoff.
    const staff = await staffSession();
    const staffContext = await browser.newContext({ viewport, extraHTTPHeaders: { 'X-Forwarded-For': uniqueIp() } });
    const admin = await staffContext.newPage();
    await withCookie(admin, staff.cookie);
    await admin.goto(`/admin-dashboard/loans/${reference}/payoff`);
    await expect(admin.getByRole('heading', { name: 'Payoff and extensions' })).toBeVisible();
    await expectNoViolations(admin, 'staff payoff page');
    await shot(admin, `staff-payoff-${width}`);
    await admin.getByRole('button', { name: /^Approve/ }).click();
    await expect(admin.getByText('Extension approved', { exact: true })).toBeVisible();
    // The borrower's quote's total no longer pays what is owed (the fee): refused, naming what is owed.
    const record = admin.locator('form#record-payoff');
    await record.getByLabel('Amount received ($)').fill(total.replace('$', ''));
    await record.getByLabel('Method').selectOption('wire');
    await record.getByRole('button', { name: 'Record the payoff' }).click();
    await expect(admin.getByText(/is owed for a payoff received/)).toBeVisible();
    await admin.getByRole('button', { name: 'Issue quote' }).click();
    await expect(admin.getByText('Payoff quote issued', { exact: true })).toBeVisible();
    const option = (await record.getByLabel('Quote').locator('option:checked').textContent())!;
    const newTotal = option.split(': ')[1]!;
    expect(newTotal).not.toBe(total);
    await record.getByLabel('Amount received ($)').fill(newTotal.replace('$', ''));
    await record.getByLabel('Method').selectOption('wire');
    await record.getByLabel('Reference (optional)').fill('FW-PAYOFF');
    await record.getByRole('button', { name: 'Record the payoff' }).click();
    await expect(admin.getByText('Payoff recorded', { exact: true })).toBeVisible();
    await expect(admin.getByText(new RegExp(`^Loan ${reference} · .* · Paid off$`))).toBeVisible();
    await shot(admin, `staff-paid-off-${width}`);

    await waitForMail(borrower.email, `Loan ${reference}: Paid off`);
    await page.goto(`/dashboard/loans/${reference}/payoff`);
    await expect(page.getByText('This loan is paid off: every balance is zero.')).toBeVisible();
    await expectNoViolations(page, 'paid-off payoff page');
    await staffContext.close();
    await borrowerContext.close();
  });
}
