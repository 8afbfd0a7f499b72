/**
 * Investor returns from funding to payoff, in Chromium against the production build (issue 25
 * Must show "Chromium journey" and "HTTP"). A $1,000,000 bridge loan at 12 % reaches Closing over
 * HTTP and staff fund it on the loan review, backdated two months, so the billing catches up two
 * installments. Staff offer it as a deal at a 9 % investor rate; three investors sign their
 * suitability statements and indicate $250,000, $400,000 and $150,000; staff confirm them and
 * record their funds received: the deal shows the three positions and the lender's $200,000.
 * Staff record the borrower's two installments, then run, approve and pay the two months'
 * distributions: each investor's amount is the installment × share × 9 ÷ 12, floored to the cent
 * (app/lib/returns/README.md), on the run page, on their Distributions page, in the statement
 * PDF and in the portfolio's totals. The loan is paid off; the next run returns each investor's
 * whole amount with the payoff's interest, and the position reads Paid off; the Documents page's
 * tax statement for the year shows the interest of the three runs. Then another investor, the
 * borrower and an anonymous visitor get 404 or the sign-in redirect for every portfolio page,
 * `.data` URL, PDF and CSV of the first investor, and the staff's pages and actions, and nothing
 * changes. axe at each step; screenshots in /tmp/shots/returns-journey/.
 *
 * Runs in the 'runs' project (playwright.config.ts), one test at a time with the other test
 * that opens runs: one run is open at a time, site-wide.
 */
import { mkdirSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { extractText, getDocumentProxy } from 'unpdf';
import { usdCents } from '~/lib/format';
import { addDays } from '~/lib/servicing/day-count';
import { addMonths, dueDays } from '~/lib/servicing/schedule';
import { baseURL, createVerifiedUser, postForm, staffSession, uniqueIp, waitForMail } from '../support/accounts';
import { applyForLoan, dayFromNow } from '../support/loans';
import { hydrated } from '../support/pages';

const SHOTS = '/tmp/shots/returns-journey';
const tags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

async function check(page: Page, name: string) {
  await page.waitForLoadState('networkidle');
  await expect(page.locator('[data-sonner-toast][data-mounted="false"]')).toHaveCount(0);
  const { violations } = await new AxeBuilder({ page }).withTags(tags).analyze();
  expect(violations.map((v) => `${name} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

async function signedInPage(browser: Browser, cookie: string, width: number): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width, height: width === 390 ? 844 : 900 },
    acceptDownloads: true,
    extraHTTPHeaders: { 'X-Forwarded-For': uniqueIp() },
  });
  const [name, value] = cookie.split(/=(.*)/s) as [string, string];
  await context.addCookies([{ name, value, url: baseURL }]);
  return context.newPage();
}

const cents = (text: string) => Math.round(Number(text.replace(/[$,−\s]/g, '')) * 100);
const money = (c: number) => usdCents(c);
/** A's, B's and C's shares of the note as fractions: 1/4, 2/5, 3/20; the investor rate is 3/4 of the note rate. */
const SHARES = [
  { name: 'Avery Stone', dollars: 250_000, num: 1n, den: 4n },
  { name: 'Blair Kim', dollars: 400_000, num: 2n, den: 5n },
  { name: 'Casey Ortiz', dollars: 150_000, num: 3n, den: 20n },
] as const;
/** A position's interest from a bill it held all period: ⌊bill × share × 9/12⌋. */
const interestOf = (bill: number, i: number) => Number((BigInt(bill) * SHARES[i]!.num * 3n) / (SHARES[i]!.den * 4n));

/** Staff open a run for `from`–`to` on the runs page, and approve it; returns its number. */
async function openAndApprove(admin: Page, from: string, to: string): Promise<string> {
  await admin.goto('/admin-dashboard/distributions');
  await hydrated(admin);
  await admin.getByLabel('First day').fill(from);
  const last = admin.getByLabel('Last day');
  await last.fill(to);
  await last.press('Enter');
  await expect(admin).toHaveURL(/\/admin-dashboard\/distributions\/\d+$/);
  const number = admin.url().split('/').at(-1)!;
  await expect(
    admin.getByText('Cash applied equals the investors’ part, the lender’s own share and the spread, to the cent.'),
  ).toBeVisible();
  await admin.getByRole('button', { name: 'Approve the run' }).click();
  await expect(admin.getByText(`Run ${number} approved`, { exact: true })).toBeVisible();
  return number;
}

/** Staff mark run `number` paid with a bank reference (Enter in the reference). */
async function markPaid(admin: Page, number: string) {
  await admin.goto(`/admin-dashboard/distributions/${number}`);
  await hydrated(admin);
  const reference = admin.getByLabel('Payment reference');
  await reference.fill(`BATCH-${number}`);
  await reference.press('Enter');
  await expect(admin.getByText(`Run ${number} paid`, { exact: true })).toBeVisible();
}

/** The text of the PDF at `href` as the signed-in `page` downloads it. */
async function pdfText(page: Page, href: string): Promise<string> {
  const res = await page.request.get(href);
  expect(res.status(), href).toBe(200);
  expect(res.headers()['content-type']).toBe('application/pdf');
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(await res.body())), { mergePages: true });
  return text;
}

for (const width of [1280, 390]) {
  test(`at ${width}px: a loan offered as a deal, three investors funded, two months distributed, the payoff returns the principal`, async ({
    browser,
  }) => {
    test.setTimeout(480_000);
    const borrower = await createVerifiedUser({ borrower: true }, 'returns-borrower');
    const staff = await staffSession();

    // To Closing over HTTP: a $1,000,000 bridge loan, its term sheet at 12 %, signed.
    const { reference } = await applyForLoan(borrower.cookie, { loan: { loanAmount: '1000000' } });
    const review = `/admin-dashboard/loans/${reference}`;
    expect((await postForm(review, { intent: 'move', to: 'in_review' }, { cookie: staff.cookie })).status).toBe(200);
    const sheet = {
      intent: 'term-sheet',
      amount: '1000000',
      ratePercent: '12',
      points: '2',
      termMonths: '12',
      ltv: '50',
      expiresOn: dayFromNow(7),
    };
    expect((await postForm(review, sheet, { cookie: staff.cookie })).status).toBe(200);
    const accept = `/dashboard/loans/${reference}/term-sheet`;
    const acceptPage = await (await fetch(`${baseURL}${accept}`, { headers: { Cookie: borrower.cookie } })).text();
    const termSheetId = acceptPage.match(/name="termSheetId" value="([0-9a-f-]{36})"/)![1]!;
    const signedName = acceptPage.match(/as it is on your account: ([^<.]+)\./)?.[1] ?? 'Test User';
    expect((await postForm(accept, { termSheetId, esignConsent: 'on', signedName }, { cookie: borrower.cookie })).status).toBe(
      302,
    );
    for (const to of ['approved', 'closing'])
      expect((await postForm(review, { intent: 'move', to }, { cookie: staff.cookie })).status).toBe(200);

    // Funded two months ago: the first installment a month later, the second a few days ago.
    const firstPayment = addMonths(dayFromNow(-5), -1);
    const maturity = addMonths(firstPayment, 11);
    const [, secondPayment] = dueDays({ fundedOn: '', firstPaymentOn: firstPayment, maturityOn: maturity });
    const fundedOn = addMonths(firstPayment, -1);
    const today = dayFromNow(0);

    const admin = await signedInPage(browser, staff.cookie, width);
    await admin.goto(review);
    const boarding = admin.locator('form#boarding');
    await expect(boarding.getByLabel('Note amount')).toHaveValue('1000000.00');
    await boarding.getByLabel('Funding date').fill(fundedOn);
    await boarding.getByLabel('First payment date').fill(firstPayment);
    await boarding.getByLabel('Maturity date').fill(maturity);
    await boarding.getByRole('button', { name: 'Confirm and fund the loan' }).click();
    await expect(admin.getByText('Loan funded: its servicing has started')).toBeVisible();
    await waitForMail(borrower.email, `Loan ${reference}: Funded`);

    // Offered as a deal at 9 %, Active.
    await admin.getByRole('button', { name: 'Offer as a deal' }).click();
    await expect(admin).toHaveURL(/\/admin-dashboard\/deals\/[0-9a-f-]{36}\/edit$/);
    const dealId = admin.url().split('/').at(-2)!;
    await expect(admin.getByTestId('note-rate')).toContainText(`Loan ${reference}: note rate 12%`);
    await admin.getByLabel('Investor rate (%) *').fill('9');
    await expect(admin.getByTestId('note-rate')).toContainText('servicing spread 3%');
    await admin.getByLabel('Status').selectOption('');
    await admin.getByRole('button', { name: 'Save changes' }).click();
    await expect(admin).toHaveURL(/\/admin-dashboard\/deals$/);

    // Three investors sign and indicate their amounts; staff confirm them and record the funds.
    const investors = [];
    for (const [i, share] of SHARES.entries()) {
      const who = await createVerifiedUser({ investor: true }, `returns-investor-${i}`, { name: share.name });
      const suitability = {
        intent: 'suitability',
        netWorthOver250k: 'on',
        withinConcentrationLimit: 'on',
        understandsRisks: 'on',
        signature: share.name,
      };
      expect((await postForm(`/deal/${dealId}`, suitability, { cookie: who.cookie })).status).toBe(200);
      expect(
        (await postForm(`/deal/${dealId}`, { intent: 'indicate', amount: String(share.dollars) }, { cookie: who.cookie })).status,
      ).toBe(200);
      investors.push(who);
    }
    const demand = `/admin-dashboard/deals/${dealId}/investors`;
    await admin.goto(demand);
    for (const who of investors) {
      const row = admin.getByRole('row').filter({ hasText: who.email });
      await row.getByText('Move to…').click();
      await row.getByLabel('Move to', { exact: true }).selectOption('confirmed');
      await row.getByRole('button', { name: 'Move' }).click();
      await expect(admin.getByRole('row').filter({ hasText: who.email })).toContainText('Confirmed');
    }
    await admin.goto(demand);
    await hydrated(admin);
    for (const share of SHARES) {
      const funds = admin.getByRole('form', { name: `Funds received from ${share.name}` });
      await expect(funds.getByLabel('Amount received')).toHaveValue(`${share.dollars}.00`);
      await funds.getByLabel('Date received').fill(fundedOn);
      await funds.getByLabel('Reference (optional)').fill(`W-${share.name.split(' ')[0]}`);
      await funds.getByLabel('Reference (optional)').press('Enter');
      await expect(admin.getByText('Funds recorded').first()).toBeVisible();
      await expect(admin.getByRole('form', { name: `Funds received from ${share.name}` })).toHaveCount(0);
    }
    const positions = admin.getByRole('region', { name: 'Positions', exact: true }).first();
    for (const text of ['25.0000%', '40.0000%', '15.0000%']) await expect(positions.getByText(text)).toBeVisible();
    await expect(admin.getByText('$200,000.00').first()).toBeVisible();
    await check(admin, `deal-positions-${width}`);

    // The borrower pays the first installment late, with its late charge (charged when the
    // billing caught up), and the second on its due day, as the ledger billed them.
    await admin.goto(`${review}/ledger`);
    const history = admin.getByRole('region', { name: 'Payment history' });
    const bills = history.locator('tbody tr').filter({ hasText: 'Interest billed' });
    await expect(bills).toHaveCount(2);
    const billCents = [
      cents((await bills.nth(1).locator('td').nth(2).textContent())!),
      cents((await bills.nth(0).locator('td').nth(2).textContent())!),
    ];
    const lateCharge = cents(
      (await history.locator('tbody tr').filter({ hasText: 'Late charge' }).locator('td').nth(2).textContent())!,
    );
    expect(lateCharge).toBe(100_000); // 10 % of the $10,000.00 installment
    const paidOn = [addDays(firstPayment, 12), secondPayment!];
    const payment = admin.locator('form#payment');
    for (const [i, day] of paidOn.entries()) {
      await payment.getByLabel('Amount received').fill(((billCents[i]! + (i === 0 ? lateCharge : 0)) / 100).toFixed(2));
      await payment.getByLabel('Date received').fill(day);
      await payment.getByLabel('Method').selectOption('ach');
      await payment.getByLabel('Amount received').press('Enter');
      await expect(admin.locator('tbody tr').filter({ hasText: 'Payment received' })).toHaveCount(i + 1);
    }
    await expect(admin.locator('dt:text-is("Due now") + dd')).toHaveText('$0.00');

    // Two runs, one a payment: each investor's interest is the bill × share × 3/4, floored; the
    // late charge is the lender's (the deal's fees rule).
    const runs: string[] = [];
    for (const [i, [from, to]] of [
      [addDays(paidOn[0]!, -30), paidOn[0]!],
      [addDays(paidOn[0]!, 1), paidOn[1]!],
    ].entries()) {
      const number = await openAndApprove(admin, from!, to!);
      const perInvestor = admin.getByRole('region', { name: "Each investor's distribution" });
      for (const [j, who] of investors.entries())
        await expect(perInvestor.getByRole('row').filter({ hasText: who.email }).first()).toContainText(
          money(interestOf(billCents[i]!, j)),
        );
      if (i === 0) await check(admin, `run-approved-${width}`);
      await markPaid(admin, number);
      runs.push(number);
    }

    // Each investor: the amounts on Distributions, in the statement PDF, and the portfolio's totals.
    for (const [j, who] of investors.entries()) {
      const page = await signedInPage(browser, who.cookie, width);
      const amounts = billCents.map((bill) => interestOf(bill, j));
      for (const [i, number] of runs.entries()) {
        await waitForMail(who.email, 'Your distribution for', money(amounts[i]!));
        expect(await pdfText(page, `/dashboard/investments/statements/${number}`)).toContain(money(amounts[i]!));
      }
      await page.goto('/dashboard/investments/distributions');
      await expect(page.getByText(`2 payments, ${money(amounts[0]! + amounts[1]!)} in all.`)).toBeVisible();
      if (j === 0) await check(page, `distributions-${width}`);
      await page.goto('/dashboard/investments');
      const portfolio = page.getByRole('region', { name: 'Portfolio', exact: true });
      await expect(portfolio.getByText(money(SHARES[j]!.dollars * 100)).first()).toBeVisible();
      await expect(portfolio.getByText(money(amounts[0]! + amounts[1]!)).first()).toBeVisible();
      await expect(portfolio.getByText('Current')).toBeVisible();
      if (j === 0) await check(page, `portfolio-${width}`);
      await page.context().close();
    }

    // The payoff: quoted through today and recorded; the next run returns every position's amount.
    await admin.goto(`${review}/payoff`);
    const quote = admin.getByLabel('Good through', { exact: true });
    await quote.fill(today);
    await quote.press('Enter');
    await expect(admin.getByText('Payoff quote issued', { exact: true })).toBeVisible();
    const record = admin.locator('form#record-payoff');
    const option = (await record.getByLabel('Quote').locator('option:checked').textContent())!;
    await record.getByLabel('Amount received ($)').fill(option.split(': ')[1]!.replace(/[$,]/g, ''));
    await record.getByLabel('Method').selectOption('wire');
    await record.getByRole('button', { name: 'Record the payoff' }).click();
    await expect(admin.getByText('Payoff recorded', { exact: true })).toBeVisible();
    await admin.goto(`${review}/ledger`);
    const payoffBill = cents(
      (await history.locator('tbody tr').filter({ hasText: 'Interest billed' }).first().locator('td').nth(2).textContent())!,
    );
    const last = await openAndApprove(admin, today, today);
    await markPaid(admin, last);
    runs.push(last);

    for (const [j, who] of investors.entries()) {
      const page = await signedInPage(browser, who.cookie, width);
      const back = SHARES[j]!.dollars * 100 + interestOf(payoffBill, j);
      expect(await pdfText(page, `/dashboard/investments/statements/${last}`)).toContain(money(back));
      await page.goto('/dashboard/investments');
      const portfolio = page.getByRole('region', { name: 'Portfolio', exact: true });
      await expect(portfolio.getByText('Paid off')).toBeVisible();
      // The year's interest: the three runs' interest, on the tax statement (expected until the year ends).
      const yearInterest = interestOf(billCents[0]!, j) + interestOf(billCents[1]!, j) + interestOf(payoffBill, j);
      await page.goto('/dashboard/documents');
      const tax = page.getByRole('region', { name: 'Tax statements' });
      await expect(tax.getByText(`${today.slice(0, 4)}: ${money(yearInterest)} interest`)).toBeVisible();
      if (j === 0) await check(page, `documents-${width}`);
      await page.context().close();
    }

    // Nobody else reaches the first investor's returns, nor the staff's pages and actions.
    const owner = await signedInPage(browser, investors[0]!.cookie, width);
    await owner.goto('/dashboard/investments');
    const positionHref = (await owner
      .getByRole('link', { name: /loan in/ })
      .first()
      .getAttribute('href'))!;
    expect(positionHref).toMatch(/^\/dashboard\/investments\/positions\/[0-9a-f-]{36}$/);
    await owner.context().close();
    const stranger = await createVerifiedUser({ investor: true }, 'returns-stranger');
    const intruders = [
      { who: 'another investor', cookie: stranger.cookie },
      { who: 'the borrower', cookie: borrower.cookie },
      { who: 'an anonymous visitor', cookie: '' },
    ];
    const investorId = (
      await (
        await fetch(`${baseURL}/admin-dashboard/users?q=${encodeURIComponent(investors[0]!.email)}`, {
          headers: { Cookie: staff.cookie },
        })
      ).text()
    ).match(/\/admin-dashboard\/investors\/([0-9A-Za-z-]+)/)?.[1];
    expect(investorId).toBeTruthy();
    const pages = [
      positionHref,
      '/dashboard/investments/distributions',
      `/admin-dashboard/distributions/${runs[0]}`,
      '/admin-dashboard/distributions',
      `/admin-dashboard/investors/${investorId}`,
      demand,
      '/admin-dashboard/tax',
    ];
    const files = [`/dashboard/investments/statements/${runs[0]}`, `/dashboard/documents/tax/${today.slice(0, 4)}`];
    const actions: [string, Record<string, string>][] = [
      [`/admin-dashboard/distributions/${runs[0]}`, { intent: 'paid', paidOn: today, reference: 'STOLEN' }],
      [`/admin-dashboard/distributions/${runs[0]}/export`, { password: 'x' }],
      ['/admin-dashboard/distributions', { intent: 'open', periodFrom: today, periodTo: today }],
      [demand, { intent: 'funds', commitmentId: '00000000-0000-4000-8000-000000000000', receivedOn: today, method: 'wire' }],
      ['/admin-dashboard/tax', { intent: 'issue', year: today.slice(0, 4) }],
    ];
    const staffView = async () =>
      (
        await (await fetch(`${baseURL}/admin-dashboard/distributions/${runs[0]}`, { headers: { Cookie: staff.cookie } })).text()
      ).match(/<main[\s\S]*<\/main>/)![0];
    const before = await staffView();
    const refused = (status: number, body: string) =>
      status === 404 ||
      (status >= 300 && status < 400) ||
      (status === 202 && /"redirect","\/(login|admin-login|dashboard)?[?"/]/.test(body));
    for (const { who, cookie } of intruders) {
      const headers: Record<string, string> = cookie ? { Cookie: cookie } : {};
      for (const path of pages)
        for (const url of [path, `${path}.data`]) {
          // The stranger's own Distributions page is theirs: it must not show the owner's figures.
          if (path === '/dashboard/investments/distributions' && who === 'another investor') {
            const body = await (await fetch(`${baseURL}${url}`, { headers })).text();
            expect(body).not.toContain(investors[0]!.email);
            expect(body).not.toContain(`BATCH-${runs[0]}`);
            continue;
          }
          const res = await fetch(`${baseURL}${url}`, { redirect: 'manual', headers });
          const body = await res.text();
          expect(refused(res.status, body), `${who} GET ${url} → ${res.status}`).toBe(true);
          expect(body).not.toContain(SHARES[0].name);
        }
      for (const url of files) {
        const res = await fetch(`${baseURL}${url}`, { redirect: 'manual', headers });
        expect([302, 303, 404], `${who} GET ${url}`).toContain(res.status);
      }
      // The positions CSV is the signed-in investor's own: never the first investor's.
      const csv = await fetch(`${baseURL}/dashboard/investments/export`, { redirect: 'manual', headers });
      if (csv.status === 200) expect(await csv.text()).not.toContain(reference);
      else expect([302, 303, 404], `${who} GET the positions CSV`).toContain(csv.status);
      for (const [path, fields] of actions)
        for (const url of [path, `${path}.data`]) {
          const res = await postForm(url, fields, { cookie });
          expect(refused(res.status, await res.text()), `${who} POST ${url} → ${res.status}`).toBe(true);
        }
    }
    expect(await staffView()).toBe(before);
    await admin.context().close();
  });
}
