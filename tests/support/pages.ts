import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { createCookie } from 'react-router';

/** The public and account pages every page-wide check visits (axe, layout at 390 and 1280 px). */
export const publicPages = [
  '/',
  '/about',
  '/borrowers',
  '/investors',
  '/contact',
  '/privacy-policy',
  '/terms-of-service',
  '/login',
  '/login?signup=true',
  '/admin-login',
  '/reset-password?token=example',
  '/no-such-page',
];

/**
 * The marketing pages sent without JavaScript (`handle.hydrate: false`, app/lib/route-handle.ts),
 * the public pages without React but with a small inline enhancement (`hydrate: false` and
 * `enhance`, issue 26), and those whose scripts load after the first paint (`hydrate: 'after-paint'`).
 */
export const staticPages = ['/', '/about', '/our-company', '/investors', '/privacy-policy', '/terms-of-service'];
/** /contact (the spam check) and /login (password toggles and checklist) since issue 26. */
export const enhancedPages = ['/contact', '/login'];
/** /borrowers since issue 23: its payment calculator follows the typing. */
export const afterPaintPages = ['/borrowers'];
/** The most script bytes (transfer size) a page of `enhancedPages` may load: the ALTCHA widget's. */
export const ENHANCED_PAGE_SCRIPT_BUDGET = 40 * 1024;

/**
 * Waits until the page's scripts have taken over, as a visitor waits for a page to respond. On
 * /borrowers the scripts load only after the first paint, which on this machine can come after
 * the `load` event that `page.goto` waits for; before then, a checkbox ticked or a button
 * pressed acts on the plain HTML only. A page that does not hydrate (no React Router context in
 * it: /contact, /login and the marketing pages) is ready at once: its inline enhancement ran
 * as its HTML was parsed.
 */
export async function hydrated(page: Page): Promise<void> {
  await expect
    .poll(() =>
      page.evaluate(() => {
        const w = window as unknown as { __reactRouterContext?: unknown; __reactRouterRouteModules?: unknown };
        if (w.__reactRouterContext === undefined) return true;
        return (
          w.__reactRouterRouteModules !== undefined && Object.keys(document).some((key) => key.startsWith('__reactContainer'))
        );
      }),
    )
    .toBe(true);
}

/**
 * Gives `page` the one-time flash toast cookie the server sets before a redirect (toast.server.ts),
 * signed with the test server's generated secret (`E2E_DATA_DIR/auth-secret`), so a test can show a
 * flash toast on any page.
 */
export async function withFlashToast(
  page: Page,
  baseURL: string,
  toast: { type: 'success' | 'info'; title: string; description?: string },
) {
  const secret = readFileSync(path.join(process.env.E2E_DATA_DIR!, 'auth-secret'), 'utf8').trim();
  const header = await createCookie('toast', { path: '/', secrets: [secret] }).serialize(toast);
  const [name, value] = header.split(';')[0]!.split(/=(.*)/s) as [string, string];
  await page.context().addCookies([{ name, value, url: baseURL }]);
}

/** Publishes the section open on `page` and waits until it says so. */
export async function publishSection(page: Page) {
  await page.getByRole('button', { name: /^Publish / }).click();
  // Publishing asks first, showing what changes (issue 23).
  await page.getByRole('alertdialog').getByRole('button', { name: 'Publish now' }).click();
  // Not the button's going away: while the publish is on its way it reads 'Publishing…'.
  await expect(page.getByText('Unpublished changes')).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Publish/ })).toHaveCount(0);
}
