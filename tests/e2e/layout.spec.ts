/**
 * Every page, public, portal and admin, at 390px and 1280px (issue "Solid ground" 1, 2 and its
 * Must show): no horizontal overflow, no two cards overlapping, every tap target at least 44 x 44
 * px at 390px and not covered by anything else (what a click would reach), and no hydration
 * warning in the console. Pages are loaded signed in as the role they serve, with real content
 * (a document, notifications, deals).
 */
import { expect, test, type Page } from '@playwright/test';
import { baseURL, createVerifiedUser, uniqueIp, staffSession } from '../support/accounts';
import { solveAltcha } from '../support/altcha';
import { applyForLoan } from '../support/loans';
import { publicPages } from '../support/pages';

const portalPages = ['/dashboard/loans', '/dashboard/investments', '/dashboard/deals', '/dashboard/profile', '/deals'];
const adminPages = [
  '/admin-dashboard',
  '/admin-dashboard/deals',
  '/admin-dashboard/deals/new',
  '/admin-dashboard/users',
  '/admin-dashboard/servicing',
  '/admin-dashboard/distributions',
  '/admin-dashboard/tax',
  '/admin-dashboard/contacts',
  '/admin-dashboard/settings',
  '/admin-dashboard/mail',
  '/admin-dashboard/audit',
  '/admin-dashboard/content',
  '/admin-dashboard/content/loan-programs',
  '/admin-dashboard/content/track-record',
  '/admin-dashboard/content/team',
  '/admin-dashboard/content/faq-borrowers',
  '/admin-dashboard/content/imagery',
];

interface Finding {
  kind: 'overflow' | 'small target' | 'covered target' | 'overlapping cards';
  what: string;
}

/** What is wrong with the layout of the page in `page` at its current width. */
async function inspect(page: Page, narrow: boolean): Promise<Finding[]> {
  return page.evaluate((narrow) => {
    const found: { kind: 'overflow' | 'small target' | 'covered target' | 'overlapping cards'; what: string }[] = [];
    const name = (e: Element) =>
      `${e.tagName.toLowerCase()}${e.id ? `#${e.id}` : ''} "${(e.getAttribute('aria-label') ?? e.textContent ?? '').trim().slice(0, 40)}"`;
    const width = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth > width)
      found.push({ kind: 'overflow', what: `${document.documentElement.scrollWidth}px wide` });

    // Screen-reader-only elements (1px, clipped) are not tapped.
    const visible = (e: Element) => {
      const r = e.getBoundingClientRect();
      const s = getComputedStyle(e);
      return (
        r.width > 2 &&
        r.height > 2 &&
        s.visibility !== 'hidden' &&
        s.display !== 'none' &&
        !e.closest('[aria-hidden="true"], [inert]') &&
        // The content of a closed <details> has a box but cannot be seen or tapped.
        !(e.closest('details:not([open])') && !e.closest('summary'))
      );
    };
    // The fixed or sticky bars at the top (site header, portal top bar) hide what scrolls under
    // them; a finger scrolls first, so targets are tested below them.
    const bars = [...document.querySelectorAll('body *')].filter((e) => {
      const s = getComputedStyle(e);
      return (
        (s.position === 'fixed' || s.position === 'sticky') &&
        e.getBoundingClientRect().top <= 0 &&
        e.getBoundingClientRect().height < 200
      );
    });
    const clearTop = Math.max(0, ...bars.map((e) => e.getBoundingClientRect().bottom));
    // A link inside a sentence is exempt (WCAG 2.5.8 'inline'); everything else one taps is a target.
    const inline = (e: Element) => {
      if (e.tagName !== 'A') return false;
      const parent = e.parentElement;
      if (!parent || getComputedStyle(e).display !== 'inline') return false;
      return [...parent.childNodes].some(
        (n) => n !== e && n.nodeType === Node.TEXT_NODE && (n.textContent ?? '').trim().length > 0,
      );
    };
    // A label around a visually hidden radio (the tabs without JavaScript) is what a finger taps.
    const targets = [
      ...document.querySelectorAll(
        'a[href], button, select, textarea, input:not([type="hidden"]), summary, [role="tab"], label:has(> input.sr-only)',
      ),
    ].filter((e) => visible(e) && !inline(e) && !(e as HTMLButtonElement).disabled);
    for (const e of targets) {
      // A checkbox or radio is tapped through its label too: the target is the two together.
      let rect = e.getBoundingClientRect();
      const label = e instanceof HTMLInputElement && (e.type === 'checkbox' || e.type === 'radio') ? e.labels?.[0] : null;
      const box = label ? (label.closest('div') ?? label) : e;
      if (label) rect = box.getBoundingClientRect();
      if (narrow && (Math.round(rect.width) < 44 || Math.round(rect.height) < 44))
        found.push({ kind: 'small target', what: `${name(e)} ${Math.round(rect.width)}x${Math.round(rect.height)}` });
      // What a tap at its centre reaches (inside the viewport only: the page is scrolled to it first).
      const r = e.getBoundingClientRect();
      const x = r.left + r.width / 2;
      const y = r.top + r.height / 2;
      if (x < 0 || y < clearTop || x > width || y > window.innerHeight) continue;
      if (bars.some((bar) => bar.contains(e))) continue;
      const hit = document.elementFromPoint(x, y);
      if (hit && hit !== e && !e.contains(hit) && !(label && (label.contains(hit) || box.contains(hit))))
        found.push({ kind: 'covered target', what: `${name(e)} under ${name(hit)}` });
    }

    const cards = [...document.querySelectorAll('[class*="radius-card"]')].filter(visible);
    for (let i = 0; i < cards.length; i++)
      for (let j = i + 1; j < cards.length; j++) {
        const a = cards[i]!;
        const b = cards[j]!;
        if (a.contains(b) || b.contains(a)) continue;
        const ra = a.getBoundingClientRect();
        const rb = b.getBoundingClientRect();
        const w = Math.min(ra.right, rb.right) - Math.max(ra.left, rb.left);
        const h = Math.min(ra.bottom, rb.bottom) - Math.max(ra.top, rb.top);
        if (w > 1 && h > 1) found.push({ kind: 'overlapping cards', what: `${name(a)} and ${name(b)}` });
      }
    return found;
  }, narrow);
}

