/**
 * Consistent figures (issue 23 "Trust at first sight", Must show): after staff change a loan
 * program through the admin editor and publish it, every rate, LTV and LTC figure the public
 * pages state lies within the published programs' ranges, and the figures computed from the
 * programs (the /borrowers band, its description, Home's programs) follow the change. Publishing
 * asks first, showing what changes and the FAQ figures the new program contradicts. On a server
 * of its own (its own DATA_DIR), so changing a program touches no other test.
 */
import { rmSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { DEFAULT_CONTENT } from '../../app/content/site-content';
import { uniqueIp } from '../support/accounts';
import { newDataDir } from '../support/data-dir';
import { startServer, type RunningServer } from '../support/server-process';
import { enrolInBrowser } from '../support/two-factor';

const OWNER = { email: 'programs-owner@example.test', password: 'Adm1n!Passw0rd' };
const PUBLIC_PAGES = ['/', '/borrowers', '/investors', '/about', '/contact'];

test.describe.configure({ mode: 'default' });
test.use({ actionTimeout: 20_000 });

let dataDir: string;
let server: RunningServer;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  dataDir = newDataDir('programs');
  server = await startServer({
    DATA_DIR: dataDir,
    TRUST_PROXY: '1',
    LOG_LEVEL: 'warn',
    SMTP_URL: '',
    S3_BUCKET: '',
    DATABASE_URL: '',
    SEED_DEMO: 'true',
    ADMIN_EMAIL: OWNER.email,
    ADMIN_PASSWORD: OWNER.password,
  });
});

test.afterAll(async () => {
  if (server && server.process.exitCode === null) {
    server.process.kill('SIGTERM');
    await server.exited;
  }
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** A page's words as a visitor (or a search engine, for the meta description) reads them. */
async function pageText(path: string): Promise<string> {
  const res = await fetch(`${server.url}${path}`, { headers: { 'X-Forwarded-For': uniqueIp() } });
  expect(res.status, path).toBe(200);
  const html = await res.text();
  const meta = [...html.matchAll(/<meta name="description" content="([^"]*)"/g)].map((m) => m[1]).join(' . ');
  const body = html
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<style[\s\S]*?<\/style>/g, ' ')
    .replace(/<[^>]+>/g, ' ');
  return `${meta} . ${body}`
    .replace(/&amp;/g, '&')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&nbsp;/g, ' ')
    .replace(/\s+/g, ' ');
}

type Kind = 'rate' | 'ltv' | 'ltc' | 'investor';
const KEYWORDS: [RegExp, Kind][] = [
  [/\brates?\b|\bfrom\b/gi, 'rate'],
  [/\bLTV\b|loan-to-value/gi, 'ltv'],
  [/\bLTC\b|loan-to-cost/gi, 'ltc'],
  [/\breturns?\b|\byields?\b|\bearn/gi, 'investor'],
];

/**
 * Every '%' figure of `text` with the kind of the nearest keyword (up to 60 characters before
 * it, or 25 after, those counting 10 more), if any: 'from' reads as a rate ('Up to 60% LTV ·
 * from 9%'), investors' returns and yields are not the programs'.
 */
function percentFigures(text: string): { value: number; kind: Kind; context: string }[] {
  const found: { value: number; kind: Kind; context: string }[] = [];
  for (const m of text.matchAll(/(\d+(?:\.\d+)?)\s*%/g)) {
    const start = m.index;
    const end = start + m[0].length;
    let best: { distance: number; kind: Kind } | null = null;
    for (const [pattern, kind] of KEYWORDS)
      for (const k of text.matchAll(pattern)) {
        // A label reads before its figure ('Max LTV 60%'), so one after counts as further away.
        const before = k.index + k[0].length <= start;
        const gap = before ? start - (k.index + k[0].length) : k.index >= end ? k.index - end : -1;
        if (gap < 0 || gap > (before ? 60 : 25)) continue;
        const distance = before ? gap : gap + 10;
        if (!best || distance < best.distance) best = { distance, kind };
      }
    if (best) found.push({ value: Number(m[1]), kind: best.kind, context: text.slice(Math.max(0, start - 60), end + 25) });
  }
  return found;
}

