/**
 * Route guards (product §2 "Route guards", §6; product decisions: checked on the server in every
 * loader, roles from the database): for anonymous, borrower, investor, borrower+investor and
 * admin visitors, every guarded route answers as a page request and as a `.data` request:
 * served (200), sent to sign in with a way back, or sent to /.
 */
import { expect, test } from '@playwright/test';
import { baseURL, createVerifiedUser, landing, staffSession } from '../support/accounts';

type Who = 'anonymous' | 'borrower' | 'investor' | 'both' | 'admin';
const OK = '200';
const HOME = '/';
const login = (path: string) => `/login?redirectTo=${encodeURIComponent(path)}`;
const adminLogin = (path: string) => `/admin-login?redirectTo=${encodeURIComponent(path)}`;

// The expected landing of each route for each visitor (product §2 route table and guards).
const table: Record<string, Record<Who, string>> = {
  '/dashboard/loans': { anonymous: login('/dashboard/loans'), borrower: OK, investor: HOME, both: OK, admin: HOME },
  '/dashboard/investments': {
    anonymous: login('/dashboard/investments'),
    borrower: HOME,
    investor: OK,
    both: OK,
    admin: HOME,
  },
  '/dashboard/deals': { anonymous: login('/dashboard/deals'), borrower: HOME, investor: OK, both: OK, admin: HOME },
  '/dashboard/profile': { anonymous: login('/dashboard/profile'), borrower: OK, investor: OK, both: OK, admin: HOME },
  '/dashboard': {
    anonymous: login('/dashboard'),
    borrower: '/dashboard/loans',
    investor: '/dashboard/investments',
    both: '/dashboard/loans',
    admin: '/admin-dashboard',
  },
  '/deals': { anonymous: login('/deals'), borrower: HOME, investor: OK, both: OK, admin: OK },
  ...Object.fromEntries(
    [
      '/admin-dashboard',
      '/admin-dashboard/deals',
      '/admin-dashboard/users',
      '/admin-dashboard/contacts',
      '/admin-dashboard/settings',
    ].map((path) => [path, { anonymous: adminLogin(path), borrower: HOME, investor: HOME, both: HOME, admin: OK }]),
  ),
  '/login': { anonymous: OK, borrower: '/dashboard', investor: '/dashboard', both: '/dashboard', admin: '/dashboard' },
  '/admin-login': {
    anonymous: OK,
    borrower: '/admin-dashboard',
    investor: '/admin-dashboard',
    both: '/admin-dashboard',
    admin: '/admin-dashboard',
  },
};

const cookies: Record<Who, string> = { anonymous: '', borrower: '', investor: '', both: '', admin: '' };

test.beforeAll(async () => {
  const [borrower, investor, both] = await Promise.all([
    createVerifiedUser({ borrower: true }, 'guard-b'),
    createVerifiedUser({ investor: true }, 'guard-i'),
    createVerifiedUser({ borrower: true, investor: true }, 'guard-bi'),
  ]);
  cookies.borrower = borrower.cookie;
  cookies.investor = investor.cookie;
  cookies.both = both.cookie;
  cookies.admin = (await staffSession()).cookie;
});

for (const who of ['anonymous', 'borrower', 'investor', 'both', 'admin'] as const) {
  test(`guards for ${who}: page and .data requests`, async () => {
    for (const [path, expected] of Object.entries(table)) {
      expect(await landing(path, cookies[who]), `${who} GET ${path}`).toBe(expected[who]);
      // A `.data` request of a page never serves what the page guards.
      const data = await landing(path, cookies[who], 'data');
      expect(data, `${who} GET ${path}.data`).toBe(expected[who] === OK ? OK : expected[who]);
    }
  });
}

test('a borrower with a forged role cookie or query is still a borrower', async () => {
  const forged = `${cookies.borrower}; isAdmin=true; role=investor`;
  expect(await landing('/admin-dashboard?isAdmin=true', forged)).toBe(HOME);
  expect(await landing('/dashboard/investments', forged)).toBe(HOME);
});

test('home: a signed-in user arriving from outside is sent once to /dashboard; from within the site, home stays', async () => {
  const res = await fetch(`${baseURL}/`, { redirect: 'manual', headers: { Cookie: cookies.both } });
  expect(res.status).toBe(302);
  expect(res.headers.get('location')).toBe('/dashboard');
  const within = await fetch(`${baseURL}/`, {
    redirect: 'manual',
    headers: { Cookie: cookies.both, Referer: `${baseURL}/dashboard/loans` },
  });
  expect(within.status).toBe(200);
  expect(await within.text()).toContain('Your Trusted Partner in Lending');
  const anonymous = await fetch(`${baseURL}/`, { redirect: 'manual' });
  expect(anonymous.status).toBe(200);
});
