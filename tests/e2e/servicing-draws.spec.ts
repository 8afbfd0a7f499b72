/**
 * Draw requests end to end (issue 24 "Draw requests", staff "process draws"), in Chromium
 * against the production build, at 1280 and 390 px: a borrower of a construction loan boarded
 * through the domain (tests/support/board-construction-loan.ts, on the site's own database) sees
 * the draw fee before submitting, is refused over a line's budget and without the attestation, and
 * submits a draw with two photos by the keyboard (Enter submits); staff start and record the
 * inspection, approve part of it with the reason (refused without one) and fund it; the borrower
 * then sees the draw Funded with its dates and the drawn and remaining cents per line; the
 * e-mails are in DATA_DIR/mail. Another borrower, an investor and an anonymous visitor get 404
 * or a redirect for both pages, their `.data` requests and actions, and nothing changes. axe
 * finds no violation on either page. Without JavaScript the request is a plain multipart post,
 * refused at the field and then accepted. Screenshots go to /tmp/shots/draws/.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { baseURL, createVerifiedUser, dataDir, postForm, staffSession, uniqueIp, waitForMail } from '../support/accounts';

const SHOTS = '/tmp/shots/draws';
const tags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
// A 1×1 PNG, as a phone's photo would be a larger one.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

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

/** Boards a construction loan of `borrower` by `admin` on the site's database; returns its reference. */
function boardConstructionLoan(borrower: string, admin: string): string {
  const out = execFileSync('npx', ['tsx', 'tests/support/board-construction-loan.ts', '--borrower', borrower, '--admin', admin], {
    env: { ...process.env, DATA_DIR: dataDir, PUBLIC_URL: baseURL, NOTIFY_EMAIL: 'lender@example.test', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  }).toString();
  return (JSON.parse(out.trim().split('\n').at(-1)!) as { reference: string }).reference;
}

/** A page's HTML (or its `.data` answer) for `cookie`, without following redirects. */
async function read(path: string, cookie: string, data = false) {
  const res = await fetch(`${baseURL}${data ? `${path}.data` : path}`, {
    redirect: 'manual',
    headers: cookie ? { Cookie: cookie } : {},
  });
  return { status: res.status, location: res.headers.get('location'), body: await res.text() };
}

/** Refused: 404, or a redirect (to sign in, or home); a `.data` request's redirect is in its body. */
const refused = (r: { status: number; body: string }) =>
  r.status === 404 ||
  (r.status >= 300 && r.status < 400) ||
  (r.status === 202 && /"redirect","\/(login|admin-login)?[?"]/.test(r.body));

