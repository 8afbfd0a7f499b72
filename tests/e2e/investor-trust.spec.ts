/**
 * Trust at first sight, the investor's side (issue 23, "Must show"), in Chromium against the
 * production build at 1280 and 390 px: a fresh demo start (SEED_DEMO) shows the sample team with
 * phones and e-mails, and the track record; an investor types an amount on a deal and sees the
 * projected interest (live, and from the server without JavaScript), follows the deal ('Follow
 * deal', never 'interest'), opens the data room, signs the suitability statement, sees it signed
 * and when, and opens its copy from Documents (the PDF's text read with unpdf); the deal page and
 * the admin's demand page show the raise's share to the same tenth of a percent. Over HTTP, the
 * copy is a 404 for anyone else (another investor, a borrower, a visitor), through .data too.
 * axe finds nothing on each page at both widths. Screenshots go to /tmp/shots/investors/.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { extractText } from 'unpdf';
import { usdCents } from '../../app/lib/format';
import { projectedInterest } from '../../app/lib/investor-interest';
import { baseURL, createVerifiedUser, staffSession, uniqueIp } from '../support/accounts';

const SHOTS = '/tmp/shots/investors';
const tags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
// A demo deal (app/server/db/demo-deals.ts): 10% a year over 12 months, $25,000 minimum.
const DEAL = 'Carson Street Mixed-Use';

async function noViolations(page: Page, what: string) {
  // A toast fading in is measured at part opacity (axe read its text at under 4.5:1): check the
  // page as it settles, every toast fully shown.
  await expect
    .poll(() =>
      page.evaluate(() =>
        [...document.querySelectorAll('[data-sonner-toast]')].every((t) => getComputedStyle(t).opacity === '1'),
      ),
    )
    .toBe(true);
  const { violations } = await new AxeBuilder({ page }).withTags(tags).analyze();
  expect(violations.map((v) => `${what} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

async function withCookie(page: Page, cookie: string) {
  const [name, value] = cookie.split(/=(.*)/s) as [string, string];
  await page.context().addCookies([{ name, value, url: baseURL }]);
}

/** The demo deal's id, from the investor's deal list. */
async function dealId(cookie: string): Promise<string> {
  for (let page = 1; page <= 3; page++) {
    const html = await (await fetch(`${baseURL}/dashboard/deals?page=${page}`, { headers: { Cookie: cookie } })).text();
    const at = html.indexOf(DEAL);
    if (at < 0) continue;
    const id = html.slice(at).match(/href="\/deal\/([0-9a-f-]{36})"/)?.[1];
    if (id) return id;
  }
  throw new Error(`${DEAL} is not listed`);
}

const pdfText = async (bytes: Uint8Array) => (await extractText(new Uint8Array(bytes), { mergePages: true })).text;

