/**
 * Deals and the investor portal (issue "Deals"): in Chromium an investor filters and pages,
 * follows a deal (badge, order), unfollows, opens a deal, downloads its prospectus, reads and
 * marks notifications; over HTTP the user always comes from the session, closed and missing
 * deals refuse interest, and 20 concurrent follows make one row.
 */
import { expect, test, type Page } from '@playwright/test';
import { baseURL, createVerifiedUser, landing, postForm, uniqueIp } from '../support/accounts';

async function signedIn(page: Page, cookie: string) {
  const [name, value] = cookie.split(/=(.*)/s) as [string, string];
  await page.context().addCookies([{ name, value, url: baseURL }]);
  await page.setExtraHTTPHeaders({ 'X-Forwarded-For': uniqueIp() });
}

/** The deals of a list page, in order: id and title (from the cards' links and headings). */
async function dealsOn(path: string, cookie: string) {
  const html = await (await fetch(`${baseURL}${path}`, { headers: { Cookie: cookie } })).text();
  return [...html.matchAll(/<h3 id="deal-([0-9a-f-]{36})"[^>]*>([^<]+)</g)].map((m) => ({
    id: m[1]!,
    title: m[2]!.replaceAll('&amp;', '&'),
  }));
}

/** The demo deal titled `title` (other tests add deals of their own, so lists are not fixed). */
async function demoDeal(title: string, cookie: string) {
  for (let page = 1; page <= 20; page++) {
    const found = (await dealsOn(`/deals?page=${page}`, cookie)).find((d) => d.title === title);
    if (found) return found;
  }
  throw new Error(`demo deal ${title} not found`);
}

const following = async (cookie: string) => {
  const html = await (await fetch(`${baseURL}/dashboard/deals`, { headers: { Cookie: cookie } })).text();
  return (html.match(/>Following</g) ?? []).length;
};

