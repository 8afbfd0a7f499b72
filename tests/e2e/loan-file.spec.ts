/**
 * The loan file end to end (issue "The loan file", Must show 1), in Chromium against the
 * production build: a borrower signs up, applies (leaving and resuming the draft once) and
 * submits; the admin finds the loan in the pipeline, moves it to In review, asks for another
 * document and sends the upload back with a reason; the borrower sees the reason and uploads
 * again; the admin accepts it and issues a term sheet; the borrower accepts and signs it; the admin
 * moves the loan on to Funded. Each step's e-mail is read from DATA_DIR/mail and each stage
 * shows on the borrower's timeline.
 */
import { randomBytes } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { APPLICATION, dayFromNow } from '../support/loans';
import {
  baseURL,
  createVerifiedUser,
  linkIn,
  PASSWORD,
  postForm,
  uniqueEmail,
  uniqueIp,
  waitForMail,
  staffSession,
} from '../support/accounts';
import { hydrated } from '../support/pages';

const pdf = () =>
  Buffer.concat([Buffer.from('%PDF-1.7\n%\xE2\xE3\xCF\xD3\n1 0 obj\n<<>>\nendobj\n', 'latin1'), randomBytes(2048)]);

async function signUpBorrower(page: Page, email: string) {
  await page.goto('/login?signup=true');
  await hydrated(page);
  const form = page.locator('form#sign-up');
  await form.getByLabel('Full name').fill('Riley Borrower');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await form.getByLabel('Confirm password').fill(PASSWORD);
  await form.getByRole('checkbox', { name: /^Borrower/ }).check();
  await form.getByLabel('Loan type').selectOption('bridge');
  await form.getByLabel('Loan amount range').selectOption('1m-5m');
  await form.getByRole('checkbox', { name: 'Commercial', exact: true }).check();
  await form.getByRole('radio', { name: 'Yes' }).last().check();
  await form.getByLabel('Property address').fill('100 N Virginia St');
  await form.getByLabel('Desired loan amount (USD)').fill('1200000');
  await form.getByLabel('Estimated property value (USD)').fill('2500000');
  await form.getByLabel('Project description').fill('Bridge loan to reposition a mixed-use building.');
  await form.getByLabel(/I accept the/).check();
  await form.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByRole('heading', { name: 'Account Created' })).toBeVisible();
  const mail = await waitForMail(email, 'Confirm your e-mail address');
  await page.goto(linkIn(mail.body, '/api/auth/verify-email'));
  await expect(page).toHaveURL(/\/dashboard\/loans$/);
}

/** The timeline's milestone `label` on the borrower's loan page, reached (it shows a date). */
async function expectReached(page: Page, label: string) {
  const timeline = page.getByRole('list', { name: 'Loan status' });
  await expect(
    timeline
      .getByRole('listitem')
      .filter({ has: page.getByText(label, { exact: true }) })
      .locator('time'),
  ).toBeVisible();
}

