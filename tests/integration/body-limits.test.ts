/**
 * Each route's body limit comes from its own module (issue 22 "Boundaries linted"; issue "Solid
 * ground" 17-19): the route table of app/routes.ts with the real route modules, as the server
 * build holds them, gives every upload route the limit docs/product.md states (the figures of
 * the URL table this replaced, unchanged) and every other route FORM_MAX_BYTES, for page and
 * `.data` URLs alike. The 413s themselves are tested over HTTP in tests/e2e (bad-input,
 * documents, profile).
 */
import path from 'node:path';
import type { RouteConfigEntry } from '@react-router/dev/routes';
import type { ServerBuild } from 'react-router';
import { beforeAll, describe, expect, test } from 'vitest';
import { FORM_MAX_BYTES } from '~/lib/body-limit';
import routeConfig from '~/routes';
import { bodyLimitOf } from '../../server/body-limit';

const KiB = 1024;
const MiB = 1024 * KiB;

/** The limits docs/product.md "Files and bodies" states (DOCUMENT_MAX_MB at its default, 25), bytes. */
const DOCUMENTS = 10 * (25 * MiB + 64 * KiB);
const DEAL_FORM = 20 * 10 * MiB + 25 * MiB + 64 * KiB;
const AVATAR = 2 * MiB + 64 * KiB;
const LETTER = 25 * MiB + 64 * KiB;
const SITE_IMAGE = 10 * MiB + 64 * KiB;
const DRAW = 11 * (25 * MiB + 64 * KiB);

let build: Pick<ServerBuild, 'routes' | 'basename'>;

/** The server build's flat route manifest for app/routes.ts, with each route's real module. */
async function manifestOf(entries: RouteConfigEntry[], parentId: string, into: ServerBuild['routes']) {
  for (const entry of entries) {
    const id = entry.id ?? entry.file.replace(/\.[jt]sx?$/, '');
    const module = await import(/* @vite-ignore */ path.resolve('app', entry.file));
    into[id] = { id, parentId, path: entry.path, index: entry.index, caseSensitive: entry.caseSensitive, module };
    if (entry.children) await manifestOf(entry.children, id, into);
  }
}

beforeAll(async () => {
  // The root's module is left out (it declares no limit, and imports the stylesheet by URL).
  const routes: ServerBuild['routes'] = { root: { id: 'root', path: '', module: {} as never } };
  await manifestOf(await routeConfig, 'root', routes);
  build = { routes, basename: '/' };
}, 120_000);

const limitOf = (target: string) => bodyLimitOf(build, new URL(target, 'http://localhost:3000'));

describe('an upload route declares its own limit', () => {
  const cases: [string, number][] = [
    ['/dashboard/loans/documents', DOCUMENTS],
    ['/dashboard/loans/OL-2026-0001/items/5f7e0d9e-3c1b-4a57-9d0a-3f1c2b4e6a70/documents', DOCUMENTS],
    ['/admin-dashboard/deals/new', DEAL_FORM],
    ['/admin-dashboard/deals/5f7e0d9e-3c1b-4a57-9d0a-3f1c2b4e6a70/edit', DEAL_FORM],
    ['/dashboard/profile', AVATAR],
    ['/dashboard/profile/accreditation-letter', LETTER],
    ['/admin-dashboard/deals/5f7e0d9e-3c1b-4a57-9d0a-3f1c2b4e6a70/data-room', DOCUMENTS],
    ['/admin-dashboard/content/images', SITE_IMAGE],
    ['/dashboard/loans/OL-2026-0001/draws/new', DRAW],
  ];
  for (const [target, bytes] of cases) {
    test(`${target}: ${bytes} bytes, as a page, a .data request and with a trailing slash`, () => {
      expect(limitOf(target)).toBe(bytes);
      expect(limitOf(`${target}.data`)).toBe(bytes);
      expect(limitOf(`${target}/`)).toBe(bytes);
      expect(limitOf(`${target}/_.data`)).toBe(bytes);
      expect(limitOf(`${target}?redirectTo=%2Fdashboard`)).toBe(bytes);
    });
  }
});

test('every other route, and a path no route has, takes a form of FORM_MAX_BYTES', () => {
  expect(FORM_MAX_BYTES).toBe(64 * KiB);
  for (const target of [
    '/',
    '/_.data',
    '/contact',
    '/login.data',
    '/dashboard',
    '/dashboard?index',
    '/dashboard/loans',
    '/dashboard/loans/new',
    '/dashboard/loans/OL-2026-0001',
    '/dashboard/loans/documents/extra',
    '/admin-dashboard/deals',
    '/admin-dashboard/deals/5f7e0d9e-3c1b-4a57-9d0a-3f1c2b4e6a70/investors',
    '/admin-dashboard/content/faq',
    '/admin-dashboard/users',
    '/deals/5f7e0d9e-3c1b-4a57-9d0a-3f1c2b4e6a70/interest',
    '/api/auth/sign-in/email',
    '/no-such-page',
  ]) {
    expect(limitOf(target), target).toBe(FORM_MAX_BYTES);
  }
});