/** Loads `path` and checks it, scrolling through the page so every target is tested where a finger would meet it. */
async function check(page: Page, path: string, narrow: boolean, problems: string[]) {
  const warnings: string[] = [];
  const listen = (m: { type(): string; text(): string }) => {
    // React's production build reports a mismatch as 'Minified React error #418' (or #419-#425).
    if (
      (m.type() === 'error' || m.type() === 'warning') &&
      /hydrat|did not match|server rendered|React error #4(1[89]|2[0-5])/i.test(m.text())
    )
      warnings.push(m.text());
  };
  page.on('console', listen);
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  page.off('console', listen);
  for (const w of warnings) problems.push(`${path}: hydration warning: ${w.slice(0, 200)}`);
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  const viewport = page.viewportSize()!.height;
  const seen = new Set<string>();
  for (let top = 0; top < height; top += viewport - 100) {
    await page.evaluate((y) => window.scrollTo(0, y), top);
    for (const f of await inspect(page, narrow)) {
      const line = `${path}: ${f.kind}: ${f.what}`;
      if (!seen.has(line)) problems.push(line);
      seen.add(line);
    }
  }
}

async function signedIn(page: Page, cookie: string) {
  const [name, value] = cookie.split(/=(.*)/s) as [string, string];
  await page.context().addCookies([{ name, value, url: baseURL }]);
}

