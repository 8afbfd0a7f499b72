/**
 * Behaviour of the public pages in Chromium (product §2 Home, Borrowers, Investors, Top
 * navigation): the rotating hero and reduced motion, the keyboard-usable tabs, the FAQ
 * accordion (one open at a time, collapsible), the slide-in menu under 768px, #top, a hero
 * image that fails to load, and a flash toast on a page without scripts.
 *
 * The marketing pages ship no JavaScript (issue "First impression", Speed): everything here is
 * HTML and CSS, and the last group runs it again in a browser with JavaScript turned off.
 */
import { expect, test, type Page } from '@playwright/test';
import { hydrated, withFlashToast } from '../support/pages';

/** The computed opacity of each slide of the home hero, in order, and the milliseconds since the slideshow started. */
function slides(page: Page): Promise<{ opacity: number[]; elapsed: number }> {
  return page.getByTestId('hero-slideshow').evaluate((show) => ({
    opacity: [...show.children].map((slide) => Number(getComputedStyle(slide).opacity)),
    elapsed: Number(show.children[0]!.getAnimations()[0]?.currentTime ?? Number.NaN),
  }));
}

/**
 * The three slides cross-fade every 3 s: slides 1, 2 and 0 come to full opacity one at a time,
 * in that order, when the page's own clock has run 3, 6 and 9 s of the slideshow.
 */
async function expectRotation(page: Page) {
  await page.goto('/');
  await expect(page.getByTestId('hero-slideshow').locator('picture')).toHaveCount(3);
  // The first picture is shown at once.
  expect((await slides(page)).opacity[0]).toBe(1);
  for (const [next, others, at] of [
    [1, [0, 2], 3_000],
    [2, [0, 1], 6_000],
    [0, [1, 2], 9_000],
  ] as const) {
    await expect
      .poll(
        async () => {
          const now = await slides(page);
          return now.opacity[next] === 1 && now.elapsed >= at - 1_000;
        },
        { timeout: 6_000, intervals: [50] },
      )
      .toBe(true);
    const shown = await slides(page);
    // Not before its turn: it completes its 1 s fade-in at `at`.
    expect(shown.elapsed, `slide ${next} shown at ${shown.elapsed} ms`).toBeGreaterThanOrEqual(at);
    for (const i of others) expect(shown.opacity[i], `slide ${i} while ${next} is shown`).toBeLessThan(1);
  }
}

test.describe('home hero', () => {
  test('rotates its three images every 3 seconds, in CSS', async ({ page }) => {
    await expectRotation(page);
    // Each slide runs the same 9 s cycle, started 3 s after the one before.
    const timing = await page
      .getByTestId('hero-slideshow')
      .evaluate((show) =>
        [...show.children].map((slide) => slide.getAnimations()[0]?.effect?.getTiming()).map((t) => [t?.duration, t?.delay]),
      );
    expect(timing).toEqual([
      [9_000, -1_000],
      [9_000, 2_000],
      [9_000, 5_000],
    ]);
  });

  test('stays still under prefers-reduced-motion', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/');
    const show = page.getByTestId('hero-slideshow');
    // No animation runs at all, so no amount of waiting changes the picture.
    expect(await show.evaluate((el) => el.getAnimations({ subtree: true }).length)).toBe(0);
    expect((await slides(page)).opacity).toEqual([1, 0, 0]);
  });

  test("'Reach Out' and 'Sign Up' lead to the sign-up tab", async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('link', { name: 'Reach Out' }).first()).toHaveAttribute('href', '/login?signup=true');
    await page.getByRole('link', { name: 'Reach Out' }).first().click();
    await expect(page).toHaveURL(/\/login\?signup=true$/);
  });
});

/**
 * The Ormsby Difference: a radio group styled as tabs (no script). Assistive technology meets a
 * radio group with one radio per tab; the arrow keys move between them and show their panel.
 */
