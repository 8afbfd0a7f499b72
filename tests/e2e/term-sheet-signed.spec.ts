/**
 * The loan file earns trust (issue 23 "Trust at first sight"), end to end in Chromium against the
 * production build, at 1280 and 390 px: staff set a stage target in Settings, assign themselves as
 * the loan's contact and issue a term sheet with fees; the borrower's page leads with what happens
 * next, names the contact and shows the term sheet in dollars; the borrower accepts it on the
 * confirmation page with the keyboard (Enter submits; consent and the name are checked), and
 * downloads the signed PDF, which nobody else can: another borrower and an investor get a 404, a
 * visitor is sent to sign in. Without JavaScript the confirmation page refuses at the field (400)
 * and signs. axe finds no violation on the pages changed. Screenshots go to
 * /tmp/shots/termsheet/.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { baseURL, createVerifiedUser, postForm, staffSession, uniqueIp, waitForMail } from '../support/accounts';
import { applyForLoan, dayFromNow } from '../support/loans';

const SHOTS = '/tmp/shots/termsheet';
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

for (const width of [1280, 390]) {
  test(`at ${width}px: staff name a contact and issue a term sheet with fees; the borrower signs it and keeps the PDF`, async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    const viewport = { width, height: width === 390 ? 844 : 900 };
    const borrower = await createVerifiedUser({ borrower: true }, 'signed');
    const { reference } = await applyForLoan(borrower.cookie);
    const staff = await staffSession();

    // Staff: a target for Term sheet, themselves as the contact, In review, a term sheet with fees.
    const staffContext = await browser.newContext({ viewport, extraHTTPHeaders: { 'X-Forwarded-For': uniqueIp() } });
    const admin = await staffContext.newPage();
    await withCookie(admin, staff.cookie);
    await admin.goto('/admin-dashboard/settings');
    const targets = admin.locator('form#stage-targets');
    await targets.getByLabel('Term sheet (days)').fill('5');
    await targets.getByRole('button', { name: 'Save targets' }).click();
    await expect(admin.getByText('Targets saved')).toBeVisible();
    await expectNoViolations(admin, 'settings');
    await shot(admin, `settings-${width}`);

    await admin.goto(`/admin-dashboard/loans/${reference}`);
    await expect(admin.getByRole('heading', { name: `Loan ${reference}` })).toBeVisible();
    const contactSelect = admin.getByLabel('Contact for the borrower');
    const self = (await contactSelect.locator('option', { hasText: '(you)' }).textContent())!.replace(' (you)', '');
    await contactSelect.selectOption({ label: `${self} (you)` });
    await admin.getByRole('button', { name: 'Assign contact' }).click();
    await expect(admin.getByText('Contact assigned')).toBeVisible();
    await expect(admin.getByText(`The borrower sees ${self} as their contact.`)).toBeVisible();
    await admin.getByLabel('Move to').selectOption({ label: 'In review' });
    await admin.getByRole('button', { name: 'Move stage' }).click();
    await expect(admin.getByText('Moved to In review')).toBeVisible();

    const form = admin.locator('form#term-sheet');
    await expect(form.getByLabel('Loan amount ($)')).toHaveValue('1300000');
    await form.getByLabel('Interest rate (% a year)').fill('10.25');
    await form.getByLabel('Points (% of the amount)').fill('1.5');
    await form.getByLabel('Term (months)').fill('12');
    await form.getByLabel('Expires on').fill(dayFromNow(14));
    await form.getByLabel('Underwriting fee ($)').fill('1495');
    await form.getByLabel('Legal and doc fee ($)').fill('950');
    await form.getByLabel('Draw fee ($ a draw)').fill('250');
    await form.getByLabel('Holdback ($)').fill('100000');
    await form.getByLabel('Extension fee (% of the amount)').fill('0.5');
    await form.getByLabel('Default rate (% a year, optional)').fill('18');
    await form.getByLabel('Prepayment terms').fill('Three months of minimum interest');
    await form.getByRole('button', { name: 'Issue term sheet' }).click();
    await expect(admin.getByText('Term sheet issued')).toBeVisible();
    // A reissue starts from the sheet just issued.
    await expect(form.getByLabel('Underwriting fee ($)')).toHaveValue('1495');
    await expect(form.getByLabel('Prepayment terms')).toHaveValue('Three months of minimum interest');
    await expectNoViolations(admin, 'loan review');
    await shot(admin, `review-${width}`);

    const issued = await waitForMail(borrower.email, `Your term sheet for ${reference}`);
    expect(issued.body).toContain('Monthly interest-only payment: $11,104.17');
    expect(issued.body).toContain(`Your contact at Ormsby Lending is ${self}`);

    // The borrower: what happens next, the contact, the term sheet in dollars.
    const borrowerContext = await browser.newContext({ viewport, extraHTTPHeaders: { 'X-Forwarded-For': uniqueIp() } });
    const page = await borrowerContext.newPage();
    await withCookie(page, borrower.cookie);
    await page.goto(`/dashboard/loans/${reference}`);
    const next = page.getByRole('region', { name: 'What happens next' });
    await expect(next.getByText('Your term sheet is ready', { exact: true })).toBeVisible();
    await expect(next.getByText(/\d+ of \d+ documents outstanding/)).toBeVisible();
    await expect(next.getByText(/Next milestone: Processing, expected by/)).toBeVisible();
    await expect(page.getByRole('region', { name: 'Your contact' }).getByText(self, { exact: true })).toBeVisible();
    for (const figure of ['$11,104.17', '1.5% of the loan amount: $19,500.00', '$1,495.00', '$950.00', '$100,000.00'])
      await expect(page.getByText(figure, { exact: true }).first()).toBeVisible();
    // Cash to bring: 2,000,000 − (1,300,000 − 100,000) + 19,500 + 2,445 = $821,945.00.
    await expect(page.getByText('$821,945.00').first()).toBeVisible();
    await expectNoViolations(page, 'loan page');
    await shot(page, `loan-${width}`);

    // Accepting: the confirmation step, by keyboard. Enter without consent or with another name is refused.
    await page.getByRole('link', { name: 'Review and accept' }).click();
    await expect(page.getByRole('heading', { name: 'Accept your term sheet' })).toBeVisible();
    await expect(page.getByText('Three months of minimum interest')).toBeVisible();
    await expectNoViolations(page, 'accept page');
    const name = page.getByLabel('Your full name, as your signature');
    await name.fill('Test User');
    await name.press('Enter');
    await expect(page.getByText('Please agree to sign electronically to accept the term sheet.')).toBeVisible();
    await page.getByRole('checkbox', { name: /I agree to sign electronically/ }).focus();
    await page.keyboard.press('Space');
    await name.fill('Someone Else');
    await name.press('Enter');
    await expect(page.getByText('Please type your full name as it is on your account: Test User.')).toBeVisible();
    await shot(page, `accept-refused-${width}`);
    await name.fill('test  user');
    await name.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/dashboard/loans/${reference}$`));
    await expect(page.getByText('Term sheet accepted and signed', { exact: true })).toBeVisible();
    await expect(page.getByText('$1,300,000 accepted')).toBeVisible();
    await shot(page, `signed-${width}`);

    // The signed PDF: downloaded by the borrower from the link on the loan page.
    const link = page.getByRole('link', { name: 'Download the signed term sheet (PDF)' });
    const href = (await link.getAttribute('href'))!;
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    const saved = `${SHOTS}/signed-term-sheet-${width}.pdf`;
    await download.saveAs(saved);
    const pdf = await page.request.get(href);
    expect(pdf.status()).toBe(200);
    expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');

    // Staff see it on the review too.
    await admin.reload();
    await expect(admin.getByRole('link', { name: 'Download the signed term sheet (PDF)' })).toBeVisible();

    // Nobody else: another borrower, an investor (404), a visitor (to sign in).
    for (const roles of [{ borrower: true }, { investor: true }]) {
      const intruder = await createVerifiedUser(roles, 'intruder');
      const res = await fetch(`${baseURL}${href}`, { redirect: 'manual', headers: { Cookie: intruder.cookie } });
      expect(res.status).toBe(404);
      expect(await res.text()).not.toContain('%PDF');
    }
    const anonymous = await fetch(`${baseURL}${href}`, { redirect: 'manual' });
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get('location')).toMatch(/^\/login/);
    writeFileSync(`${SHOTS}/reference-${width}.txt`, reference);
    await staffContext.close();
    await borrowerContext.close();
  });
}

test('without JavaScript: the confirmation page refuses at the field, then signs and goes back to the loan', async () => {
  const borrower = await createVerifiedUser({ borrower: true }, 'signed-nojs');
  const { reference } = await applyForLoan(borrower.cookie);
  const { cookie: staff } = await staffSession();
  const review = `/admin-dashboard/loans/${reference}`;
  expect((await postForm(review, { intent: 'move', to: 'in_review' }, { cookie: staff })).status).toBe(200);
  const issued = await postForm(
    review,
    {
      intent: 'term-sheet',
      amount: '1300000',
      ratePercent: '10.25',
      points: '1.5',
      termMonths: '12',
      ltv: '65',
      expiresOn: dayFromNow(7),
      underwritingFee: '1495',
      legalFee: '950',
    },
    { cookie: staff },
  );
  expect(issued.status).toBe(200);
  const path = `/dashboard/loans/${reference}/term-sheet`;
  const page = await (await fetch(`${baseURL}${path}`, { headers: { Cookie: borrower.cookie } })).text();
  const termSheetId = page.match(/name="termSheetId" value="([0-9a-f-]{36})"/)![1]!;
  expect(page).toContain('$11,104.17');

  const noConsent = await postForm(path, { termSheetId, signedName: 'Test User' }, { cookie: borrower.cookie });
  expect(noConsent.status).toBe(400);
  expect(await noConsent.text()).toContain('Please agree to sign electronically to accept the term sheet.');
  const wrongName = await postForm(path, { termSheetId, esignConsent: 'on', signedName: 'T. User' }, { cookie: borrower.cookie });
  expect(wrongName.status).toBe(400);
  expect(await wrongName.text()).toContain('Please type your full name as it is on your account: Test User.');

  const signed = await postForm(path, { termSheetId, esignConsent: 'on', signedName: 'Test User' }, { cookie: borrower.cookie });
  expect(signed.status).toBe(302);
  expect(signed.headers.get('location')).toBe(`/dashboard/loans/${reference}`);
  const loanPage = await (
    await fetch(`${baseURL}/dashboard/loans/${reference}`, { headers: { Cookie: borrower.cookie } })
  ).text();
  expect(loanPage).toContain('Download the signed term sheet (PDF)');
  // The page is for an open term sheet only: now it sends the borrower back to the loan.
  const again = await fetch(`${baseURL}${path}`, { redirect: 'manual', headers: { Cookie: borrower.cookie } });
  expect(again.status).toBe(302);
});