for (const width of [390, 1280]) {
  test.describe(`every page at ${width}px`, () => {
    test.use({ viewport: { width, height: width === 390 ? 844 : 900 } });

    test('public and account pages', async ({ page }) => {
      test.setTimeout(120_000);
      await page.setExtraHTTPHeaders({ 'X-Forwarded-For': uniqueIp() });
      const problems: string[] = [];
      for (const path of publicPages) await check(page, path, width === 390, problems);
      expect(problems).toEqual([]);
    });

    test('portal pages and a deal, with a document and notifications', async ({ page }) => {
      test.setTimeout(120_000);
      const user = await createVerifiedUser({ borrower: true, investor: true }, 'layout');
      const body = new FormData();
      body.append('title', 'Purchase and sale agreement for 1420 Lakeview Terrace, Carson City');
      body.append(
        'file',
        new Blob([new TextEncoder().encode('%PDF-1.7\n% layout\n')]),
        'purchase-and-sale-agreement-1420-lakeview.pdf',
      );
      const up = await fetch(`${baseURL}/dashboard/loans/documents`, {
        method: 'POST',
        headers: { Origin: baseURL, Cookie: user.cookie, 'X-Forwarded-For': uniqueIp() },
        body,
      });
      expect(up.status).toBe(201);
      const { reference } = await applyForLoan(user.cookie);
      await signedIn(page, user.cookie);
      const problems: string[] = [];
      for (const path of portalPages) await check(page, path, width === 390, problems);
      const href = await page
        .getByRole('link', { name: /View Details/ })
        .first()
        .getAttribute('href');
      await check(page, href!, width === 390, problems);
      // The application, the loan page, and turning on two-step verification (issue "Security and scale").
      for (const path of ['/dashboard/loans/new', `/dashboard/loans/${reference}`, '/two-factor/setup'])
        await check(page, path, width === 390, problems);
      expect(problems).toEqual([]);
    });

    test('admin pages, with an inquiry, a user and a document of their own', async ({ page }) => {
      test.setTimeout(120_000);
      // The lists carry rows of this test's own making, whatever else ran before.
      const challenge = await (await fetch(`${baseURL}/api/altcha/challenge`)).json();
      const sent = await fetch(`${baseURL}/contact`, {
        method: 'POST',
        headers: { Origin: baseURL, 'Content-Type': 'application/x-www-form-urlencoded', 'X-Forwarded-For': uniqueIp() },
        body: new URLSearchParams({
          name: 'Alexandra Montgomery-Whitfield',
          email: 'alexandra.montgomery-whitfield@lakeview-holdings.example.com',
          phone: '(775) 555-0188',
          note: 'A bridge loan for a fourplex in Sparks, closing in six weeks.',
          altcha: await solveAltcha(challenge),
        }),
      });
      expect(sent.status).toBe(200);
      const borrower = await createVerifiedUser({ borrower: true, investor: true }, 'layout-admin');
      const { reference } = await applyForLoan(borrower.cookie);
      await signedIn(page, (await staffSession({ ip: uniqueIp() })).cookie);
      const problems: string[] = [];
      for (const path of [...adminPages, '/admin-dashboard/loans', `/admin-dashboard/loans/${reference}`])
        await check(page, path, width === 390, problems);
      await page.goto('/admin-dashboard/deals');
      const edit = await page
        .getByRole('link', { name: /^Edit / })
        .first()
        .getAttribute('href');
      await check(page, edit!, width === 390, problems);
      // A deal's investors and amounts (issue "Investing"), both lists.
      const investors = edit!.replace(/\/edit$/, '/investors');
      await check(page, investors, width === 390, problems);
      await check(page, `${investors}?view=followers`, width === 390, problems);
      expect(problems).toEqual([]);
    });
  });
}

test('2: the portal and admin sidebars stay full height however long the page is', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signedIn(page, (await staffSession({ ip: uniqueIp() })).cookie);
  // The new-deal form is longer than any screen.
  await page.goto('/admin-dashboard/deals/new');
  expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeGreaterThan(1200);
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const sidebar = (await page.locator('aside').first().boundingBox())!;
  expect(sidebar.y).toBe(0);
  expect(sidebar.height).toBe(800);
});

test('2: on a short screen the admin sidebar keeps every link and Sign Out on navy, and Sign Out works', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 640 });
  await signedIn(page, (await staffSession({ ip: uniqueIp() })).cookie);
  await page.goto('/admin-dashboard');
  const sidebar = page.locator('aside').first();
  const box = (await sidebar.boundingBox())!;
  // Nothing in the sidebar runs below it onto the page's light background.
  expect(await sidebar.evaluate((e) => e.scrollHeight - e.clientHeight)).toBe(0);
  const signOut = sidebar.getByRole('button', { name: 'Sign Out' });
  const out = (await signOut.boundingBox())!;
  expect(out.y + out.height).toBeLessThanOrEqual(box.y + box.height);
  // The last link is reached by scrolling the links, and a click finds it.
  await sidebar.getByRole('link', { name: 'Audit log' }).click();
  await expect(page).toHaveURL(/\/admin-dashboard\/audit$/);
  await sidebar.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(`${baseURL}/`);
});