async function expectTabs(page: Page) {
  await page.goto('/');
  const tabs = page.getByRole('radiogroup', { name: 'The Ormsby Difference' });
  const loan = tabs.getByRole('radio', { name: 'LOAN TYPES' });
  const property = tabs.getByRole('radio', { name: 'PROPERTY TYPES' });
  await expect(loan).toBeChecked();
  const loanPanel = page.getByRole('group', { name: 'LOAN TYPES' });
  for (const t of ['Acquisition', 'Refinance', 'Cash-Out', 'Commercial Bridge', 'Multifamily Bridge'])
    await expect(loanPanel).toContainText(t);
  await expect(page.getByRole('group', { name: 'PROPERTY TYPES' })).toBeHidden();
  // Tab reaches the checked tab; the arrow key moves to the next one and shows its panel.
  await page.getByRole('link', { name: 'Become a Borrower' }).focus();
  await page.keyboard.press('Tab');
  await expect(loan).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(property).toBeFocused();
  await expect(property).toBeChecked();
  await expect(loanPanel).toBeHidden();
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
  await expect(page.getByRole('group', { name: 'PROPERTY TYPES' }).getByRole('listitem')).toHaveText(types);
  // A click on the tab's label works as well.
  await page.getByText('LOAN TYPES', { exact: true }).click();
  await expect(loan).toBeChecked();
  await expect(loanPanel).toBeVisible();
  await expect(page.getByRole('link', { name: 'Become a Borrower' })).toHaveAttribute('href', '/borrowers');
}

