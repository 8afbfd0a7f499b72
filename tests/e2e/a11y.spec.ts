/**
 * WCAG 2.1 AA on every public page (decisions.md "Accessibility"): axe finds no violations at
 * 1280px and at 390px wide, with the mobile menu open too.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';

const pages = [
  '/',
  '/about',
  '/borrowers',
  '/investors',
  '/contact',
  '/privacy-policy',
  '/terms-of-service',
  '/login',
  '/no-such-page',
];
const tags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

for (const width of [1280, 390]) {
  test.describe(`axe at ${width}px`, () => {
    test.use({ viewport: { width, height: width === 390 ? 844 : 900 } });

    for (const path of pages) {
      test(`${path} has no violations`, async ({ page }) => {
        await page.goto(path);
        await page.waitForLoadState('networkidle');
        const { violations } = await new AxeBuilder({ page }).withTags(tags).analyze();
        expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
      });
    }
  });
}

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
