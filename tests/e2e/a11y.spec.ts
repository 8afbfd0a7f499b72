/**
 * WCAG 2.1 AA (product decisions "Accessibility"): axe finds no violations on every public and
 * account page, and on the portal and admin pages signed in, at 1280px and at 390px wide, with
 * the mobile menu and the dashboard drawer open too.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { baseURL, createVerifiedUser, staffSession } from '../support/accounts';
import { applyForLoan } from '../support/loans';
import { publicPages, withFlashToast } from '../support/pages';

const pages = publicPages;
const portalPages = [
  '/dashboard/loans',
  '/dashboard/investments',
  '/dashboard/investments/distributions',
  '/dashboard/documents',
  '/dashboard/deals',
  '/dashboard/profile',
  '/deals',
  '/deals?type=commercial',
];
const adminPages = [
  '/admin-dashboard',
  '/admin-dashboard/settings',
  '/admin-dashboard/loans',
  '/admin-dashboard/servicing',
  '/admin-dashboard/distributions',
  '/admin-dashboard/tax',
  '/admin-dashboard/users',
  '/admin-dashboard/audit',
  '/admin-dashboard/content',
  '/admin-dashboard/content/loan-programs',
  '/admin-dashboard/content/track-record',
  '/admin-dashboard/content/team',
  '/admin-dashboard/content/faq-borrowers',
  '/admin-dashboard/content/imagery',
];

async function withCookie(page: Page, cookie: string) {
  const [name, value] = cookie.split(/=(.*)/s) as [string, string];
  await page.context().addCookies([{ name, value, url: baseURL }]);
}
const tags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

for (const width of [1280, 390]) {
  test.describe(`axe at ${width}px`, () => {
    test.use({ viewport: { width, height: width === 390 ? 844 : 900 } });

    for (const path of pages) {
      test(`${path} has no violations`, async ({ page }) => {
        await expectNoViolations(page, path);
      });
    }

    test.describe('portal pages, signed in', () => {
      let member = '';
      test.beforeAll(async () => {
        member = (await createVerifiedUser({ borrower: true, investor: true }, 'a11y-portal')).cookie;
      });
      for (const path of portalPages)
        test(`${path} has no violations`, async ({ page }) => {
          await withCookie(page, member);
          await expectNoViolations(page, path);
        });
    });

    test('two-step set-up, a deal, the loan file, signed in, have no violations', async ({ page }) => {
      const user = await createVerifiedUser({ borrower: true, investor: true }, 'a11y');
      await withCookie(page, user.cookie);
      // Turning on two-step verification (issue "Security and scale").
      await expectNoViolations(page, '/two-factor/setup');
      // A deal's own page, and the 404 of a missing one.
      await page.goto('/deals');
      const href = await page
        .getByRole('link', { name: /View Details/ })
        .first()
        .getAttribute('href');
      await expectNoViolations(page, href!);
      await expectNoViolations(page, '/deal/00000000-0000-4000-8000-000000000000');
      // The loan file (issue "The loan file"): the application's steps, My loans with a draft
      // and a submitted loan, the loan page, and its review.
      await expectNoViolations(page, '/dashboard/loans/new');
      const { reference } = await applyForLoan(user.cookie, {
        loan: { purpose: 'fix-and-flip', rehabBudget: '400000', afterRepairValue: '3000000' },
      });
      await page.goto('/dashboard/loans/new');
      await page.getByLabel('Street address').fill('12 Lake St');
      await page.getByLabel('City').fill('Truckee');
      await page.getByLabel('State').selectOption('CA');
      await page.getByLabel('Property type').selectOption('Mixed-Use');
      await page.getByRole('button', { name: 'Save and continue' }).click();
      await expect(page.getByRole('heading', { name: 'Loan', exact: true })).toBeVisible();
      await expectNoViolations(page, page.url().replace(baseURL, ''));
      await expectNoViolations(page, '/dashboard/loans');
      await expectNoViolations(page, `/dashboard/loans/${reference}`);
    });

    // One test a page, so a longer list of pages never makes one test long; a staff session per
    // worker (each staff account takes few authenticator codes a minute).
    test.describe('admin pages, signed in', () => {
      let staff = '';
      test.beforeAll(async () => {
        staff = (await staffSession()).cookie;
      });
      for (const path of adminPages)
        test(`${path} has no violations`, async ({ page }) => {
          await withCookie(page, staff);
          await expectNoViolations(page, path);
        });

      test('a loan review, a deal with its investors, and an investor across deals have no violations', async ({ page }) => {
        const borrower = await createVerifiedUser({ borrower: true }, 'a11y-admin');
        const { reference } = await applyForLoan(borrower.cookie);
        await withCookie(page, staff);
        await expectNoViolations(page, `/admin-dashboard/loans/${reference}`);
        // A deal's edit page with its data room, and its investors and amounts (issue "Investing").
        await page.goto('/admin-dashboard/deals');
        const edit = await page
          .getByRole('link', { name: /^Edit / })
          .first()
          .getAttribute('href');
        await expectNoViolations(page, edit!);
        const investors = edit!.replace(/\/edit$/, '/investors');
        await expectNoViolations(page, investors);
        await expectNoViolations(page, `${investors}?view=followers`);
        // An investor's positions across deals (issue 25), from the users page's investor row.
        await createVerifiedUser({ investor: true }, 'a11y-holdings');
        await page.goto('/admin-dashboard/users');
        const holdings = await page.locator('a[href^="/admin-dashboard/investors/"]').first().getAttribute('href');
        await expectNoViolations(page, holdings!);
      });
    });
  });
}

async function expectNoViolations(page: Page, path: string) {
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  const { violations } = await new AxeBuilder({ page }).withTags(tags).analyze();
  expect(violations.map((v) => `${path} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

test.describe('axe with the dashboard drawer open', () => {
  test.use({ viewport: { width: 390, height: 844 } });
  test('the portal drawer has no violations and closes with Escape', async ({ page }) => {
    const user = await createVerifiedUser({ borrower: true }, 'a11y-drawer');
    await withCookie(page, user.cookie);
    await page.goto('/dashboard/profile');
    const open = page.getByRole('button', { name: 'Open menu' });
    await open.click();
    const drawer = page.getByRole('dialog', { name: 'Client Portal' });
    await expect(drawer).toBeVisible();
    await expect(drawer.getByRole('link', { name: 'Profile' })).toHaveAttribute('aria-current', 'page');
    const { violations } = await new AxeBuilder({ page }).withTags(tags).analyze();
    expect(violations.map((v) => v.id)).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(open).toBeFocused();
    await open.click();
    await drawer.getByRole('link', { name: 'Borrower Portal' }).click();
    await expect(page).toHaveURL(/\/dashboard\/loans$/);
    await expect(drawer).toBeHidden();
  });
});

test('axe on the states the marketing pages reach without JavaScript: the second tab, an open answer, a flash toast', async ({
  page,
  baseURL,
}) => {
  await withFlashToast(page, baseURL!, { type: 'success', title: 'Saved for later', description: 'Shown by the server itself.' });
  await page.goto('/');
  await expect(page.getByRole('status').filter({ hasText: 'Saved for later' })).toBeVisible();
  await page.getByText('PROPERTY TYPES', { exact: true }).click();
  await expect(page.getByRole('radio', { name: 'PROPERTY TYPES' })).toBeChecked();
  await expect(page.getByRole('group', { name: 'PROPERTY TYPES' })).toBeVisible();
  // The tab just left fades its colours back (a CSS transition); axe would measure them half-way.
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => !(a instanceof CSSTransition) || a.playState === 'finished'),
  );
  let { violations } = await new AxeBuilder({ page }).withTags(tags).analyze();
  expect(violations.map((v) => `/ ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  await page.goto('/investors');
  await page.locator('summary').first().click();
  await expect(page.locator('details[open]')).toHaveCount(1);
  ({ violations } = await new AxeBuilder({ page }).withTags(tags).analyze());
  expect(violations.map((v) => `/investors ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
});

test.describe('axe with the mobile menu open', () => {
  test.use({ viewport: { width: 390, height: 844 } });
  test('the slide-in menu has no violations', async ({ page }) => {
    await page.goto('/investors');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
    const { violations } = await new AxeBuilder({ page }).withTags(tags).analyze();
    expect(violations.map((v) => v.id)).toEqual([]);
  });
});