for (const width of [1280, 390]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 }, extraHTTPHeaders: { 'X-Forwarded-For': uniqueIp() } });

    test('a fresh demo start shows the sample team with phones and e-mails, and the track record', async ({ page }) => {
      await page.goto('/about');
      const team = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Margaret Ormsby' }) });
      await expect(team).toContainText('Founder & Principal');
      await expect(team).toContainText('NMLS #123456');
      await expect(team.getByRole('link', { name: '(775) 555-0142' })).toHaveAttribute('href', 'tel:+17755550142');
      await expect(team.getByRole('link', { name: /margaret\.ormsby@/ })).toHaveAttribute('href', /^mailto:margaret\.ormsby@/);
      await expect(page.getByRole('img', { name: 'Portrait of David Chen' })).toBeVisible();
      for (const name of ['Rosa Alvarez', 'James Whitfield']) await expect(page.getByRole('heading', { name })).toBeVisible();
      await noViolations(page, '/about');
      await page.screenshot({ path: `${SHOTS}/about-${width}.png`, fullPage: true });

      for (const path of ['/', '/investors']) {
        await page.goto(path);
        const band = page.getByRole('region', { name: 'Track record' });
        for (const label of ['Loans funded', 'Total volume', 'Average LTV', 'Loans repaid', 'Principal losses'])
          await expect(band.getByText(label, { exact: true })).toBeVisible();
        await expect(band.getByText('None', { exact: true })).toBeVisible();
        await expect(band.getByText(/^as of /).first()).toBeVisible();
        if (path === '/investors')
          await expect(page.getByRole('region', { name: 'How Your Money Is Protected' })).toContainText(
            'Where your funds are held before funding',
          );
        await noViolations(page, path);
      }
      await page.screenshot({ path: `${SHOTS}/investors-${width}.png`, fullPage: true });
    });

    test('an investor sees the projected interest, signs the statement and opens its copy from Documents', async ({ page }) => {
      const investor = await createVerifiedUser({ investor: true }, `trust-${width}`);
      await withCookie(page, investor.cookie);
      const id = await dealId(investor.cookie);

      // Deal cards: the raise's progress; following reads 'Follow deal'.
      await page.goto('/dashboard/deals');
      const card = page.getByRole('article').filter({ hasText: DEAL });
      await expect(card.getByText(/counted of \$1,650,000 \(\d+(\.\d)?%\)/)).toBeVisible();
      await expect(card.getByRole('button', { name: `Follow ${DEAL}` })).toContainText('Follow deal');
      await expect(page.getByText(/express interest/i)).toHaveCount(0);
      await noViolations(page, '/dashboard/deals');
      await page.screenshot({ path: `${SHOTS}/portal-deals-${width}.png`, fullPage: true });

      // The projection, live: $33,333 at 10% = $277.775 a month → $277.78; × 12 = $3,333.36.
      await page.goto(`/deal/${id}`);
      const amount = page.getByLabel('If I invest (USD)');
      await amount.fill('33,333');
      const expected = projectedInterest(33_333, 10, 12)!;
      expect(usdCents(expected.monthlyCents)).toBe('$277.78');
      await expect(page.getByTestId('monthly-interest')).toHaveText('$277.78');
      await expect(page.getByTestId('total-interest')).toHaveText('$3,333.36');
      await amount.fill('abc');
      await expect(page.getByText('Please enter an amount in whole dollars, such as 25,000.')).toBeVisible();
      await amount.fill('100000');
      await expect(page.getByTestId('monthly-interest')).toHaveText('$833.33');
      // The protections, from Site content, with the FAQ.
      const protections = page.getByRole('region', { name: 'How your money is protected' });
      for (const heading of ['Who services the loan', 'Where your funds are held before funding', 'If the borrower defaults'])
        await expect(protections.getByText(heading)).toBeVisible();
      await expect(protections).toContainText('escrow account at the title company');
      await expect(protections.getByRole('link', { name: 'Read the Investor FAQ' })).toHaveAttribute(
        'href',
        '/investors#faq-title',
      );

      // Follow: a different thing from an amount.
      await page.getByRole('button', { name: `Follow ${DEAL}` }).click();
      await expect(page.getByText('Deal followed')).toBeVisible();

      // The data room, then the statement, signed with the keyboard (Enter submits).
      await page.getByRole('button', { name: 'I agree: open the data room' }).click();
      await expect(page.getByText('Data room opened')).toBeVisible();
      await page.getByLabel('My household net worth is over $250,000, not counting my primary residence').check();
      await page.getByLabel(/no more than 10% of my net worth/).check();
      await page.getByLabel(/I understand this investment is not insured/).check();
      const signature = page.getByLabel('Your full name, as your signature');
      await signature.fill('Avery Q. Investor');
      await signature.press('Enter');
      const signed = page.getByTestId('suitability-signed');
      await expect(signed).toContainText('Suitability statement signed');
      await expect(signed).toContainText(/[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M P[SD]T/);
      const copyLink = signed.getByRole('link', { name: 'Open your copy (PDF)' });
      await expect(copyLink).toHaveAttribute('href', `/dashboard/documents/suitability/${id}`);
      await noViolations(page, `/deal/${id}`);
      await page.screenshot({ path: `${SHOTS}/deal-${width}.png`, fullPage: true });

      // Indicate an amount; the deal page and the admin's demand page agree to the tenth.
      const indicate = page.getByLabel('Amount (USD)');
      await indicate.fill('37000');
      await page.getByRole('button', { name: 'Indicate amount' }).click();
      await expect(page.getByText('Amount indicated')).toBeVisible();
      await page.reload();
      const share = (await page
        .getByText(/counted of \$1,650,000 \(/)
        .first()
        .textContent())!.match(/\((\d+(?:\.\d)?%)\)/)![1]!;
      const admin = await staffSession();
      const demand = await (
        await fetch(`${baseURL}/admin-dashboard/deals/${id}/investors`, { headers: { Cookie: admin.cookie } })
      ).text();
      const counted = (await page
        .getByText(/counted of \$1,650,000/)
        .first()
        .textContent())!.match(/^\$([\d,]+)/)![1]!;
      const plain = demand.replace(/<!-- -->/g, '');
      expect(plain).toContain(`>$${counted}</span>`);
      expect(plain).toContain(`counted of $1,650,000 (${share})`);

      // Documents: in the portal's nav, the statement with its copy, the acknowledgement with its date.
      await page.goto('/dashboard/investments');
      if (width < 1024) await page.getByRole('button', { name: 'Open menu' }).click();
      await page.getByRole('link', { name: 'Documents' }).click();
      await expect(page).toHaveURL(/\/dashboard\/documents$/);
      await expect(page.getByRole('heading', { name: 'Documents', level: 1 })).toBeVisible();
      const statements = page.getByRole('region', { name: 'Suitability statements' });
      await expect(statements.getByRole('link', { name: DEAL, exact: true })).toBeVisible();
      await expect(statements.getByText(/^Signed /)).toBeVisible();
      await expect(
        page.getByRole('region', { name: 'Data-room acknowledgements' }).getByText(/^Acknowledged as confidential /),
      ).toBeVisible();
      await noViolations(page, '/dashboard/documents');
      await page.screenshot({ path: `${SHOTS}/documents-${width}.png`, fullPage: true });
      const copy = statements.getByRole('link', { name: /Open the copy \(PDF\)/ });
      const href = (await copy.getAttribute('href'))!;
      const response = await page.request.get(href);
      expect(response.status()).toBe(200);
      expect(response.headers()['content-type']).toBe('application/pdf');
      const text = await pdfText(await response.body());
      for (const words of [
        'Investor suitability statement',
        DEAL,
        'Avery Q. Investor',
        investor.email,
        'not insured or guaranteed',
      ])
        expect(text, words).toContain(words);

      // Anyone else: 404, through .data too.
      const other = await createVerifiedUser({ investor: true }, 'trust-other');
      const borrower = await createVerifiedUser({ borrower: true }, 'trust-borrower');
      for (const cookie of [other.cookie, borrower.cookie, ''])
        for (const path of [href, `${href}.data`]) {
          const res = await fetch(`${baseURL}${path}`, { redirect: 'manual', headers: cookie ? { Cookie: cookie } : {} });
          expect(res.status, `${path} as ${cookie ? cookie.slice(0, 12) : 'a visitor'}`).toBe(404);
          expect(await res.text()).not.toContain('Avery Q. Investor');
        }
      expect((await fetch(`${baseURL}${href}`, { headers: { Cookie: investor.cookie } })).status).toBe(200);
    });
  });
}

test('without JavaScript the deal page answers the projection from the server', async ({ browser }) => {
  const investor = await createVerifiedUser({ investor: true }, 'trust-nojs');
  const id = await dealId(investor.cookie);
  const context = await browser.newContext({ javaScriptEnabled: false, extraHTTPHeaders: { 'X-Forwarded-For': uniqueIp() } });
  const [name, value] = investor.cookie.split(/=(.*)/s) as [string, string];
  await context.addCookies([{ name, value, url: baseURL }]);
  const page = await context.newPage();
  await page.goto(`/deal/${id}`);
  // The minimum to start with: $25,000 at 10% = $208.333… → $208.33.
  await expect(page.getByTestId('monthly-interest')).toHaveText('$208.33');
  const amount = page.getByLabel('If I invest (USD)');
  await amount.fill('33333');
  await amount.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/deal/${id}\\?amount=33333`));
  await expect(page.getByTestId('monthly-interest')).toHaveText('$277.78');
  await expect(page.getByTestId('total-interest')).toHaveText('$3,333.36');
  await expect(page.getByRole('button', { name: 'Show interest' })).toBeVisible();
  await context.close();
});
