/**
 * Servicing from funding to payoff, in Chromium against the production build (issue 24 Must
 * show "Chromium journey" and "HTTP"): a construction loan reaches Closing (the application, the
 * term sheet with its holdback and draw fee, the borrower's signature, over HTTP as the loan-file
 * specs drive them); staff fund it from the closing record on the loan review, its funding day
 * set in the past, so the billing catches up: the first installment billed with its statement,
 * charged late after the grace days, and the second billed. The borrower submits a draw with
 * photos; staff record the inspection, approve part of it and fund it. The borrower opens the
 * first statement: its PDF's figures match the page. Staff record the late installment with its
 * late charge, then the second on time; the borrower asks for a payoff quote; staff record the
 * payoff; the loan shows Paid off. Every e-mail is read from DATA_DIR/mail. Then another
 * borrower, an investor and an anonymous visitor get 404 or a redirect for every servicing page,
 * `.data` request, PDF and action of the loan, and nothing changes. axe at each step; screenshots
 * in /tmp/shots/journey/.
 */
import { mkdirSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { getDocumentProxy, extractText } from 'unpdf';
import { formatCalendarDay } from '~/lib/format';
import { addDays, daysBetween } from '~/lib/servicing/day-count';
import { addMonths, dueDays } from '~/lib/servicing/schedule';
import { baseURL, createVerifiedUser, postForm, staffSession, uniqueIp, waitForMail } from '../support/accounts';
import { applyForLoan, dayFromNow } from '../support/loans';

const SHOTS = '/tmp/shots/journey';
const tags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

async function check(page: Page, name: string) {
  await page.waitForLoadState('networkidle');
  // Toasts fade in; axe would measure their text at part opacity.
  await expect(page.locator('[data-sonner-toast][data-mounted="false"]')).toHaveCount(0);
  const { violations } = await new AxeBuilder({ page }).withTags(tags).analyze();
  expect(violations.map((v) => `${name} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

async function withCookie(page: Page, cookie: string) {
  const [name, value] = cookie.split(/=(.*)/s) as [string, string];
  await page.context().addCookies([{ name, value, url: baseURL }]);
}

const money = (text: string | null) => (text ?? '').trim().replace(/^−/, '');

for (const width of [1280, 390]) {
  test(`at ${width}px: a construction loan from funding to payoff`, async ({ browser }) => {
    test.setTimeout(300_000);
    const viewport = { width, height: width === 390 ? 844 : 900 };
    const borrower = await createVerifiedUser({ borrower: true }, 'journey');
    const staff = await staffSession();

    // To Closing over HTTP: a construction application, a term sheet with a holdback, signed.
    const { reference } = await applyForLoan(borrower.cookie, {
      loan: {
        purpose: 'construction',
        propertyValue: '2000000',
        rehabBudget: '300000',
        afterRepairValue: '2800000',
        loanAmount: '1300000',
        exitStrategy: 'sale',
      },
    });
    const review = `/admin-dashboard/loans/${reference}`;
    expect((await postForm(review, { intent: 'move', to: 'in_review' }, { cookie: staff.cookie })).status).toBe(200);
    const sheet = {
      intent: 'term-sheet',
      amount: '1300000',
      ratePercent: '12',
      points: '2',
      termMonths: '12',
      ltv: '65',
      expiresOn: dayFromNow(7),
      underwritingFee: '1495',
      legalFee: '950',
      drawFee: '250',
      extensionPoints: '1',
      holdback: '200000',
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

    // The days: the second installment falls a few days ago, inside its grace days; the first a
    // month before it (billed, then charged late), the funding a month before that.
    const firstPayment = addMonths(dayFromNow(-5), -1);
    const maturity = addMonths(firstPayment, 11);
    const [, secondPayment] = dueDays({ fundedOn: '', firstPaymentOn: firstPayment, maturityOn: maturity });
    const today = dayFromNow(0);
    expect(daysBetween(secondPayment!, today)).toBeGreaterThanOrEqual(3);
    expect(daysBetween(secondPayment!, today)).toBeLessThanOrEqual(10);
    const fundedOn = addMonths(firstPayment, -1);

    // Staff fund it from the closing record: the term sheet's figures, the holdback by line.
    const staffContext = await browser.newContext({ viewport, extraHTTPHeaders: { 'X-Forwarded-For': uniqueIp() } });
    const admin = await staffContext.newPage();
    await withCookie(admin, staff.cookie);
    await admin.goto(review);
    const boarding = admin.locator('form#boarding');
    await expect(boarding.getByLabel('Note amount')).toHaveValue('1300000.00');
    await expect(boarding.getByLabel('Holdback', { exact: true })).toHaveValue('200000.00');
    await expect(boarding.getByLabel('Draw fee (each draw)')).toHaveValue('250.00');
    await boarding.getByLabel('Funding date').fill(fundedOn);
    await boarding.getByLabel('First payment date').fill(firstPayment);
    await boarding.getByLabel('Maturity date').fill(maturity);
    await boarding.getByLabel('Line 1: description').fill('Foundation');
    await boarding.getByLabel('Line 1: budget').fill('50,000.00');
    await boarding.getByRole('button', { name: 'Add a budget line' }).click();
    await boarding.getByLabel('Line 2: description').fill('Framing');
    await boarding.getByLabel('Line 2: budget').fill('150,000.00');
    await check(admin, `boarding-${width}`);
    await boarding.getByRole('button', { name: 'Confirm and fund the loan' }).click();
    await expect(admin.getByText('Loan funded: its servicing has started')).toBeVisible();
    await expect(admin.getByRole('link', { name: 'Ledger and payments' })).toBeVisible();
    await waitForMail(borrower.email, `Loan ${reference}: Funded`);
    // The billing caught up: two statements, the first installment's late charge.
    await waitForMail(borrower.email, `Your statement for ${reference} is ready`, formatCalendarDay(firstPayment));
    await waitForMail(borrower.email, `Your statement for ${reference} is ready`, formatCalendarDay(secondPayment!));
    await waitForMail(borrower.email, `Payment for ${reference} is late`, 'A late charge of');
    await check(admin, `review-funded-${width}`);

    // The borrower: the Servicing view, then a draw with two photos.
    const borrowerContext = await browser.newContext({ viewport, extraHTTPHeaders: { 'X-Forwarded-For': uniqueIp() } });
    const page = await borrowerContext.newPage();
    await withCookie(page, borrower.cookie);
    await page.goto(`/dashboard/loans/${reference}`);
    const servicing = page.locator('#servicing');
    await expect(servicing.getByText('$1,100,000.00').first()).toBeVisible();
    await expect(servicing.getByText(/days? past due/)).toBeVisible();
    await check(page, `loan-funded-${width}`);
    await page.getByRole('link', { name: 'Request a draw' }).click();
    await expect(page.getByRole('heading', { name: 'Request a draw' })).toBeVisible();
    await expect(page.getByTestId('draw-fee')).toContainText('$250.00');
    await page.getByLabel('Foundation', { exact: true }).fill('20,000');
    await page.getByLabel('Framing', { exact: true }).fill('5,000');
    await page.locator('input[name="photos"]').setInputFiles([
      { name: 'footings.png', mimeType: 'image/png', buffer: PNG },
      { name: 'slab.png', mimeType: 'image/png', buffer: PNG },
    ]);
    await page.getByRole('checkbox', { name: /I attest/ }).check();
    await page.getByLabel('Framing', { exact: true }).press('Enter');
    await expect(page.getByText('Draw 1 submitted', { exact: true })).toBeVisible();

    // Staff: the inspection, part of it approved with the reason, funded today.
    await admin.goto(`${review}/draws/1`);
    await admin.getByRole('button', { name: 'Start inspection' }).click();
    await expect(admin.getByText('Draw 1: inspection started')).toBeVisible();
    await admin.getByLabel('Foundation: percent complete').fill('80');
    await admin.getByLabel('Framing: percent complete').fill('0');
    await admin.getByLabel('Framing: percent complete').press('Enter');
    await expect(admin.getByText('Draw 1: inspection recorded')).toBeVisible();
    await admin.getByLabel('Framing: approve ($)').fill('0');
    await admin.getByLabel('Reason (required when approving less than requested)').fill('Framing has not started.');
    await admin.getByRole('button', { name: 'Approve draw' }).click();
    await expect(admin.getByText('Draw 1 approved')).toBeVisible();
    await admin.getByRole('button', { name: 'Fund draw' }).click();
    await expect(admin.getByText('Draw 1 funded')).toBeVisible();
    await waitForMail(borrower.email, `${reference}: draw 1 funded`, 'Approved: $20,000.00');

    // The first statement: the page's figures are the PDF's.
    await page.goto(`/dashboard/loans/${reference}`);
    await expect(servicing.getByText('$1,120,000.00').first()).toBeVisible();
    const statements = page.getByRole('region', { name: 'Statements' });
    const firstRow = statements
      .locator('tbody tr')
      .filter({ has: page.locator('td[data-label="Due date"]', { hasText: formatCalendarDay(firstPayment) }) });
    const firstDue = money(await firstRow.locator('td').nth(2).textContent());
    expect(firstDue).toMatch(/^\$\d{1,3}(,\d{3})*\.\d\d$/);
    const pdfHref = (await firstRow.getByRole('link').getAttribute('href'))!;
    const pdf = await page.request.get(pdfHref);
    expect(pdf.status()).toBe(200);
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(await pdf.body())), { mergePages: true });
    expect(text).toContain(reference);
    expect(text).toContain(firstDue);
    expect(text).toContain(formatCalendarDay(firstPayment));

    // Staff record the late installment with its late charge, then the second on time.
    await admin.goto(`${review}/ledger`);
    const ledger = admin.getByRole('region', { name: 'Payment history' });
    const late = money(await ledger.locator('tbody tr').filter({ hasText: 'Late charge' }).locator('td').nth(2).textContent());
    const bills = ledger.locator('tbody tr').filter({ hasText: 'Interest billed' });
    const secondBill = money(await bills.nth(0).locator('td').nth(2).textContent());
    expect(money(await bills.nth(1).locator('td').nth(2).textContent())).toBe(firstDue);
    const cents = (s: string) => Math.round(Number(s.replace(/[$,]/g, '')) * 100);
    const latePayment = ((cents(firstDue) + cents(late)) / 100).toFixed(2);
    const payment = admin.locator('form#payment');
    await payment.getByLabel('Amount received').fill(latePayment);
    await payment.getByLabel('Date received').fill(addDays(firstPayment, 15));
    await payment.getByLabel('Method').selectOption('wire');
    await payment.getByRole('button', { name: 'Record payment' }).click();
    await expect(admin.getByText('Payment recorded')).toBeVisible();
    // Now due: the second installment and the draw fee (the installment is paid first, then the charges).
    const dueNow = admin.locator('dt:text-is("Due now") + dd');
    await expect(dueNow).toHaveText(
      `$${((cents(secondBill) + 25_000) / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`,
    );
    await payment.getByLabel('Amount received').fill((await dueNow.textContent())!.replace(/[$,]/g, ''));
    await payment.getByLabel('Date received').fill(today);
    await payment.getByLabel('Method').selectOption('ach');
    await payment.getByLabel('Amount received').press('Enter');
    await expect(admin.getByText('Payment recorded').first()).toBeVisible();
    await expect(admin.locator('tbody tr').filter({ hasText: 'Payment received' })).toHaveCount(2);
    await expect(dueNow).toHaveText('$0.00');
    await check(admin, `ledger-${width}`);
    await waitForMail(
      borrower.email,
      `Payment received for ${reference}`,
      `$${Number(latePayment).toLocaleString('en-US', { minimumFractionDigits: 2 })}`,
    );

    // The borrower is current, and asks for a payoff quote.
    await page.goto(`/dashboard/loans/${reference}`);
    await expect(servicing.getByText('Current', { exact: true })).toBeVisible();
    await page.goto(`/dashboard/loans/${reference}/payoff`);
    const goodThrough = page.getByLabel('Good through', { exact: true });
    await goodThrough.fill(dayFromNow(5));
    await goodThrough.press('Enter');
    await expect(page.getByText('Payoff quote issued', { exact: true })).toBeVisible();
    await waitForMail(borrower.email, `Payoff quote for ${reference}`);
    await check(page, `payoff-quote-${width}`);

    // Staff record the payoff against it: the loan is Paid off, every balance zero.
    await admin.goto(`${review}/payoff`);
    const record = admin.locator('form#record-payoff');
    const option = (await record.getByLabel('Quote').locator('option:checked').textContent())!;
    const total = option.split(': ')[1]!;
    await record.getByLabel('Amount received ($)').fill(total.replace(/[$,]/g, ''));
    await record.getByLabel('Method').selectOption('wire');
    await record.getByRole('button', { name: 'Record the payoff' }).click();
    await expect(admin.getByText('Payoff recorded', { exact: true })).toBeVisible();
    await waitForMail(borrower.email, `Loan ${reference}: Paid off`);
    await page.goto(`/dashboard/loans/${reference}`);
    await expect(servicing.getByText('Paid off', { exact: true })).toBeVisible();
    await expect(servicing.getByText('$0.00').first()).toBeVisible();
    await check(page, `loan-paid-off-${width}`);

    // Nobody else reaches anything of it: pages, .data, PDFs and actions; nothing changes.
    const quoteHref = (await page.request.get(`/dashboard/loans/${reference}/payoff`).then((r) => r.text())).match(
      /href="(\/dashboard\/loans\/[^"]+\/payoff-quotes\/[0-9a-f-]{36})"/,
    )![1]!;
    const pages = [
      `/dashboard/loans/${reference}`,
      `/dashboard/loans/${reference}/draws/new`,
      `/dashboard/loans/${reference}/payoff`,
      `/dashboard/loans/${reference}/extension`,
      review,
      `${review}/ledger`,
      `${review}/payoff`,
      `${review}/draws/1`,
    ];
    const files = [pdfHref, quoteHref];
    const actions: [string, Record<string, string>][] = [
      [`${review}/ledger`, { intent: 'payment', day: today, amountCents: '100.00', method: 'ach', overpayment: 'principal' }],
      [`${review}/payoff`, { intent: 'quote', goodThrough: dayFromNow(3) }],
      [`/dashboard/loans/${reference}/payoff`, { intent: 'quote', goodThrough: dayFromNow(3) }],
      [`/dashboard/loans/${reference}/extension`, { intent: 'request', months: '3' }],
      [`${review}/draws/1`, { intent: 'decline', reason: 'Not yours' }],
    ];
    const staffView = async () =>
      (await (await fetch(`${baseURL}${review}/ledger`, { headers: { Cookie: staff.cookie } })).text()).match(
        /<main[\s\S]*<\/main>/,
      )![0];
    const before = await staffView();
    const intruders = {
      'another borrower': (await createVerifiedUser({ borrower: true }, 'journey-intruder')).cookie,
      'an investor': (await createVerifiedUser({ investor: true }, 'journey-intruder')).cookie,
      'an anonymous visitor': '',
    };
    const refused = (status: number, body: string) =>
      status === 404 ||
      (status >= 300 && status < 400) ||
      (status === 202 && /"redirect","\/(login|admin-login)?[?"]/.test(body));
    for (const [who, cookie] of Object.entries(intruders)) {
      const headers: Record<string, string> = cookie ? { Cookie: cookie } : {};
      for (const path of pages)
        for (const url of [path, `${path}.data`]) {
          const res = await fetch(`${baseURL}${url}`, { redirect: 'manual', headers });
          const body = await res.text();
          expect(refused(res.status, body), `${who} GET ${url} → ${res.status}`).toBe(true);
          expect(body).not.toContain('Foundation');
        }
      for (const url of files) {
        const res = await fetch(`${baseURL}${url}`, { redirect: 'manual', headers });
        expect([302, 303, 404], `${who} GET ${url}`).toContain(res.status);
      }
      for (const [path, fields] of actions)
        for (const url of [path, `${path}.data`]) {
          const res = await postForm(url, fields, { cookie });
          expect(refused(res.status, await res.text()), `${who} POST ${url} → ${res.status}`).toBe(true);
        }
    }
    expect(await staffView()).toBe(before);
    await staffContext.close();
    await borrowerContext.close();
  });
}