test('an investor filters and pages, follows and unfollows, opens a deal, downloads its prospectus and reads notifications', async ({
  page,
}) => {
  const investor = await createVerifiedUser({ investor: true }, 'deals');
  await signedIn(page, investor.cookie);
  await page.goto('/dashboard/deals');
  const cards = page.getByRole('article');
  await expect(cards).toHaveCount(6);

  // Filters and pages are in the URL.
  await page.getByRole('link', { name: 'Residential' }).click();
  await expect(page).toHaveURL(/\/dashboard\/deals\?type=residential$/);
  // The URL changes as the navigation commits; the cards follow in the same render, so wait for
  // them (reading them at once could catch the list before it).
  const types = page.locator('article p.text-brass-700');
  await expect(types.filter({ hasNotText: 'Residential' })).toHaveCount(0);
  expect(await types.count()).toBeGreaterThan(0);
  await page.getByRole('link', { name: 'All Deals' }).click();
  await page.getByRole('link', { name: 'Page 2' }).click();
  await expect(page).toHaveURL(/\?page=2$/);
  await expect(page.getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  const target = (await page.getByRole('article').filter({ hasText: 'Elko Mobile Home Park' }).count())
    ? 'Elko Mobile Home Park'
    : (await page
        .getByRole('article')
        .filter({ has: page.getByRole('button', { name: /^Follow / }) })
        .first()
        .locator('h3')
        .textContent())!;

  // Follow: the badge appears and the deal moves to the top of page 1.
  const card = page.getByRole('article').filter({ hasText: target });
  await card.getByRole('button', { name: `Follow ${target}` }).click();
  await expect(page.getByText('Deal followed')).toBeVisible();
  await page.goto('/dashboard/deals');
  await expect(page.getByRole('article').first()).toContainText(target);
  await expect(page.getByRole('article').first().getByText('Following', { exact: true }).first()).toBeVisible();
  // On desktop the button offers 'Unfollow' on hover.
  const button = page
    .getByRole('article')
    .first()
    .getByRole('button', { name: new RegExp(`Following ${target}`) });
  await button.hover();
  await expect(button.getByText('Unfollow')).toBeVisible();
  await button.click();
  await expect(page.getByText('Deal unfollowed')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('article').first()).not.toContainText(target);

  // Open a deal and download its prospectus.
  await page
    .getByRole('article')
    .first()
    .getByRole('link', { name: /View Details/ })
    .click();
  await expect(page).toHaveURL(/\/deal\/[0-9a-f-]{36}$/);
  // Built around an investor's questions (issue "Investing"): the key figures, then the
  // property, the loan, the risks and the data room.
  for (const heading of ['The property', 'The loan', 'Risk factors', 'Data room'])
    await expect(page.getByRole('heading', { name: heading })).toBeVisible();
  // Each figure once.
  for (const label of [
    'Investor Rate',
    'Term',
    'Loan-to-Value',
    'Lien Position',
    'Minimum Investment',
    'Amount to Raise',
    'Loan Amount',
    'Property Size',
  ])
    await expect(page.getByText(label, { exact: true })).toHaveCount(1);
  // The status is the badge by the title, the location the line under it; neither is repeated.
  await expect(page.getByText('Status', { exact: true })).toHaveCount(0);
  // Offline, the map's designed fallback names the place and links to a map.
  await expect(page.getByRole('link', { name: /Open in a map/ })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to Deals' })).toBeVisible();
  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download Prospectus' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/Prospectus\.pdf$/);
  const { readFile } = await import('node:fs/promises');
  expect((await readFile((await download.path())!)).subarray(0, 5).toString()).toBe('%PDF-');

  // Notifications on the investor dashboard.
  await page.goto('/dashboard/investments');
  await expect(page.getByRole('heading', { name: 'Investment Opportunities' })).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(3);
  await expect(page.getByRole('link', { name: /View All/ })).toHaveAttribute('href', '/dashboard/deals');
  const notes = page.getByRole('region', { name: 'Investment Notifications' });
  await expect(notes.getByText(/^Deal Followed/)).toBeVisible();
  await expect(notes.getByText(/^Deal Unfollowed/)).toBeVisible();
  // The button goes at once (optimistic); the reload must wait for the server to have recorded it,
  // or the page reloads with what was there before (a race seen in CI: 2 buttons after the reload).
  const marked = page.waitForResponse(
    (r) => r.request().method() === 'POST' && new URL(r.url()).pathname.startsWith('/dashboard/investments'),
  );
  await notes.getByRole('button', { name: 'Mark as read' }).first().click();
  await expect(notes.getByRole('button', { name: 'Mark as read' })).toHaveCount(1);
  expect((await marked).status()).toBe(200);
  await page.reload();
  await expect(notes.getByRole('button', { name: 'Mark as read' })).toHaveCount(1);
});

test('Our Deals: 3 a page, filters by the type, a closed deal shows "Deal Closed"; a missing deal is a 404 page', async ({
  page,
}) => {
  const investor = await createVerifiedUser({ investor: true }, 'our-deals');
  await signedIn(page, investor.cookie);
  await page.goto('/deals');
  await expect(page.getByRole('heading', { name: 'Our Deals', level: 1 })).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(3);
  await page.getByRole('link', { name: 'Mixed Use' }).click();
  await expect(page).toHaveURL(/\/deals\?type=mixed-use$/);
  const mixedUse = page.locator('article p.text-brass-700');
  await expect(mixedUse.filter({ hasNotText: 'Mixed Use' })).toHaveCount(0);
  expect(await mixedUse.count()).toBeGreaterThan(0);

  const closed =
    (await dealsOn('/deals?page=4', investor.cookie)).find((d) => d.title === 'Roseville Townhome Infill') ??
    (await dealsOn('/deals?page=3', investor.cookie)).find((d) => d.title === 'Roseville Townhome Infill');
  expect(closed).toBeTruthy();
  await page.goto(`/deal/${closed!.id}`);
  await expect(page.getByRole('button', { name: 'Deal Closed' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Prospectus coming soon' })).toBeDisabled();

  for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-deal']) {
    const res = await page.goto(`/deal/${id}`);
    expect(res!.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Deal Not Found' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Return to Deals' })).toHaveAttribute('href', '/dashboard/investments');
  }
});

test('interest: the user comes from the session; closed and missing deals are refused; borrowers are sent away', async () => {
  const a = await createVerifiedUser({ investor: true }, 'int-a');
  const b = await createVerifiedUser({ investor: true }, 'int-b');
  const borrower = await createVerifiedUser({ borrower: true }, 'int-borrower');
  const bSession = (await (await fetch(`${baseURL}/api/auth/get-session`, { headers: { Cookie: b.cookie } })).json()) as {
    user: { id: string };
  };
  const deals = [await demoDeal('Washoe Valley Estates', a.cookie), await demoDeal('Carson Street Mixed-Use', a.cookie)];
  const res = await postForm(
    `/deals/${deals[0]!.id}/interest`,
    { intent: 'follow', userId: bSession.user.id, user_id: bSession.user.id },
    { cookie: a.cookie },
  );
  expect(res.status).toBe(200);
  expect(await following(a.cookie)).toBe(1);
  expect(await following(b.cookie)).toBe(0);
  // B unfollowing "for" A changes nothing of A's.
  await postForm(`/deals/${deals[0]!.id}/interest`, { intent: 'unfollow', userId: 'whoever' }, { cookie: b.cookie });
  expect(await following(a.cookie)).toBe(1);

  let closedId = '';
  for (let p = 1; p <= 4 && !closedId; p++)
    closedId = (await dealsOn(`/deals?page=${p}`, a.cookie)).find((d) => d.title === 'Minden Office Conversion')?.id ?? '';
  const closed = await postForm(`/deals/${closedId}/interest`, { intent: 'follow' }, { cookie: a.cookie });
  expect(closed.status).toBe(409);
  expect(await closed.text()).toContain('Deal Closed');
  expect(
    (await postForm('/deals/00000000-0000-4000-8000-000000000000/interest', { intent: 'follow' }, { cookie: a.cookie })).status,
  ).toBe(404);
  expect((await postForm('/deals/nope/interest', { intent: 'follow' }, { cookie: a.cookie })).status).toBe(404);
  expect(await following(a.cookie)).toBe(1);

  const sent = await postForm(`/deals/${deals[1]!.id}/interest`, { intent: 'follow' }, { cookie: borrower.cookie });
  expect(sent.status).toBe(302);
  expect(sent.headers.get('location')).toBe('/');
  expect(await landing('/deals', borrower.cookie)).toBe('/');
  expect(await landing(`/deal/${deals[1]!.id}`, borrower.cookie)).toBe('/');
  expect(
    (await fetch(`${baseURL}/deals/${deals[0]!.id}/prospectus`, { headers: { Cookie: borrower.cookie }, redirect: 'manual' }))
      .status,
  ).toBe(302);
  const pdf = await fetch(`${baseURL}/deals/${deals[0]!.id}/prospectus`, { headers: { Cookie: a.cookie } });
  expect(pdf.status).toBe(200);
  expect(pdf.headers.get('content-type')).toBe('application/pdf');
  expect(pdf.headers.get('content-disposition')).toMatch(/^attachment; filename=".+Prospectus\.pdf"/);
});

test('20 concurrent follow requests for one deal leave exactly one interest', async () => {
  const investor = await createVerifiedUser({ investor: true }, 'race');
  const target = await demoDeal('Sparks Industrial Flex', investor.cookie);
  const answers = await Promise.all(
    Array.from({ length: 20 }, () =>
      postForm(`/deals/${target!.id}/interest`, { intent: 'follow' }, { cookie: investor.cookie }),
    ),
  );
  const statuses = answers.map((r) => r.status).sort();
  expect(statuses.filter((s) => s === 200)).toHaveLength(1);
  expect(statuses.filter((s) => s === 409)).toHaveLength(19);
  expect(await following(investor.cookie)).toBe(1);
  const html = await (await fetch(`${baseURL}/dashboard/investments`, { headers: { Cookie: investor.cookie } })).text();
  expect(html.match(/>Deal Followed</g)?.length).toBe(1);
});