/** Each page's rate, LTV and LTC figures against the programs' ranges; returns how many were checked. */
async function expectWithinPrograms(programs: (typeof DEFAULT_CONTENT)['loan-programs']): Promise<number> {
  const lowestRate = Math.min(...programs.map((p) => p.rateFrom));
  const highestRate = Math.max(...programs.map((p) => p.defaultRate));
  const maxLtv = Math.max(...programs.map((p) => p.maxLtv ?? 0));
  const maxLtc = Math.max(...programs.map((p) => p.maxLtc ?? 0));
  let checked = 0;
  for (const path of PUBLIC_PAGES)
    for (const f of percentFigures(await pageText(path))) {
      const where = `${path}: ‘${f.context}’`;
      if (f.kind === 'rate') {
        expect(f.value, where).toBeGreaterThanOrEqual(lowestRate);
        expect(f.value, where).toBeLessThanOrEqual(highestRate);
      } else if (f.kind === 'ltv') expect(f.value, where).toBeLessThanOrEqual(maxLtv);
      else if (f.kind === 'ltc') expect(f.value, where).toBeLessThanOrEqual(maxLtc);
      if (f.kind !== 'investor') checked++;
    }
  return checked;
}

async function adminPage(browser: Browser, width: number): Promise<Page> {
  const context = await browser.newContext({
    baseURL: server.url,
    viewport: { width, height: 900 },
    extraHTTPHeaders: { 'X-Forwarded-For': uniqueIp() },
  });
  const page = await context.newPage();
  await page.goto('/admin-login');
  await page.getByLabel('Email').fill(OWNER.email);
  await page.getByLabel('Password', { exact: true }).fill(OWNER.password);
  await page.getByRole('button', { name: 'Log In' }).click();
  await enrolInBrowser(page, OWNER.password);
  return page;
}

test('after staff change a program and publish, every rate and LTV figure on the public pages lies within the programs', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const seeded = DEFAULT_CONTENT['loan-programs'];
  expect(await expectWithinPrograms(seeded)).toBeGreaterThan(10);
  expect(await pageText('/borrowers')).toContain('From 9%');

  const admin = await adminPage(browser, 1280);
  await admin.goto('/admin-dashboard/content/loan-programs');
  const acquisition = admin.getByRole('listitem').filter({ has: admin.getByRole('heading', { name: 'Acquisition' }) });
  await acquisition.locator('summary', { hasText: 'Edit' }).click();
  await acquisition.getByLabel('Rate from (%)').fill('8.5');
  await acquisition.getByLabel('Maximum LTV (%)').fill('65');
  await acquisition.getByRole('button', { name: 'Save program' }).click();
  await expect(admin.getByText('Unpublished changes').first()).toBeVisible();

  // Publishing asks first: what changes, and what the FAQs now contradict.
  await admin.getByRole('button', { name: /^Publish Loan programs/ }).click();
  const dialog = admin.getByRole('alertdialog', { name: 'Publish Loan programs?' });
  await expect(dialog).toContainText('‘Acquisition’: Maximum LTV: 60% → 65%; Rate from: 9% → 8.5%.');
  await expect(dialog).toContainText('Borrower FAQ, ‘What do your loans cost?’');
  await expect(dialog).toContainText('the programs publish rates from 8.5%');
  await expect(dialog).toContainText('the programs publish up to 65% LTV');
  await dialog.screenshot({ path: '/tmp/shots/programs/publish-dialog-1280.png' });
  const { violations } = await new AxeBuilder({ page: admin }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(violations.map((v) => v.id)).toEqual([]);
  await dialog.getByRole('button', { name: 'Publish now' }).click();
  await expect(admin.getByText('Unpublished changes')).toHaveCount(0);

  const changed = seeded.map((p) => (p.name === 'Acquisition' ? { ...p, rateFrom: 8.5, maxLtv: 65 } : p));
  expect(await expectWithinPrograms(changed)).toBeGreaterThan(10);
  const borrowers = await pageText('/borrowers');
  expect(borrowers).toContain('Interest rate From 8.5%');
  expect(borrowers).toContain('Loan-to-value Up to 65%');
  expect(borrowers).toContain('up to 65% LTV, rates from 8.5%');
  expect(await pageText('/')).toContain('Up to 65% LTV · from 8.5%');
  expect(await pageText('/investors')).toContain('at no more than 65% of its value under our published programs');
  await admin.context().close();
});
