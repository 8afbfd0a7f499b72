/**
 * What the production build loads (issue "Integrity", Dependencies): the AWS SDK only when S3 is
 * configured (a dynamic import, never a static one), no PGlite and no isbot anywhere, and nothing
 * of the server's e-mail or database code in the browser's bundle. Reads the build the end-to-end
 * run made (`npm run build` runs before Playwright).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';

function filesOf(folder: string): string[] {
  return readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.js'))
    .map((f) => path.join(folder, f));
}

test('the server build imports the S3 SDK only on use, and neither PGlite nor isbot', () => {
  const server = filesOf('build/server').map((f) => readFileSync(f, 'utf8'));
  expect(server.length).toBeGreaterThan(0);
  const all = server.join('\n');
  // Static imports (`import … from "x"`, `import "x"`) load with the module; `import("x")` on use.
  expect(all).not.toMatch(/(?:from|import)\s*["']@aws-sdk\//);
  expect(all).toMatch(/import\(["']@aws-sdk\/client-s3["']\)/);
  expect(all).not.toMatch(/["']@electric-sql\/pglite/);
  expect(all).not.toMatch(/["']isbot["']/);
});

test('the browser bundle holds no server module', () => {
  const client = filesOf('build/client').map((f) => readFileSync(f, 'utf8'));
  expect(client.length).toBeGreaterThan(0);
  for (const marker of ['@aws-sdk', 'drizzle-orm', 'better-auth/plugins', 'nodemailer', 'pg-pool', '@react-email'])
    expect(client.filter((text) => text.includes(marker)).length, marker).toBe(0);
});