test('a borrower applies and the lender takes the loan from submission to funding', async ({ page, browser }) => {
  test.setTimeout(180_000);
  await page.setExtraHTTPHeaders({ 'X-Forwarded-For': uniqueIp() });
  const email = uniqueEmail('loanfile');
  await signUpBorrower(page, email);

  // Apply: the sign-up answers prefill the first application.
  await page.getByRole('link', { name: 'Start your application' }).click();
  await expect(page.getByRole('heading', { name: 'Loan application' })).toBeVisible();
  await expect(page.getByLabel('Street address')).toHaveValue('100 N Virginia St');
  await expect(page.getByLabel('Property type')).toHaveValue('Commercial');
  await page.getByLabel('City').fill('Reno');
  await page.getByLabel('State').selectOption('NV');
  await page.getByRole('button', { name: 'Save and continue' }).click();

  await expect(page.getByRole('heading', { name: 'Loan', exact: true })).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Bridge' })).toBeChecked();
  await expect(page.getByLabel('Purchase price')).toHaveValue('2,500,000');
  // The ratio follows the typing; an impossible amount is refused at the field.
  await page.getByLabel('Loan amount requested').fill('3,000,000');
  await page.getByLabel('Loan amount requested').blur();
  await expect(page.getByText("The loan amount cannot be more than the property's value.")).toBeVisible();
  await expect(page.getByText('120%')).toBeVisible();
  await page.getByLabel('Loan amount requested').fill('1,200,000');
  await expect(page.getByText('48%')).toBeVisible();
  await expect(page.getByText("The loan amount cannot be more than the property's value.")).toHaveCount(0);
  await page.getByLabel('Exit strategy').selectOption('refinance');
  // Leave with the draft saved, and come back to it.
  await page.getByRole('button', { name: 'Save and finish later' }).click();
  await expect(page).toHaveURL(/\/dashboard\/loans$/);
  await expect(page.getByText('Draft saved')).toBeVisible();
  await page.getByRole('link', { name: /Continue application/ }).click();
  await expect(page.getByRole('heading', { name: 'Borrower', exact: true })).toBeVisible();
  await page.getByRole('radio', { name: 'LLC or other company' }).check();
  await page.getByLabel('Company name').fill('Truckee River Holdings LLC');
  await page.getByLabel('Projects completed in the last 36 months').fill('4');
  await page.getByLabel('Target closing date').fill(dayFromNow(-1));
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await expect(page.getByText('The target closing date cannot be in the past.')).toBeVisible();
  await page.getByLabel('Target closing date').fill(dayFromNow(30));
  await page.getByLabel('Phone number').fill('(775) 555-0142');
  await page.getByLabel('Estimated credit score').selectOption('720-759');
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await expect(page.getByRole('heading', { name: 'Review', exact: true })).toBeVisible();
  await expect(page.getByText('Truckee River Holdings LLC')).toBeVisible();
  await page.getByRole('button', { name: 'Submit application' }).click();

  await expect(page).toHaveURL(/\/dashboard\/loans\/OL-\d{4}-\d{5}$/);
  const reference = page.url().split('/').at(-1)!;
  await expect(page.getByRole('heading', { name: `Loan ${reference}` })).toBeVisible();
  await expectReached(page, 'Submitted');
  await expect(page.getByRole('listitem', { name: 'Purchase contract' })).toBeVisible();
  await waitForMail(email, `Application ${reference} received`);
  await waitForMail('lender@example.test', `New application ${reference}`);

  // The admin, in a browser of their own.
  const adminSession = (await staffSession()).cookie;
  const adminContext = await browser.newContext({ extraHTTPHeaders: { 'X-Forwarded-For': uniqueIp() } });
  const [name, value] = adminSession.split(/=(.*)/s) as [string, string];
  await adminContext.addCookies([{ name, value, url: baseURL }]);
  const admin = await adminContext.newPage();
  await admin.goto('/admin-dashboard/loans');
  await admin.getByRole('searchbox', { name: 'Search loans' }).fill(reference);
  await admin.getByRole('button', { name: 'Search' }).click();
  await admin.getByRole('link', { name: reference }).click();
  await expect(admin.getByRole('heading', { name: `Loan ${reference}` })).toBeVisible();

  const move = async (stage: string, note?: string) => {
    await admin.getByLabel('Move to').selectOption({ label: stage });
    if (note) await admin.getByLabel('Note to the borrower (optional)').fill(note);
    await admin.getByRole('button', { name: 'Move stage' }).click();
    await expect(admin.getByText(`Moved to ${stage}`)).toBeVisible();
    await waitForMail(email, `Loan ${reference}: ${stage}`);
  };
  await move('In review', 'We started the review of your application.');

  await admin.getByLabel('Document', { exact: true }).fill('Appraisal');
  await admin.getByLabel('What we need (optional)').fill('The appraisal report ordered last month.');
  await admin.getByRole('button', { name: 'Request document' }).click();
  await expect(admin.getByRole('listitem', { name: 'Appraisal' })).toBeVisible();
  await waitForMail(email, `We need a document for ${reference}`);

  // The borrower sees the move with its note and the request, and uploads.
  await page.reload();
  await expectReached(page, 'In review');
  await expect(page.getByText('We started the review of your application.')).toBeVisible();
  const appraisal = page.getByRole('listitem', { name: 'Appraisal' });
  await appraisal
    .getByLabel('Upload files for Appraisal')
    .setInputFiles({ name: 'appraisal.pdf', mimeType: 'application/pdf', buffer: pdf() });
  await expect(appraisal.getByText('Uploaded (awaiting review)')).toBeVisible();
  await waitForMail('lender@example.test', `${reference}: new upload for Appraisal`);

  // The admin sends it back with a reason.
  await admin.reload();
  const reviewed = admin.getByRole('listitem', { name: 'Appraisal' });
  await reviewed.getByRole('button', { name: 'Needs attention' }).click();
  await reviewed.getByLabel('What needs attention in "Appraisal"').fill('Page 2 of the appraisal is missing.');
  await reviewed.getByRole('button', { name: 'Send back to the borrower' }).click();
  await expect(reviewed.getByText('Page 2 of the appraisal is missing.')).toBeVisible();
  const attention = await waitForMail(email, `A document for ${reference} needs attention`);
  expect(attention.body).toContain('Page 2 of the appraisal is missing.');

  // The borrower reads the reason and uploads again.
  await page.reload();
  await expect(appraisal.getByText('Needs attention: Page 2 of the appraisal is missing.')).toBeVisible();
  await appraisal
    .getByLabel('Upload files for Appraisal')
    .setInputFiles({ name: 'appraisal-complete.pdf', mimeType: 'application/pdf', buffer: pdf() });
  await expect(appraisal.getByText('Uploaded (awaiting review)')).toBeVisible();
  await expect(appraisal.getByText('appraisal-complete.pdf', { exact: true })).toBeVisible();

  // The admin accepts it and issues a term sheet.
  await admin.reload();
  await reviewed.getByRole('button', { name: 'Accept Appraisal' }).click();
  await expect(reviewed.getByText('Accepted', { exact: true })).toBeVisible();
  const sheet = admin.locator('form#term-sheet');
  await expect(sheet.getByLabel('Loan amount ($)')).toHaveValue('1200000');
  await sheet.getByLabel('Interest rate (% a year)').fill('10.5');
  await sheet.getByLabel('Points (% of the amount)').fill('2');
  await sheet.getByLabel('Term (months)').fill('12');
  await sheet.getByLabel('Expires on').fill(dayFromNow(14));
  await sheet.getByRole('button', { name: 'Issue term sheet' }).click();
  await expect(admin.getByText('Term sheet issued')).toBeVisible();
  const issued = await waitForMail(email, `Your term sheet for ${reference}`);
  expect(issued.body).toContain('10.5%');

  // The borrower accepts it: the loan moves to Processing.
  await page.reload();
  await expectReached(page, 'Term sheet');
  await page.getByRole('link', { name: 'Review and accept' }).click();
  await page.getByRole('checkbox', { name: /I agree to sign electronically/ }).check();
  await page.getByLabel('Your full name, as your signature').fill('Riley Borrower');
  await page.getByRole('button', { name: 'Accept and sign' }).click();
  await expect(page.getByText('Term sheet accepted and signed', { exact: true })).toBeVisible();
  await expectReached(page, 'Processing');
  await waitForMail('lender@example.test', `${reference}: term sheet accepted`);

  // The admin takes it to Funded, one stage at a time.
  await admin.reload();
  await expect(admin.getByText(/Accepted .* from /)).toBeVisible();
  await move('Approved');
  await move('Closing');
  // Funding is the closing record from the accepted term sheet, reviewed and confirmed (issue 24).
  const boarding = admin.locator('form#boarding');
  await expect(boarding.getByLabel('Note amount')).toHaveValue('1200000.00');
  await expect(boarding.getByLabel('Note rate (% a year)')).toHaveValue('10.5');
  await boarding.getByRole('button', { name: 'Confirm and fund the loan' }).click();
  await expect(admin.getByText('Loan funded: its servicing has started')).toBeVisible();

  await page.reload();
  for (const stage of ['Submitted', 'In review', 'Term sheet', 'Processing', 'Approved', 'Closing', 'Funded'])
    await expectReached(page, stage);
  const servicing = page.locator('#servicing');
  await expect(servicing.getByText('Principal outstanding')).toBeVisible();
  await expect(servicing.getByText('$1,200,000.00').first()).toBeVisible();
  await adminContext.close();
});

