/**
 * The payment calculator on /borrowers (issue 23 "Trust at first sight", Must show), in Chromium
 * against the production build, at 1280 and 390 px: without JavaScript the GET form is answered
 * by the server (Enter submits it; a bad amount is a 400 page with the message at the field);
 * with JavaScript the figures follow the typing and the amount reads as currency. axe finds no
 * violations either way. Figures are the seeded programs' (Acquisition: 9%, 1.5–3 points,
 * $1,495 underwriting, $995 legal; Cash-Out: 9.5%), worked by hand.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { hydrated } from '../support/pages';

const ACQUISITION = '6f1d5b0e-4a37-4d0f-9b1a-1c2e3d4f5a01';
const tags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

async function expectNoViolations(page: Page, what: string) {
  const { violations } = await new AxeBuilder({ page }).withTags(tags).analyze();
  expect(violations.map((v) => `${what} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** The calculator's figure in the row `label`. */
const figure = (page: Page, label: string) => page.getByRole('row', { name: new RegExp(`^${label}`) }).getByRole('cell');

test('the server answers the calculator’s GET, 200 with figures, 400 with the message for a bad amount', async ({ request }) => {
  const good = await request.get(`/borrowers?program=${ACQUISITION}&amount=500%2C000`);
  expect(good.status()).toBe(200);
  const html = await good.text();
  // $500,000 at 9%: 45,000 a year ÷ 12 = $3,750.00; points 1.5–3: $7,500–$15,000; with $1,495 and
  // $995 of fees, $9,990–$17,490 at closing.
  for (const text of ['$3,750.00', '$7,500.00 – $15,000.00', '$1,495.00', '$995.00', '$9,990.00 – $17,490.00'])
    expect(html).toContain(text);
  const bad = await request.get(`/borrowers?program=${ACQUISITION}&amount=5O0`);
  expect(bad.status()).toBe(400);
  expect(await bad.text()).toContain('Please enter the loan amount in whole dollars, such as 500,000.');
  const unknown = await request.get('/borrowers?program=nope&amount=500000');
  expect(unknown.status()).toBe(400);
  expect(await unknown.text()).toContain('Please choose a loan program.');
});

for (const width of [1280, 390]) {
  test.describe(`at ${width}px`, () => {
    test.use({ viewport: { width, height: width === 390 ? 844 : 900 } });

    test('without JavaScript, Enter asks the server, which answers with the figures or the message', async ({ browser }) => {
      const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width, height: 900 } });
      const page = await context.newPage();
      await page.goto('/borrowers');
      const calculator = page.locator('#calculator');
      await calculator.getByLabel('Loan program').selectOption({ label: 'Acquisition' });
      await calculator.getByLabel('Loan amount').fill('12abc');
      await calculator.getByLabel('Loan amount').press('Enter');
      await expect(page).toHaveURL(/amount=12abc/);
      await expect(calculator.getByText('Please enter the loan amount in whole dollars, such as 500,000.')).toBeVisible();
      await expect(calculator.getByLabel('Loan amount')).toHaveAttribute('aria-invalid', 'true');
      await calculator.getByLabel('Loan amount').fill('$500,000');
      await calculator.getByLabel('Loan amount').press('Enter');
      await expect(page).toHaveURL(new RegExp(`program=${ACQUISITION}&amount=%24500%2C000#calculator$`));
      await expect(figure(page, 'Monthly interest-only payment')).toHaveText('$3,750.00');
      await expect(figure(page, 'Estimated cash at closing')).toHaveText('$9,990.00 – $17,490.00');
      await calculator.screenshot({ path: `/tmp/shots/programs/calculator-nojs-${width}.png` });
      await context.close();
    });

    test('with JavaScript, the figures follow the typing, in currency', async ({ page }) => {
      await page.goto('/borrowers');
      await hydrated(page);
      const calculator = page.locator('#calculator');
      const amount = calculator.getByLabel('Loan amount');
      await amount.pressSequentially('1000000');
      await expect(amount).toHaveValue('1,000,000');
      // $1,000,000 at 9%: $7,500.00 a month; no request, the address unchanged.
      await expect(figure(page, 'Monthly interest-only payment')).toHaveText('$7,500.00');
      expect(new URL(page.url()).search).toBe('');
      // Cash-Out at 9.5%: 95,000 ÷ 12 = 7,916.666… → $7,916.67; 2–3 points: $20,000–$30,000.
      await calculator.getByLabel('Loan program').selectOption({ label: 'Cash-Out' });
      await expect(figure(page, 'Monthly interest-only payment')).toHaveText('$7,916.67');
      await expect(figure(page, 'Origination points')).toHaveText('$20,000.00 – $30,000.00');
      // Above the program's largest loan: said at the field.
      await amount.pressSequentially('0');
      await expect(amount).toHaveValue('10,000,000');
      await expect(calculator.getByText('The Cash-Out program lends $150,000 to $3,000,000.')).toBeVisible();
      await amount.press('Backspace');
      await expect(calculator.getByText('The Cash-Out program lends')).toHaveCount(0);
      // Enter keeps the figures in the address, to share.
      await amount.press('Enter');
      await expect(page).toHaveURL(/amount=1%2C000%2C000/);
      await expect(figure(page, 'Monthly interest-only payment')).toHaveText('$7,916.67');
      await page.locator('#calculator').screenshot({ path: `/tmp/shots/programs/calculator-js-${width}.png` });
      await page.screenshot({ path: `/tmp/shots/programs/borrowers-${width}.png`, fullPage: true });
      await expectNoViolations(page, '/borrowers with the calculator');
      // The page the server answers to a refused amount (axe needs scripts to run).
      await page.goto(`/borrowers?program=${ACQUISITION}&amount=12abc`);
      await expect(page.getByText('Please enter the loan amount in whole dollars, such as 500,000.')).toBeVisible();
      await expectNoViolations(page, '/borrowers with a refused amount');
      await page.locator('#calculator').screenshot({ path: `/tmp/shots/programs/calculator-refused-${width}.png` });
    });
  });
}
