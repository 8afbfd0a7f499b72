/**
 * Full-page screenshots of the public pages at 1280 and 390 px wide, from the production build
 * with demo content, in Debian's Chromium: `node scripts/screenshots.mjs <folder> [path…]`.
 * Files are named `{page}-{width}.png` (`home-1280.png`, `deal-390.png` …). Used to look at
 * the pages before and after a change (docs/conventions.md, "Looking at what you built").
 * Needs `npm run build` first.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { startProductionServer } from '../bench/lib.mjs';

const PUBLIC_PAGES = ['/', '/about', '/borrowers', '/investors', '/contact', '/privacy-policy', '/terms-of-service', '/login', '/deals'];
const WIDTHS = [1280, 390];

const [folder = 'screenshots', ...paths] = process.argv.slice(2);
mkdirSync(folder, { recursive: true });
const pages = paths.length ? paths : PUBLIC_PAGES;

const server = await startProductionServer({ LOG_LEVEL: 'warn' });
const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  for (const width of WIDTHS) {
    const context = await browser.newContext({ viewport: { width, height: 900 }, reducedMotion: 'reduce' });
    const page = await context.newPage();
    for (const pathname of pages) {
      await page.goto(`${server.url}${pathname}`, { waitUntil: 'networkidle' });
      const name = pathname === '/' ? 'home' : pathname.slice(1).replaceAll('/', '_');
      const file = path.join(folder, `${name}-${width}.png`);
      await page.screenshot({ path: file, fullPage: true });
      console.log(file);
    }
    await context.close();
  }
} finally {
  await browser.close();
  await server.stop();
}