for (const width of [1280, 390]) {
  test(`at ${width}px: a borrower asks for a draw with photos; staff inspect, approve part of it and fund it`, async ({
    browser,
  }) => {
    test.setTimeout(240_000);
    const viewport = { width, height: width === 390 ? 844 : 900 };
    const borrower = await createVerifiedUser({ borrower: true }, 'draws');
    const staff = await staffSession();
    const reference = boardConstructionLoan(borrower.email, staff.email);
    const newDraw = `/dashboard/loans/${reference}/draws/new`;
    const staffDraw = `/admin-dashboard/loans/${reference}/draws/1`;

    // The borrower: the budget and the fee first; refusals at the field; then two photos and Enter.
    const borrowerContext = await browser.newContext({ viewport, extraHTTPHeaders: { 'X-Forwarded-For': uniqueIp() } });
    const page = await borrowerContext.newPage();
    await withCookie(page, borrower.cookie);
    await page.goto(newDraw);
    await expect(page.getByRole('heading', { name: 'Request a draw' })).toBeVisible();
    await expect(page.getByTestId('draw-fee')).toContainText('$250.00');
    await expect(page.getByRole('region', { name: 'Holdback budget' }).getByText('$200,000.00').first()).toBeVisible();
    await expectNoViolations(page, 'new draw');
    await shot(page, `new-${width}`);

    const foundation = page.getByLabel('Foundation', { exact: true });
    const framing = page.getByLabel('Framing', { exact: true });
    await foundation.fill('60,000');
    await foundation.press('Enter');
    await expect(page.getByText('At most $50,000.00 is available on this line.')).toBeVisible();
    await expect(page.getByText('Please confirm the attestation before submitting the draw.')).toBeVisible();
    await foundation.fill('20,000');
    await framing.fill('5,000.50');
    await expect(page.getByText('$25,000.50', { exact: true })).toBeVisible();
    await page.locator('input[name="photos"]').setInputFiles([
      { name: 'foundation-north.png', mimeType: 'image/png', buffer: PNG },
      { name: 'foundation-south.png', mimeType: 'image/png', buffer: PNG },
    ]);
    await expect(page.getByRole('button', { name: 'Remove foundation-south.png' })).toBeVisible();
    await page.getByLabel('Access for the inspection (optional)').fill('Lockbox on the gate, code 2468.');
    await page.getByRole('checkbox', { name: /I attest/ }).focus();
    await page.keyboard.press('Space');
    await expect(page.getByTestId('draw-fee')).toContainText('$250.00');
    await shot(page, `new-filled-${width}`);
    await framing.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/dashboard/loans/${reference}$`));
    await expect(page.getByText('Draw 1 submitted', { exact: true })).toBeVisible();
    await waitForMail('lender@example.test', `${reference}: draw 1 requested`, 'Requested: $25,000.50');
    await waitForMail(borrower.email, `${reference}: draw 1 submitted`);

    // Staff: the draw's page, the inspection, a partial approval (a reason required), the funding.
    const staffContext = await browser.newContext({ viewport, extraHTTPHeaders: { 'X-Forwarded-For': uniqueIp() } });
    const admin = await staffContext.newPage();
    await withCookie(admin, staff.cookie);
    await admin.goto(staffDraw);
    await expect(admin.getByRole('heading', { name: 'Draw 1' })).toBeVisible();
    await expect(admin.getByRole('link', { name: 'foundation-north.png' })).toHaveAttribute(
      'href',
      /^\/documents\/[0-9a-f-]{36}\/download$/,
    );
    await expect(admin.getByText('Lockbox on the gate, code 2468.')).toBeVisible();
    await expectNoViolations(admin, 'staff draw');
    await shot(admin, `staff-submitted-${width}`);
    await admin.getByRole('button', { name: 'Start inspection' }).click();
    await expect(admin.getByText('Draw 1: inspection started')).toBeVisible();
    await admin.getByLabel('Foundation: percent complete').fill('75');
    await admin.getByLabel('Framing: percent complete').fill('10');
    await admin.getByLabel('Framing: percent complete').press('Enter');
    await expect(admin.getByText('Draw 1: inspection recorded')).toBeVisible();
    await expect(admin.getByRole('cell', { name: '75%' })).toBeVisible();

    const approveFoundation = admin.getByLabel('Foundation: approve ($)');
    await expect(approveFoundation).toHaveValue('20000.00');
    await approveFoundation.fill('15,000.00');
    await approveFoundation.press('Enter');
    await expect(admin.getByText('Give the reason for approving less than was requested.')).toBeVisible();
    await admin.getByLabel('Reason (required when approving less than requested)').fill('The foundation is 75% complete.');
    await admin.getByRole('button', { name: 'Approve draw' }).click();
    await expect(admin.getByText('Draw 1 approved')).toBeVisible();
    await expect(
      admin.getByText('Disburses $20,000.50 from the holdback to principal and charges the $250.00 draw fee.'),
    ).toBeVisible();
    await expectNoViolations(admin, 'staff draw approved');
    await shot(admin, `staff-approved-${width}`);
    await admin.getByRole('button', { name: 'Fund draw' }).click();
    await expect(admin.getByText('Draw 1 funded')).toBeVisible();
    await expect(admin.getByText('Funded', { exact: true }).first()).toBeVisible();
    await shot(admin, `staff-funded-${width}`);
    const funded = await waitForMail(borrower.email, `${reference}: draw 1 funded`);
    expect(funded.body).toContain('Approved: $20,000.50');
    expect(funded.body).toContain('Draw fee: $250.00');
    await waitForMail(borrower.email, `${reference}: draw 1 approved`, 'The foundation is 75% complete.');

    // The borrower sees the draw Funded with its dates, and drawn and remaining per line.
    await page.goto(newDraw);
    const draws = page.getByRole('region', { name: 'Draws' });
    await expect(draws.getByText('Funded', { exact: true }).first()).toBeVisible();
    for (const step of ['Submitted', 'Inspection', 'Approved'])
      await expect(draws.getByText(step, { exact: true }).first()).toBeVisible();
    await expect(draws.getByText('Reason: The foundation is 75% complete.')).toBeVisible();
    const budget = page.getByRole('region', { name: 'Holdback budget' });
    const foundationRow = budget.getByRole('row').filter({ hasText: 'Foundation' });
    await expect(foundationRow).toContainText('$15,000.00');
    await expect(foundationRow).toContainText('$35,000.00');
    const framingRow = budget.getByRole('row').filter({ hasText: 'Framing' });
    await expect(framingRow).toContainText('$5,000.50');
    await expect(framingRow).toContainText('$144,999.50');
    await expectNoViolations(page, 'new draw after funding');
    await shot(page, `after-funding-${width}`);

    // Nobody else: pages, .data and actions answer 404 or a redirect, and nothing changes.
    const main = (html: string) => html.match(/<main[\s\S]*<\/main>/)?.[0];
    const before = main((await read(staffDraw, staff.cookie)).body);
    expect(before).toContain('Funded');
    const intruders = {
      'another borrower': (await createVerifiedUser({ borrower: true }, 'draws-intruder')).cookie,
      'an investor': (await createVerifiedUser({ investor: true }, 'draws-intruder')).cookie,
      'an anonymous visitor': '',
    };
    for (const [who, cookie] of Object.entries(intruders)) {
      for (const path of [newDraw, staffDraw])
        for (const data of [false, true]) {
          const r = await read(path, cookie, data);
          expect(refused(r), `${who} ${data ? '.data ' : ''}${path} → ${r.status}`).toBe(true);
          expect(r.body).not.toContain('Lockbox on the gate');
          expect(r.body).not.toContain('Foundation');
        }
      if (who === 'another borrower') expect((await read(newDraw, cookie)).status).toBe(404);
      const photo = new FormData();
      photo.append('lines[0].lineId', 'x');
      photo.append('lines[0].amountCents', '1.00');
      photo.append('attest', 'on');
      photo.append('photos', new Blob([PNG], { type: 'image/png' }), 'intruder.png');
      for (const path of [newDraw, `${newDraw}.data`]) {
        const res = await fetch(`${baseURL}${path}`, {
          method: 'POST',
          redirect: 'manual',
          headers: { Origin: baseURL, 'X-Forwarded-For': uniqueIp(), ...(cookie ? { Cookie: cookie } : {}) },
          body: photo,
        });
        const r = { status: res.status, body: await res.text() };
        expect(refused(r), `${who} POST ${path} → ${r.status}`).toBe(true);
      }
      const staffActions: Record<string, string>[] = [
        { intent: 'decline', reason: 'intruder was here' },
        { intent: 'start-inspection' },
      ];
      for (const fields of staffActions)
        for (const path of [staffDraw, `${staffDraw}.data`]) {
          const res = await postForm(path, fields, { cookie });
          const r = { status: res.status, body: await res.text() };
          expect(refused(r), `${who} POST ${path} ${fields.intent} → ${r.status}`).toBe(true);
        }
    }
    const after = await read(staffDraw, staff.cookie);
    expect(main(after.body)).toBe(before);
    expect(after.body).toContain('Funded');
    expect(after.body).not.toContain('intruder');
    expect(after.body.match(/intruder\.png/g)).toBeNull();

    // Without JavaScript the form is a plain multipart post: refused at the field, then accepted.
    const plainContext = await browser.newContext({
      viewport,
      javaScriptEnabled: false,
      extraHTTPHeaders: { 'X-Forwarded-For': uniqueIp() },
    });
    const plain = await plainContext.newPage();
    await withCookie(plain, borrower.cookie);
    await plain.goto(newDraw);
    await plain.getByLabel('Framing', { exact: true }).fill('1,000.00');
    await plain.locator('input[name="photos"]').setInputFiles([{ name: 'framing.png', mimeType: 'image/png', buffer: PNG }]);
    await plain.getByRole('button', { name: 'Submit draw request' }).click();
    await expect(plain.getByText('Please confirm the attestation before submitting the draw.')).toBeVisible();
    await expect(plain.getByLabel('Framing', { exact: true })).toHaveValue('1,000.00');
    await plain.locator('input[name="photos"]').setInputFiles([{ name: 'framing.png', mimeType: 'image/png', buffer: PNG }]);
    await plain.getByRole('checkbox', { name: /I attest/ }).check();
    await plain.getByRole('button', { name: 'Submit draw request' }).click();
    await expect(plain).toHaveURL(new RegExp(`/dashboard/loans/${reference}$`));
    await plain.goto(newDraw);
    await expect(plain.getByRole('region', { name: 'Draws' }).getByText('Draw 2', { exact: true })).toBeVisible();
    await plainContext.close();
    await borrowerContext.close();
    await staffContext.close();
  });
}
