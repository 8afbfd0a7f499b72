/**
 * Behaviour of the public pages in Chromium (product §2 Home, Borrowers, Investors, Top
 * navigation): the rotating hero and reduced motion, the keyboard-usable tabs, the FAQ
 * accordion (one open at a time, collapsible), the slide-in menu under 768px, #top, and a
 * hero image that fails to load.
 */
import { expect, test } from '@playwright/test';

test.describe('home hero', () => {
  test('rotates its three images every 3 seconds', async ({ page }) => {
    await page.goto('/');
    const show = page.getByTestId('hero-slideshow');
    await expect(show).toHaveAttribute('data-active', '0');
    await expect(show.locator('picture')).toHaveCount(3);
    const start = Date.now();
    await expect(show).toHaveAttribute('data-active', '1', { timeout: 5_000 });
    const elapsed = Date.now() - start;
    expect(elapsed).toBeGreaterThan(1_500);
    await expect(show).toHaveAttribute('data-active', '2', { timeout: 5_000 });
    await expect(show).toHaveAttribute('data-active', '0', { timeout: 5_000 });
  });

  test('stays still under prefers-reduced-motion', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    // The page's clock, moved on by hand: more than a slide's 3 s pass at once, without waiting.
    await page.clock.install();
    await page.goto('/');
    await page.clock.runFor(3_600);
    await expect(page.getByTestId('hero-slideshow')).toHaveAttribute('data-active', '0');
  });

  test("'Reach Out' and 'Sign Up' lead to the sign-up tab", async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('link', { name: 'Reach Out' }).first()).toHaveAttribute('href', '/login?signup=true');
    await page.getByRole('link', { name: 'Reach Out' }).first().click();
    await expect(page).toHaveURL(/\/login\?signup=true$/);
  });
});

test('The Ormsby Difference tabs work with the keyboard', async ({ page }) => {
  await page.goto('/');
  const tabs = page.getByRole('tablist', { name: 'The Ormsby Difference' });
  const loan = tabs.getByRole('tab', { name: 'LOAN TYPES' });
  const property = tabs.getByRole('tab', { name: 'PROPERTY TYPES' });
  await expect(loan).toHaveAttribute('aria-selected', 'true');
  const panel = page.getByRole('tabpanel');
  for (const t of ['Acquisition', 'Refinance', 'Cash-Out', 'Commercial Bridge', 'Multifamily Bridge'])
    await expect(panel).toContainText(t);
  await loan.focus();
  await page.keyboard.press('ArrowRight');
  await expect(property).toBeFocused();
  await expect(property).toHaveAttribute('aria-selected', 'true');
  const types = [
    'Vacant/Dilapidated Properties',
    'Industrial',
    'Retail',
    'Multifamily',
    'Single Family Investment',
    'Land',
    'Office',
    'Self Storage',
    'Mobile Home Parks',
    'Hotel/Hospitality',
    'Specialty',
  ];
  const items = page.getByRole('tabpanel').getByRole('listitem');
  await expect(items).toHaveText(types);
  await expect(page.getByRole('link', { name: 'Become a Borrower' })).toHaveAttribute('href', '/borrowers');
});

test('Partner With Us cards lead to #top of the borrower and investor pages', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('link', { name: /For Investors/ }).click();
  await expect(page).toHaveURL(/\/investors#top$/);
  await expect(page.locator('#top')).toBeInViewport();
  await page.goto('/');
  await page.getByRole('link', { name: /For Borrowers/ }).click();
  await expect(page).toHaveURL(/\/borrowers#top$/);
  await expect(page.locator('#top')).toBeInViewport();
});

for (const path of ['/borrowers', '/investors']) {
  test(`${path}: the FAQ accordion keeps one item open and collapses`, async ({ page }) => {
    await page.goto(path);
    const triggers = page.locator('h3 > button[aria-expanded]');
    await expect(triggers).toHaveCount(5);
    await expect(page.locator('h3 > button[aria-expanded="true"]')).toHaveCount(0);
    await triggers.nth(0).click();
    await expect(triggers.nth(0)).toHaveAttribute('aria-expanded', 'true');
    await triggers.nth(2).focus();
    await page.keyboard.press('Enter');
    await expect(triggers.nth(2)).toHaveAttribute('aria-expanded', 'true');
    await expect(triggers.nth(0)).toHaveAttribute('aria-expanded', 'false');
    await expect(page.locator('h3 > button[aria-expanded="true"]')).toHaveCount(1);
    await page.keyboard.press('Space');
    await expect(page.locator('h3 > button[aria-expanded="true"]')).toHaveCount(0);
  });

  test(`${path}: a hero image that fails to load is hidden`, async ({ page }) => {
    const name = path === '/borrowers' ? 'hero-borrowers' : 'hero-investors';
    await page.route(`**/images/${name}-*`, (route) => route.abort());
    await page.goto(path);
    await expect(page.locator(`#top img[src*="${name}"]`)).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });
}

test.describe('under 768px', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the slide-in menu opens, traps focus, closes with Escape and on navigation', async ({ page }) => {
    await page.goto('/about');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Borrowers' })).toBeHidden();
    const open = page.getByRole('button', { name: 'Open menu' });
    await open.click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await expect(menu).toBeVisible();
    await expect(menu.getByRole('link', { name: 'About Us' })).toHaveAttribute('aria-current', 'page');
    for (let i = 0; i < 8; i++) {
      await page.keyboard.press('Tab');
      expect(await menu.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(open).toBeFocused();
    await open.click();
    await menu.getByRole('link', { name: 'Investors' }).click();
    await expect(page).toHaveURL(/\/investors$/);
    await expect(menu).toBeHidden();
    await expect(page.getByRole('heading', { level: 1 })).toBeInViewport();
  });
});

test('the skip link is the first stop and moves focus to the main content', async ({ page }) => {
  await page.goto('/investors');
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to main content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page.locator('main')).toBeFocused();
});

test('no link on a public page leads to an error', async ({ page, request }) => {
  const seen = new Set<string>();
  for (const path of [
    '/',
    '/about',
    '/borrowers',
    '/investors',
    '/contact',
    '/privacy-policy',
    '/terms-of-service',
    '/no-such-page',
  ]) {
    await page.goto(path);
    const hrefs = await page.locator('a[href^="/"]').evaluateAll((as) => as.map((a) => a.getAttribute('href')!));
    for (const href of hrefs) seen.add(href.split('#')[0]!);
  }
  expect(seen.size).toBeGreaterThanOrEqual(8);
  for (const href of seen) {
    const res = await request.get(href);
    expect(res.status(), href).toBeLessThan(400);
  }
});