test('The Ormsby Difference tabs work with the keyboard', async ({ page }) => {
  await expectTabs(page);
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

/** The FAQ of `path`: native `<details>` sharing a name, so one is open at a time, and the open one closes. */
async function expectAccordion(page: Page, path: string) {
  await page.goto(path);
  const items = page.locator('details');
  const questions = items.locator('summary');
  await expect(questions).toHaveCount(5);
  await expect(page.locator('details[open]')).toHaveCount(0);
  // Each question is a heading inside its summary; the answers are hidden until opened.
  await expect(questions.nth(0).getByRole('heading', { level: 3 })).toBeVisible();
  const firstAnswer = items.nth(0).locator('summary + *');
  await expect(firstAnswer).toBeHidden();
  await questions.nth(0).click();
  await expect(items.nth(0)).toHaveAttribute('open', '');
  await expect(firstAnswer).toBeVisible();
  await questions.nth(2).focus();
  await page.keyboard.press('Enter');
  await expect(items.nth(2)).toHaveAttribute('open', '');
  await expect(items.nth(0)).not.toHaveAttribute('open');
  await expect(firstAnswer).toBeHidden();
  await expect(page.locator('details[open]')).toHaveCount(1);
  await page.keyboard.press('Space');
  await expect(page.locator('details[open]')).toHaveCount(0);
}

for (const path of ['/borrowers', '/investors']) {
  test(`${path}: the FAQ accordion keeps one item open and collapses`, async ({ page }) => {
    await expectAccordion(page, path);
  });
}

test('/investors: a hero image that fails to load leaves nothing drawn and the text readable', async ({ page }) => {
  await page.route('**/images/hero-investors-*', (route) => route.abort());
  await page.goto('/investors');
  // The page ships no scripts: the <img> stays; it failed, and with an empty alt a browser draws nothing for it.
  const img = page.locator('#top img[src*="hero-investors"]');
  await expect(img).toHaveAttribute('alt', '');
  await expect.poll(() => img.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth === 0)).toBe(true);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

// /borrowers loads its scripts after the first paint (the calculator): once they run, a hero
// image that failed is removed.
test('/borrowers: a hero image that fails to load is removed once the page has its scripts', async ({ page }) => {
  await page.route('**/images/hero-borrowers-*', (route) => route.abort());
  await page.goto('/borrowers');
  await hydrated(page);
  await expect(page.locator('main section').first().locator('img')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

// /contact has no React (issue 26): as on /investors, the failed image stays, drawing nothing.
test('/contact: a hero image that fails to load leaves nothing drawn and the text readable', async ({ page }) => {
  await page.route('**/images/hero-home-2-*', (route) => route.abort());
  await page.goto('/contact');
  const img = page.locator('main section').first().locator('img[src*="hero-home-2"]');
  await expect(img).toHaveAttribute('alt', '');
  await expect.poll(() => img.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth === 0)).toBe(true);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

/** The slide-in menu: a modal dialog, so focus stays in it; Escape closes it and focus returns to its button. */
async function expectMenu(page: Page) {
  await page.goto('/about');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Borrowers' })).toBeHidden();
  const open = page.getByRole('button', { name: 'Open menu' });
  const menu = page.getByRole('dialog', { name: 'Menu' });
  await expect(menu).toBeHidden();
  await open.click();
  await expect(menu).toBeVisible();
  await expect(menu.getByRole('link', { name: 'About Us' })).toHaveAttribute('aria-current', 'page');
  // The page behind is inert: Tab cycles through the menu (and the browser's own controls,
  // where the document has no focus at all), never reaching the page behind it.
  for (let i = 0; i < 9; i++) {
    await page.keyboard.press('Tab');
    const where = await page.evaluate(() => {
      const active = document.activeElement;
      if (!active || active === document.body) return 'outside the document';
      return active.closest('dialog') ? 'menu' : `page: ${active.outerHTML.slice(0, 60)}`;
    });
    expect(['menu', 'outside the document']).toContain(where);
  }
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(open).toBeFocused();
  // The close button closes it too.
  await open.click();
  await menu.getByRole('button', { name: 'Close menu' }).click();
  await expect(menu).toBeHidden();
  await open.click();
  await menu.getByRole('link', { name: 'Investors' }).click();
  await expect(page).toHaveURL(/\/investors$/);
  await expect(menu).toBeHidden();
  await expect(page.getByRole('heading', { level: 1 })).toBeInViewport();
}

test.describe('under 768px', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the slide-in menu opens, traps focus, closes with Escape and on navigation', async ({ page }) => {
    await expectMenu(page);
  });

  test('on a page with scripts, a menu link navigates in place and closes the menu', async ({ page }) => {
    await page.goto('/borrowers');
    await hydrated(page);
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(menu).toBeVisible();
    await menu.getByRole('link', { name: 'About Us' }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Local lenders who know the ground we lend on');
    await expect(menu).toBeHidden();
    // A client-side navigation: the page was not reloaded, React is still running.
    expect(await page.evaluate(() => Object.keys(document).some((key) => key.startsWith('__reactContainer')))).toBe(true);
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

test('a flash toast shows on a page without scripts, and closes with its button', async ({ page, baseURL }) => {
  await withFlashToast(page, baseURL!, { type: 'success', title: 'Saved for later', description: 'Shown by the server itself.' });
  await page.goto('/about');
  const toast = page.getByRole('status').filter({ hasText: 'Saved for later' });
  await expect(toast).toContainText('Shown by the server itself.');
  expect(await page.evaluate(() => document.querySelectorAll('script[src], script[type="module"]').length)).toBe(0);
  await page.getByRole('button', { name: 'Close toast' }).click();
  await expect(toast).toBeHidden();
  // It is a one-time message: the next page has none.
  await page.goto('/about');
  await expect(page.getByRole('status').filter({ hasText: 'Saved for later' })).toHaveCount(0);
});

test.describe('with JavaScript turned off', () => {
  test.use({ javaScriptEnabled: false });

  test('the hero rotates', async ({ page }) => {
    await expectRotation(page);
  });

  test('the tabs work with the keyboard and the pointer', async ({ page }) => {
    await expectTabs(page);
  });

  test('the FAQ accordion keeps one item open and collapses', async ({ page }) => {
    await expectAccordion(page, '/borrowers');
  });

  test.describe('under 768px', () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test('the slide-in menu opens, traps focus and closes', async ({ page }) => {
      await expectMenu(page);
    });
  });
});
