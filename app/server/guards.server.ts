/**
 * Route guards (product §2 "Route guards", §6 roles; product decisions: every loader and action checks
 * on the server). Each throws a redirect: anonymous visitors go to /login (portal) or
 * /admin-login (admin) with `redirectTo` to come back; a signed-in user without the role goes
 * to /. Page and `.data` requests behave alike.
 */
import { redirect } from 'react-router';
import { getViewer, type RequestArgs } from './viewer.server';
import type { Viewer } from '~/lib/viewer';

/** 'borrower' admits borrowers, 'investor' investors, 'any' borrowers or investors (product §2). */
export type PortalRequirement = 'borrower' | 'investor' | 'any';

/**
 * The path (and query) the visitor asked for, without React Router's `.data` suffix, to come back
 * to after sign-in: always a path of this site (through `safeRedirectTo`; '/' when the request
 * line itself would read as another host, e.g. `//evil.example/x`).
 */
export function requestedPath(request: Request): string {
  const url = new URL(request.url);
  let pathname = url.pathname.replace(/\.data$/, '');
  if (pathname === '/_root') pathname = '/';
  url.searchParams.delete('_routes');
  const search = url.searchParams.toString();
  return safeRedirectTo(pathname + (search ? `?${search}` : '')) ?? '/';
}

/** An origin no request has, to resolve a value against and see whether it stays on it. */
const SAME_SITE_BASE = 'http://same-site.invalid';

/**
 * The one gate for `redirectTo` (issue "Solid ground" 20; issue 22 defect 2): `value` as the path
 * (+ query + fragment) of this site a browser would go to, or null for anything else, so the
 * caller's default applies. The value is resolved as a browser resolves a Location header
 * (`new URL(value, base)`: dot segments, `%2e`, backslashes), and what is kept is the resolved
 * path, never the raw text. Refused:
 * - anything not starting with one '/' (absolute URLs, `//host`, `/\host`, relative paths);
 * - any control character, space or backslash, which URL parsers drop or fold ('/\t/evil.example'
 *   is '//evil.example' to them) and which cannot travel in a Location header;
 * - a value whose resolved path starts with `//` or `/\` (`/.//evil.example`,
 *   `/a/..//evil.example`, `/%2e//evil.example`): a browser reads that Location as another host;
 * - a value that resolves to another origin, or over 2,000 characters.
 */
export function safeRedirectTo(value: FormDataEntryValue | string | null | undefined): string | null {
  if (typeof value !== 'string' || value.length > 2000 || !value.startsWith('/')) return null;
  if (/[\p{Cc}\p{Z}\\]/u.test(value) || value.startsWith('//')) return null;
  let url: URL;
  try {
    url = new URL(value, SAME_SITE_BASE);
  } catch {
    return null;
  }
  if (url.origin !== SAME_SITE_BASE || /^\/[/\\]/.test(url.pathname)) return null;
  return url.pathname + url.search + url.hash;
}

function toSignIn(request: Request, page: '/login' | '/admin-login'): never {
  throw redirect(`${page}?redirectTo=${encodeURIComponent(requestedPath(request))}`);
}

/** The signed-in viewer, whatever their roles. @throws redirect to /login when signed out. */
export async function requireUser(args: RequestArgs): Promise<Viewer> {
  return (await getViewer(args)) ?? toSignIn(args.request, '/login');
}

/**
 * The signed-in viewer holding `requirement`.
 * @throws redirect to /login when signed out, to / without the role.
 */
export async function requireRole(args: RequestArgs, requirement: PortalRequirement): Promise<Viewer> {
  const viewer = await requireUser(args);
  const allowed =
    requirement === 'borrower'
      ? viewer.isBorrower
      : requirement === 'investor'
        ? viewer.isInvestor
        : viewer.isBorrower || viewer.isInvestor;
  if (!allowed) throw redirect('/');
  return viewer;
}

/**
 * A signed-in viewer who may see deals: investors and staff (issue "Deals"). An admin who is not
 * an investor sees them as staff, so only once their session passed a second factor, like every
 * admin page (issue "Security and scale"; the authorization sweep, issue 22).
 * @throws redirect to /login when signed out, to enrolment for such an admin without 2FA, to / otherwise.
 */
export async function requireDealViewer(args: RequestArgs): Promise<Viewer> {
  const viewer = await requireUser(args);
  if (viewer.isInvestor) return viewer;
  if (!viewer.isAdmin) throw redirect('/');
  if (!viewer.twoFactorEnabled) throw toTwoFactorSetup(args.request);
  return viewer;
}

/**
 * True when `viewer` may use staff powers outside the admin area (e.g. open any borrower's
 * document): an admin whose session passed a second factor (issue "Security and scale").
 */
export function isStaff(viewer: Viewer): boolean {
  return viewer.isAdmin && viewer.twoFactorEnabled;
}

/**
 * True when a public page should show the site content's drafts (issue "First impression"): the
 * request asks for `?preview` ('Preview' in Site content) and comes from staff (`isStaff`).
 * Anyone else asking for it sees what is published.
 */
export async function staffPreview(args: RequestArgs): Promise<boolean> {
  if (!new URL(args.request.url).searchParams.has('preview')) return false;
  const viewer = await getViewer(args);
  return !!viewer && isStaff(viewer);
}

/** Where an admin without a second factor enrols (issue "Security and scale"). */
const TWO_FACTOR_SETUP_PATH = '/two-factor/setup';

/** The redirect to enrolment, coming back to the requested path. */
const toTwoFactorSetup = (request: Request) =>
  redirect(`${TWO_FACTOR_SETUP_PATH}?redirectTo=${encodeURIComponent(requestedPath(request))}`);

/**
 * A signed-in admin (profile.is_admin in the database) whose session passed a second factor:
 * an admin without an authenticator app is sent to enrolment before any admin page, `.data`
 * request or action runs (issue "Security and scale").
 * @throws redirect to /admin-login when signed out, to / for a non-admin, to enrolment without 2FA.
 */
export async function requireAdmin(args: RequestArgs): Promise<Viewer> {
  const viewer = (await getViewer(args)) ?? toSignIn(args.request, '/admin-login');
  if (!viewer.isAdmin) throw redirect('/');
  if (!viewer.twoFactorEnabled) throw toTwoFactorSetup(args.request);
  return viewer;
}
