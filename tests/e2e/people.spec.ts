/**
 * People and protections in the admin's hands (issue 23 "Trust at first sight"), in Chromium
 * against the production build at 1280 and 390 px: on a fresh demo start the dashboard says what
 * the public site still lacks (the sample team and track record, the stock pictures), each with a
 * link to its editor; the team editor marks the sample content as such and takes a phone and an
 * e-mail per person; staff rewrite where investors' funds are held in 'Investor protections',
 * publish, and every deal page says it. axe finds nothing on each page. Screenshots go to
 * /tmp/shots/investors/.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { baseURL, createVerifiedUser, staffSession, uniqueIp } from '../support/accounts';
import { publishSection } from '../support/pages';

const SHOTS = '/tmp/shots/investors';
const tags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

async function noViolations(page: Page, what: string) {
  const { violations } = await new AxeBuilder({ page }).withTags(tags).analyze();
  expect(violations.map((v) => `${what} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

async function withCookie(page: Page, cookie: string) {
  const [name, value] = cookie.split(/=(.*)/s) as [string, string];
  await page.context().addCookies([{ name, value, url: baseURL }]);
}

for (const width of [1280, 390]) {
  test(`at ${width} px: the dashboard names what the site lacks; the team editor marks sample content and takes phones and e-mails`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.context().setExtraHTTPHeaders({ 'X-Forwarded-For': uniqueIp() });
    await withCookie(page, (await staffSession()).cookie);
    await page.goto('/admin-dashboard');
    const gaps = page.getByRole('region', { name: 'What the public site still lacks' });
    await expect(gaps).toContainText('The About page shows the sample team');
    await expect(gaps).toContainText('Home and Investors show the sample track record');
    await noViolations(page, '/admin-dashboard');
    await page.screenshot({ path: `${SHOTS}/admin-dashboard-${width}.png`, fullPage: true });

    // The overview marks both sample sections.
    await page.goto('/admin-dashboard/content');
    await expect(page.getByText('Sample content', { exact: true })).toHaveCount(2);
    await noViolations(page, '/admin-dashboard/content');
    await page.screenshot({ path: `${SHOTS}/admin-content-${width}.png`, fullPage: true });
    await page.goBack();
    await gaps.getByRole('link', { name: 'Edit team' }).click();
    await expect(page).toHaveURL(/\/admin-dashboard\/content\/team$/);
    await expect(page.getByText('Sample content', { exact: true })).toBeVisible();
    await expect(page.getByRole('note')).toContainText('invented for the demo');
    const margaret = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Margaret Ormsby' }) });
    await expect(margaret.getByLabel('Direct phone (optional)')).toHaveValue('(775) 555-0142');
    await expect(margaret.getByLabel('E-mail (optional)')).toHaveValue(/^margaret\.ormsby@/);
    await noViolations(page, '/admin-dashboard/content/team');
    await page.screenshot({ path: `${SHOTS}/admin-team-${width}.png`, fullPage: true });
    // A phone that is no phone is refused at the field.
    await margaret.getByLabel('Direct phone (optional)').fill('call me');
    await margaret.getByRole('button', { name: 'Save' }).click();
    await expect(margaret.getByText('Please enter a phone number such as (775) 555-0142.')).toBeVisible();
  });
}

test('staff rewrite where funds are held, publish, and the deal page says it', async ({ page }) => {
  await page.context().setExtraHTTPHeaders({ 'X-Forwarded-For': uniqueIp() });
  await withCookie(page, (await staffSession()).cookie);
  await page.goto('/admin-dashboard/content/investor-protections');
  const held = page.getByLabel('Where your funds are held before funding');
  const words = `Before a loan funds, your money waits in an escrow account at the title company handling the closing (Sierra Title, ref ${Date.now()}), released only when the deed of trust is recorded.`;
  await held.fill(words);
  await page.getByRole('button', { name: 'Save investor protections' }).click();
  await expect(page.getByText('Unpublished changes').first()).toBeVisible();
  await publishSection(page);
  await noViolations(page, '/admin-dashboard/content/investor-protections');
  await page.screenshot({ path: `${SHOTS}/admin-protections-1280.png`, fullPage: true });

  const investor = await createVerifiedUser({ investor: true }, 'people-investor');
  const html = await (await fetch(`${baseURL}/dashboard/deals`, { headers: { Cookie: investor.cookie } })).text();
  const id = html.match(/href="\/deal\/([0-9a-f-]{36})"/)![1]!;
  const deal = await (await fetch(`${baseURL}/deal/${id}`, { headers: { Cookie: investor.cookie } })).text();
  expect(deal.replace(/<!-- -->/g, '')).toContain(words.replace(/'/g, '&#x27;'));
});