test('the server refuses an impossible application at the field, and stores nothing', async () => {
  const borrower = await createVerifiedUser({ borrower: true }, 'impossible');
  const save = (step: string, fields: Record<string, string>) =>
    postForm('/dashboard/loans/new', { intent: 'save', step, ...fields }, { cookie: borrower.cookie });
  const refusals: [string, Record<string, string>, string][] = [
    ['property', { ...APPLICATION.property, propertyState: 'TX' }, 'We lend in Nevada and California only.'],
    ['loan', { ...APPLICATION.loan, loanAmount: '2500000' }, 'The loan amount cannot be more than the property'],
    [
      'loan',
      { ...APPLICATION.loan, purpose: 'fix-and-flip', rehabBudget: '100000', afterRepairValue: '1500000' },
      'The after-repair value cannot be less than the current value.',
    ],
    ['loan', { ...APPLICATION.loan, loanAmount: '1300000.50' }, 'Please enter a whole number of dollars.'],
    [
      'borrower',
      { ...APPLICATION.borrower, targetClosingDate: dayFromNow(-1) },
      'The target closing date cannot be in the past.',
    ],
  ];
  for (const [step, fields, message] of refusals) {
    const res = await save(step, fields);
    expect(res.status, `${step}: ${message}`).toBe(400);
    expect(await res.text()).toContain(message);
  }
  // Nothing was stored: no draft on My loans.
  const page = await fetch(`${baseURL}/dashboard/loans`, { headers: { Cookie: borrower.cookie } });
  expect(await page.text()).not.toContain('Continue application');
});
