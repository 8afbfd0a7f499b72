/**
 * Issue 23 "Trust at first sight", consistency and polish, in Chromium: Sign In beside Sign Up
 * (header at 1280, menu at 390); admin tables as stacked cards at 390 and e-mail addresses that
 * never break inside a word at 1280; the spam check's reserved place says what will appear; the
 * footer's icons sit level with their links at 390; a success toast leaves a freshly uploaded
 * document's Download and Delete free to click at 1280; a started two-step set-up survives a reload.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { baseURL, createVerifiedUser, staffSession, uniqueIp } from '../support/accounts';
import { freshTotpCode } from '../support/two-factor';

async function signedIn(page: Page, cookie: string) {
  const [name, value] = cookie.split(/=(.*)/s) as [string, string];
  await page.context().addCookies([{ name, value, url: baseURL }]);
  await page.setExtraHTTPHeaders({ 'X-Forwarded-For': uniqueIp() });
}

/** True when what `target` hits at its centre is itself or inside it (nothing covers it). */
async function uncovered(target: Locator): Promise<boolean> {
  return target.evaluate((el) => {
    const box = el.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return hit !== null && (hit === el || el.contains(hit));
  });
}

test.describe('at 1280 px', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('the header offers Sign In beside Sign Up', async ({ page }) => {
    await page.goto('/about');
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: 'Sign Up' })).toBeVisible();
    await header.getByRole('link', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();
  });

  test('e-mail addresses in the admin tables wrap only after "@" or a dot, never inside a word', async ({ page }) => {
    const staff = await staffSession();
    await signedIn(page, staff.cookie);
    for (const path of ['/admin-dashboard/users', '/admin-dashboard/mail']) {
      await page.goto(path);
      const breaks = await page.evaluate(() => {
        const found: string[] = [];
        for (const link of document.querySelectorAll('main a[href^="mailto:"], main td')) {
          // Each text node of an address is one unbreakable word: '@' and dots end them (<wbr>).
          const walker = document.createTreeWalker(link, NodeFilter.SHOW_TEXT);
          for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            const text = node.textContent ?? '';
            if (!/[@.]/.test(link.textContent ?? '') || !/\S@|@\S/.test(link.textContent ?? '')) continue;
            let top: number | null = null;
            for (let i = 0; i < text.length; i++) {
              const range = document.createRange();
              range.setStart(node, i);
              range.setEnd(node, i + 1);
              const rect = range.getClientRects()[0];
              if (!rect) continue;
              if (top !== null && Math.abs(rect.top - top) > 2)
                found.push(`${link.textContent} at “${text.slice(0, i)}|${text.slice(i)}”`);
              top = rect.top;
            }
          }
        }
        return found;
      });
      expect(breaks, path).toEqual([]);
    }
  });

  test('the toast after an upload leaves the new document’s Download and Delete free to click', async ({ page }) => {
    const borrower = await createVerifiedUser({ borrower: true }, 'toast');
    await signedIn(page, borrower.cookie);
    await page.goto('/dashboard/loans');
    const pdf = Buffer.from('%PDF-1.7\n%\xE2\xE3\xCF\xD3\n1 0 obj\n<<>>\nendobj\n', 'latin1');
    await page
      .getByLabel('Choose files')
      .setInputFiles([{ name: 'Bank statement.pdf', mimeType: 'application/pdf', buffer: pdf }]);
    const toast = page.locator('[data-sonner-toast]').first();
    await expect(toast).toBeVisible();
    const list = page.getByRole('region', { name: 'My Documents' });
    const download = list.getByRole('link', { name: 'Download Bank statement' });
    const remove = list.getByRole('button', { name: 'Delete Bank statement' });
    await expect(download).toBeVisible();
    await download.scrollIntoViewIfNeeded();
    await expect(toast).toBeVisible();
    await page.screenshot({ path: 'test-results/shots/upload-toast-1280.png' });
    expect(await uncovered(download)).toBe(true);
    expect(await uncovered(remove)).toBe(true);
  });

  test('a two-step set-up started and reloaded shows the same key, and its code turns it on', async ({ page }) => {
    const borrower = await createVerifiedUser({ borrower: true }, 'enrol-reload');
    await signedIn(page, borrower.cookie);
    await page.goto('/two-factor/setup');
    await page.getByLabel('Password', { exact: true }).fill(borrower.password);
    await page.getByLabel('Password', { exact: true }).press('Enter');
    const key = page.getByTestId('totp-secret');
    const shown = (await key.textContent())!.trim();
    await page.reload();
    await expect(key).toHaveText(shown);
    await page.getByLabel('Authentication code').fill(await freshTotpCode(shown));
    await page.getByLabel('Authentication code').press('Enter');
    await expect(page.getByText('Two-step verification is on')).toBeVisible();
  });
});

test.describe('at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the menu offers Sign In beside Sign Up', async ({ page }) => {
    await page.goto('/investors');
    await page.getByRole('button', { name: /menu/i }).click();
    const menu = page.getByRole('dialog');
    await expect(menu.getByRole('link', { name: 'Sign Up' })).toBeVisible();
    await menu.getByRole('link', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('admin tables show each row as a card: nothing cut off, each value under its column’s name', async ({ page }) => {
    const staff = await staffSession();
    await signedIn(page, staff.cookie);
    // Pages whose tables always have rows here: people, e-mails sent, and the audit log.
    for (const path of ['/admin-dashboard/users', '/admin-dashboard/mail', '/admin-dashboard/audit']) {
      await page.goto(path);
      const region = page.getByRole('region').filter({ has: page.locator('table') }).first();
      await expect(region).toBeVisible();
      const shape = await region.evaluate((el) => {
        const rows = [...el.querySelectorAll('tbody tr')];
        const cells = rows.flatMap((r) => [...r.querySelectorAll(':scope > td')]);
        return {
          overflow: el.scrollWidth - el.clientWidth,
          rows: rows.length,
          rowDisplay: rows[0] ? getComputedStyle(rows[0]).display : '',
          labelled: cells.filter((c) => c.getAttribute('data-label')).length,
          labels: cells.map((c) => getComputedStyle(c, '::before').content).filter((c) => c !== 'none' && c !== 'normal').length,
        };
      });
      expect(shape.overflow, path).toBeLessThanOrEqual(1);
      expect(shape.rows, path).toBeGreaterThan(0);
      expect(shape.rowDisplay, path).toBe('block');
      expect(shape.labelled, path).toBeGreaterThan(0);
      expect(shape.labels, path).toBe(shape.labelled);
      await page.screenshot({ path: `test-results/shots/stacked-${path.split('/').pop()}-390.png`, fullPage: true });
    }
  });

  test('the contact form’s spam check says where it will appear before it loads', async ({ page }) => {
    await page.goto('/contact');
    await expect(page.getByText('The spam check starts when you begin typing.')).toBeVisible();
  });

  test('the footer’s phone and e-mail icons are level with their links', async ({ page }) => {
    await page.goto('/about');
    const footer = page.getByRole('contentinfo');
    for (const link of [footer.locator('a[href^="tel:"]'), footer.locator('a[href^="mailto:"]')]) {
      const offset = await link.evaluate((a) => {
        const icon = a.parentElement!.querySelector('svg')!.getBoundingClientRect();
        const range = document.createRange();
        range.selectNodeContents(a);
        const text = range.getClientRects()[0]!;
        return Math.abs(icon.top + icon.height / 2 - (text.top + text.height / 2));
      });
      expect(offset).toBeLessThanOrEqual(2);
    }
  });
});
