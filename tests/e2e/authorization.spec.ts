/**
 * The authorization sweep (issue 22 "Integrity", rules kept by construction; product §2 "Route
 * guards", §6 roles; product decisions: every loader and action checks on the server). The routes
 * come from `app/routes.ts` itself (layouts flattened), and for every route its GET, its `.data`
 * request (page routes) and a POST of every action intent (to the page and, for page routes, to
 * its `.data`) are sent, over HTTP against the production build, as eight visitors: anonymous, a
 * borrower, an investor, a borrower+investor, the owner of the objects in the URLs (a
 * borrower+investor with a loan, a draft, documents, an accreditation letter, an acknowledged data
 * room and a signed suitability statement), staff (an admin who passed the second factor), an admin who signed in with the password
 * only (no second factor yet) and a disabled user (their session from before). The borrower,
 * investor and both are never the owner: on an owned object they stand for "another owner".
 *
 * The expected answer of each case comes from `TABLE`, one row per route pattern: a route of
 * `app/routes.ts` without a row, a row without a route, or an action intent found in a route
 * module's source (its own, and the action and schema modules it delegates to) that its row does
 * not list, fails the suite, so a new route or intent cannot go unguarded unnoticed.
 *
 * An answer is the redirect target (for `.data`, the target in its single-fetch body) or the HTTP
 * status. Cells marked `allowed` on a POST are not sent: the visitor may act, and a sweep must not
 * sign its visitors out, publish drafts or disable accounts; the functional specs cover them.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import routes from '../../app/routes';
import {
  baseURL,
  createVerifiedUser,
  landing,
  postForm,
  sessionCookie,
  signIn,
  staffSession,
  uniqueIp,
} from '../support/accounts';
import { applyForLoan, APPLICATION } from '../support/loans';

type Who = 'anonymous' | 'borrower' | 'investor' | 'both' | 'owner' | 'staff' | 'adminNo2fa' | 'disabled';
const VISITORS: readonly Who[] = ['anonymous', 'borrower', 'investor', 'both', 'owner', 'staff', 'adminNo2fa', 'disabled'];

/**
 * One expected answer: `ok` a 200; `login`, `adminLogin`, `setup` a redirect to that page with
 * `redirectTo` the requested path; `home` a redirect to /; a number that status; a path a redirect
 * there; `allowed` (POST only) a visitor who may act, not sent.
 */
type Expect = 'ok' | 'login' | 'adminLogin' | 'setup' | 'home' | 'allowed' | number | `/${string}`;
type Cells = Record<Who, Expect>;

/** The objects the URLs and forms name, all the owner's (or staff's) except where said. */
interface Fixtures {
  ownerId: string;
  loanReference: string;
  itemId: string;
  draftId: string;
  documentId: string;
  letterId: string;
  dealId: string;
  investorDocId: string;
  staffDocId: string;
}

interface Row {
  /** The GET (page or resource), and the `.data` request of a page route unless given apart. */
  get: Cells;
  data?: Cells;
  /** The POST of each action intent ('' for an action without intents), with the same cells. */
  post?: { intents: readonly string[]; expect: Cells };
  /**
   * Concrete URLs of the pattern (a route with parameters or a splat), each with its own GET cells
   * where they differ from the row's; default the pattern.
   */
  urls?: (f: Fixtures) => (string | [string, Cells])[];
  /** Fields sent with every POST besides the intent (the ids of another owner's objects). */
  fields?: (f: Fixtures) => Record<string, string>;
  /** POSTs go as multipart with a small PDF in `file` (upload routes). */
  multipart?: boolean;
}

const all = (e: Expect): Cells => Object.fromEntries(VISITORS.map((w) => [w, e])) as Cells;
const cells = (base: Expect, overrides: Partial<Cells>): Cells => ({ ...all(base), ...overrides });

// The guards' answers (app/server/guards.server.ts). Staff (admin:create) hold no portal role;
// the admin without a second factor is a borrower; the disabled user's session is gone.
const PUBLIC = all('ok');
const ADMIN = cells('home', { anonymous: 'adminLogin', disabled: 'adminLogin', staff: 'ok', adminNo2fa: 'setup' });
const SIGNED_IN = cells('ok', { anonymous: 'login', disabled: 'login' });
const BORROWER = cells('ok', { anonymous: 'login', disabled: 'login', investor: 'home', staff: 'home' });
const INVESTOR = cells('ok', { anonymous: 'login', disabled: 'login', borrower: 'home', adminNo2fa: 'home', staff: 'home' });
const ANY_ROLE = cells('ok', { anonymous: 'login', disabled: 'login', staff: 'home' });
/** Investors and staff; an admin without a second factor enrols first. */
const DEAL_VIEWER = cells('ok', { anonymous: 'login', disabled: 'login', borrower: 'home', adminNo2fa: 'setup' });
/** A POST a visitor may make: sent only for those refused. */
const allowedWhere = (c: Cells): Cells => Object.fromEntries(VISITORS.map((w) => [w, c[w] === 'ok' ? 'allowed' : c[w]])) as Cells;
/** The owner's object: another borrower/investor/both gets 404 where their role lets them in. */
const owned = (c: Cells, forOthers: Expect = 404): Cells =>
  Object.fromEntries(
    VISITORS.map((w) => [w, ['borrower', 'investor', 'both', 'adminNo2fa'].includes(w) && c[w] === 'ok' ? forOthers : c[w]]),
  ) as Cells;

const PDF = () => new Uint8Array(Buffer.from(`%PDF-1.7\n1 0 obj\n<<>>\nendobj\n% ${randomUUID()}\n`));

/** The expectation table: one row per route pattern of app/routes.ts. */
const TABLE: Record<string, Row> = {
  '/': { get: cells('/dashboard', { anonymous: 'ok', disabled: 'ok' }) },
  '/about': { get: PUBLIC },
  '/our-company': { get: PUBLIC },
  '/borrowers': { get: PUBLIC },
  '/investors': { get: PUBLIC },
  '/contact': { get: PUBLIC, post: { intents: [''], expect: all('allowed') } },
  '/privacy-policy': { get: PUBLIC },
  '/terms-of-service': { get: PUBLIC },
  '/login': {
    get: cells('/dashboard', { anonymous: 'ok', disabled: 'ok' }),
    post: { intents: ['signin', 'signup', 'forgot', 'resend'], expect: all('allowed') },
  },
  '/reset-password': { get: PUBLIC, post: { intents: [''], expect: all('allowed') } },
  '/deals': { get: DEAL_VIEWER },
  '/deal/:id': {
    get: DEAL_VIEWER,
    urls: (f) => [`/deal/${f.dealId}`],
    post: { intents: ['acknowledge', 'suitability', 'indicate', 'withdraw'], expect: allowedWhere(DEAL_VIEWER) },
    fields: () => ({ amount: '25000', commitmentId: randomUUID() }),
  },
  '/*': { get: all(404), urls: () => ['/no-such-page-sweep'] },
  '/admin-login': {
    get: cells('/admin-dashboard', { anonymous: 'ok', disabled: 'ok' }),
    post: { intents: ['signin', 'forgot'], expect: all('allowed') },
  },
  '/two-factor': {
    get: cells('/dashboard', { anonymous: '/login', disabled: '/login' }),
    post: { intents: ['totp', 'recovery'], expect: all('allowed') },
  },
  '/two-factor/setup': {
    // Staff have a second factor already: back to their area.
    get: { ...SIGNED_IN, staff: '/admin-dashboard' },
    post: { intents: ['start', 'confirm', 'cancel'], expect: allowedWhere(SIGNED_IN) },
  },
  '/logout': { get: all('/'), post: { intents: [''], expect: all('allowed') } },
  '/dashboard': {
    get: cells('/dashboard/loans', {
      anonymous: 'login',
      disabled: 'login',
      investor: '/dashboard/investments',
      staff: '/admin-dashboard',
    }),
  },
  '/dashboard/loans': {
    get: BORROWER,
    post: { intents: ['rename', 'delete', 'read'], expect: owned(allowedWhere(BORROWER)) },
    fields: (f) => ({ id: f.documentId, title: 'Taken over' }),
  },
  '/dashboard/loans/new': {
    get: BORROWER,
    urls: (f) => ['/dashboard/loans/new', [`/dashboard/loans/new?draft=${f.draftId}`, owned(BORROWER)]],
    post: { intents: ['save', 'exit', 'submit'], expect: owned(allowedWhere(BORROWER)) },
    fields: (f) => ({ draft: f.draftId, step: 'property', ...APPLICATION.property, propertyCity: 'Taken over' }),
  },
  '/dashboard/loans/:reference': {
    get: owned(BORROWER),
    urls: (f) => [`/dashboard/loans/${f.loanReference}`],
    post: { intents: ['message', 'term-sheet', 'withdraw'], expect: owned(allowedWhere(BORROWER)) },
    fields: () => ({ body: 'Taken over', termSheetId: randomUUID(), answer: 'accept', reason: 'Taken over' }),
  },
  '/dashboard/loans/:reference/term-sheet': {
    // Without an open term sheet the owner is sent back to the loan page.
    get: owned(BORROWER),
    urls: (f) => [
      [`/dashboard/loans/${f.loanReference}/term-sheet`, { ...owned(BORROWER), owner: `/dashboard/loans/${f.loanReference}` }],
    ],
    post: { intents: [''], expect: owned(allowedWhere(BORROWER)) },
    fields: () => ({ termSheetId: randomUUID(), esignConsent: 'on', signedName: 'Taken over' }),
  },
  // Servicing (issue 24): the sweep's loan is not funded, so its owner is sent back to the loan page.
  ...Object.fromEntries(
    (['draws/new', 'payoff', 'extension'] as const).map((page) => [
      `/dashboard/loans/:reference/${page}`,
      {
        get: owned(BORROWER),
        urls: (f: Fixtures) => [
          [
            `/dashboard/loans/${f.loanReference}/${page}`,
            { ...owned(BORROWER), owner: `/dashboard/loans/${f.loanReference}` } as Cells,
          ] as [string, Cells],
        ],
        post: { intents: [''], expect: owned(allowedWhere(BORROWER)) },
        fields: () => ({ goodThrough: '2026-12-01', months: '3', attest: 'on' }),
        multipart: page === 'draws/new',
      } satisfies Row,
    ]),
  ),
  // A quote or statement PDF: the loan's borrower or staff, and only one that exists; 404 to all else.
  '/dashboard/loans/:reference/payoff-quotes/:id': {
    get: all(404),
    urls: (f) => [`/dashboard/loans/${f.loanReference}/payoff-quotes/${randomUUID()}`],
  },
  '/dashboard/loans/:reference/statements/:id': {
    get: all(404),
    urls: (f) => [`/dashboard/loans/${f.loanReference}/statements/${randomUUID()}`],
  },
  '/dashboard/investments': { get: INVESTOR, post: { intents: ['read'], expect: allowedWhere(INVESTOR) } },
  '/dashboard/deals': { get: INVESTOR },
  '/dashboard/documents': { get: INVESTOR },
  // Investor returns (issue 25): the sweep's owner holds no position, so a position is anyone's 404.
  '/dashboard/investments/distributions': { get: INVESTOR },
  '/dashboard/investments/positions/:id': {
    get: { ...INVESTOR, investor: 404, both: 404, owner: 404 },
    urls: () => [`/dashboard/investments/positions/${randomUUID()}`],
  },
  '/dashboard/profile': {
    get: ANY_ROLE,
    post: {
      intents: [
        'basic',
        'investment',
        'borrower',
        'notifications',
        'avatar',
        'reset-email',
        'change-password',
        'logout-all',
        'end-session',
        'two-factor-off',
      ],
      expect: allowedWhere(ANY_ROLE),
    },
  },
  '/admin-dashboard': { get: ADMIN },
  '/admin-dashboard/deals': { get: ADMIN, post: { intents: ['delete', 'restore'], expect: allowedWhere(ADMIN) } },
  '/admin-dashboard/deals/new': { get: ADMIN, post: { intents: [''], expect: allowedWhere(ADMIN) } },
  '/admin-dashboard/deals/:id/edit': {
    get: ADMIN,
    urls: (f) => [`/admin-dashboard/deals/${f.dealId}/edit`],
    post: { intents: [''], expect: allowedWhere(ADMIN) },
  },
  '/admin-dashboard/deals/:id/investors': {
    get: ADMIN,
    urls: (f) => [`/admin-dashboard/deals/${f.dealId}/investors`],
    post: { intents: ['move', 'funds', 'link-loan'], expect: allowedWhere(ADMIN) },
  },
  // One investor's positions across deals (issue 25): staff only; the owner is a user that exists.
  '/admin-dashboard/investors/:id': { get: ADMIN, urls: (f) => [`/admin-dashboard/investors/${f.ownerId}`] },
  '/admin-dashboard/loans': { get: ADMIN },
  '/admin-dashboard/loans/:reference': {
    get: ADMIN,
    urls: (f) => [`/admin-dashboard/loans/${f.loanReference}`],
    post: {
      intents: ['move', 'decline', 'request', 'review', 'message', 'note', 'term-sheet', 'contact', 'board', 'offer-deal'],
      expect: allowedWhere(ADMIN),
    },
    fields: (f) => ({ to: 'declined', reason: 'Taken over', title: 'Taken over', itemId: f.itemId, body: 'Taken over' }),
  },
  // A loan without a closing record has no ledger (404) and no draws; its payoff page says so.
  '/admin-dashboard/loans/:reference/ledger': {
    get: { ...ADMIN, staff: 404 },
    urls: (f) => [`/admin-dashboard/loans/${f.loanReference}/ledger`],
    post: { intents: ['payment', 'fee', 'adjustment', 'reverse', 'update'], expect: allowedWhere(ADMIN) },
  },
  '/admin-dashboard/loans/:reference/payoff': {
    get: ADMIN,
    urls: (f) => [`/admin-dashboard/loans/${f.loanReference}/payoff`],
    post: { intents: ['quote', 'record', 'decide'], expect: allowedWhere(ADMIN) },
  },
  '/admin-dashboard/loans/:reference/draws/:number': {
    get: { ...ADMIN, staff: 404 },
    urls: (f) => [`/admin-dashboard/loans/${f.loanReference}/draws/1`],
    post: { intents: ['start-inspection', 'inspection', 'approve', 'fund', 'decline'], expect: allowedWhere(ADMIN) },
  },
  '/admin-dashboard/users': {
    get: ADMIN,
    post: {
      intents: [
        'disable',
        'enable',
        'grant-admin',
        'remove-admin',
        'reset-two-factor',
        'send-reset',
        'resend-verification',
        'accreditation-verify',
        'accreditation-lender-check',
        'accreditation-reject',
      ],
      expect: allowedWhere(ADMIN),
    },
    fields: (f) => ({ userId: f.ownerId, reason: 'Taken over by the sweep', recordId: f.letterId }),
  },
  '/admin-dashboard/contacts': { get: ADMIN, post: { intents: ['status'], expect: allowedWhere(ADMIN) } },
  // 'two-factor-off' is read by the shared security action the page delegates to (staff are refused it).
  '/admin-dashboard/settings': {
    get: ADMIN,
    post: { intents: ['end-session', 'two-factor-off', 'change-password', 'stage-targets', ''], expect: allowedWhere(ADMIN) },
  },
  '/admin-dashboard/mail': { get: ADMIN, post: { intents: ['retry'], expect: allowedWhere(ADMIN) } },
  '/admin-dashboard/audit': { get: ADMIN },
  '/admin-dashboard/servicing': { get: ADMIN },
  // Distribution runs (issue 25): the sweep's run does not exist (404 to staff, the guard's answer to others).
  '/admin-dashboard/distributions': { get: ADMIN, post: { intents: ['open'], expect: allowedWhere(ADMIN) } },
  '/admin-dashboard/distributions/:number': {
    get: { ...ADMIN, staff: 404 },
    urls: () => ['/admin-dashboard/distributions/999999'],
    post: { intents: ['approve', 'paid'], expect: allowedWhere(ADMIN) },
  },
  '/admin-dashboard/tax': { get: ADMIN, post: { intents: ['issue', 'correct'], expect: allowedWhere(ADMIN) } },
  '/admin-dashboard/content': { get: ADMIN },
  '/admin-dashboard/content/:section': {
    get: ADMIN,
    urls: () => ['/admin-dashboard/content/team'],
    post: {
      intents: [
        'publish',
        'discard',
        'save',
        'add',
        'remove',
        'move',
        'remove-photo',
        'restore-image',
        'remove-image',
        'move-image',
      ],
      expect: allowedWhere(ADMIN),
    },
  },
  '/terms': { get: all('/terms-of-service') },
  '/privacy': { get: all('/privacy-policy') },
  // better-auth's handler: each of its endpoints checks its own session (covered by its own specs).
  '/api/auth/*': { get: PUBLIC, urls: () => ['/api/auth/ok'], post: { intents: [''], expect: all('allowed') } },
  '/avatars/*': { get: all(404), urls: () => ['/avatars/none/sweep.webp'] },
  '/dashboard/loans/documents': { get: all(405), post: { intents: [''], expect: allowedWhere(BORROWER) }, multipart: true },
  '/dashboard/loans/:reference/items/:itemId/documents': {
    get: all(405),
    urls: (f) => [`/dashboard/loans/${f.loanReference}/items/${f.itemId}/documents`],
    post: { intents: [''], expect: owned(allowedWhere(BORROWER)) },
    multipart: true,
  },
  '/documents/:id/download': {
    get: owned(cells('ok', { anonymous: 'login', disabled: 'login' })),
    urls: (f) => [`/documents/${f.documentId}/download`, `/documents/${f.documentId}/download?inline=1`],
  },
  '/deals/:id/interest': {
    get: all(405),
    urls: (f) => [`/deals/${f.dealId}/interest`],
    post: { intents: ['follow', 'unfollow'], expect: allowedWhere(INVESTOR) },
  },
  '/deals/:id/prospectus': { get: DEAL_VIEWER, urls: (f) => [`/deals/${f.dealId}/prospectus`] },
  // The owner signed the deal's suitability statement; for anyone else, signed in or not, 404 (issue 23).
  '/dashboard/documents/suitability/:dealId': {
    get: cells(404, { owner: 'ok' }),
    urls: (f) => [`/dashboard/documents/suitability/${f.dealId}`],
  },
  '/deal-images/*': { get: all(404), urls: () => ['/deal-images/none/sweep.webp'] },
  '/site-images/:file': { get: all(404), urls: () => ['/site-images/sweep-640.webp'] },
  '/admin-dashboard/content/images': { get: all(405), post: { intents: [''], expect: allowedWhere(ADMIN) }, multipart: true },
  '/deals/:id/data-room/:documentId': {
    // The investors' document: the owner acknowledged the data room, the others did not (404).
    get: owned(cells('ok', { anonymous: 'login', disabled: 'login', borrower: 404 })),
    urls: (f) => [`/deals/${f.dealId}/data-room/${f.investorDocId}`],
  },
  '/admin-dashboard/deals/:id/data-room': {
    get: all(405),
    urls: (f) => [`/admin-dashboard/deals/${f.dealId}/data-room`],
    post: { intents: ['upload', 'update', 'remove'], expect: allowedWhere(ADMIN) },
    fields: (f) => ({ documentId: f.staffDocId, title: 'Taken over' }),
    multipart: true,
  },
  '/admin-dashboard/deals/:id/investors/export': {
    // GET goes back to the demand page, once the guard let it through.
    get: ADMIN,
    urls: (f) => [
      [
        `/admin-dashboard/deals/${f.dealId}/investors/export`,
        { ...ADMIN, staff: `/admin-dashboard/deals/${f.dealId}/investors` },
      ],
    ],
    post: { intents: [''], expect: allowedWhere(ADMIN) },
  },
  '/dashboard/profile/accreditation-letter': {
    get: all(405),
    post: { intents: [''], expect: allowedWhere(SIGNED_IN) },
    multipart: true,
  },
  '/accreditation-letters/:id': {
    get: owned(SIGNED_IN),
    urls: (f) => [`/accreditation-letters/${f.letterId}`],
  },
  '/admin-dashboard/users/:id/details': { get: ADMIN, urls: (f) => [`/admin-dashboard/users/${f.ownerId}/details`] },
  // GET goes to the page, which guards itself (the export is a POST).
  '/admin-dashboard/audit/export': { get: all('/admin-dashboard/audit'), post: { intents: [''], expect: allowedWhere(ADMIN) } },
  '/admin-dashboard/servicing/export': {
    // GET goes to the page, once the guard let it through.
    get: { ...ADMIN, staff: '/admin-dashboard/servicing' },
    post: { intents: [''], expect: allowedWhere(ADMIN) },
  },
  // An investor's statement of a run that paid them: no run pays the sweep's visitors, so 404 to all.
  '/dashboard/investments/statements/:number': { get: all(404), urls: () => ['/dashboard/investments/statements/999999'] },
  '/admin-dashboard/distributions/:number/export': {
    // GET goes to the run's page, once the guard let it through.
    get: { ...ADMIN, staff: '/admin-dashboard/distributions/999999' },
    urls: () => ['/admin-dashboard/distributions/999999/export'],
    post: { intents: [''], expect: allowedWhere(ADMIN) },
  },
  '/admin-dashboard/distributions/:number/pdf/:id': {
    get: { ...ADMIN, staff: 404 },
    urls: (f) => [`/admin-dashboard/distributions/999999/pdf/${f.ownerId}`],
  },
  // The investor's own positions; a tax statement is the investor's it was issued to (none in the sweep: 404).
  '/dashboard/investments/export': { get: INVESTOR },
  '/dashboard/documents/tax/:year': { get: all(404), urls: () => ['/dashboard/documents/tax/2025'] },
  '/admin-dashboard/tax/:year/export': {
    // GET goes to the page, once the guard let it through.
    get: ADMIN,
    urls: () => [['/admin-dashboard/tax/2025/export', { ...ADMIN, staff: '/admin-dashboard/tax?year=2025' }]],
    post: { intents: [''], expect: allowedWhere(ADMIN) },
  },
  '/api/altcha/challenge': { get: PUBLIC },
  '/sitemap.xml': { get: PUBLIC },
  '/robots.txt': { get: PUBLIC },
};

// ---------------------------------------------------------------------------------------------
// The routes and their intents, from the source.

interface RouteEntry {
  file: string;
  path?: string;
  index?: boolean;
  children?: RouteEntry[];
}
interface FlatRoute {
  pattern: string;
  file: string;
}

/** Every URL pattern of `app/routes.ts`: leaf routes, with their layouts' paths joined. */
function flatten(entries: readonly RouteEntry[], parent = ''): FlatRoute[] {
  return entries.flatMap((entry) => {
    const full = entry.path ? `${parent}/${entry.path}` : parent;
    if (entry.children?.length) return flatten(entry.children, full);
    return [{ pattern: full || '/', file: entry.file }];
  });
}

const APP = path.resolve('app');
const source = (file: string) => readFileSync(file, 'utf8');

/** The module file a route imports as `spec` from `from`, or null outside the app. */
function resolveImport(spec: string, from: string): string | null {
  const base = spec.startsWith('~/')
    ? path.join(APP, spec.slice(2))
    : spec.startsWith('.')
      ? path.resolve(path.dirname(from), spec)
      : null;
  if (!base) return null;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`]) {
    try {
      readFileSync(candidate);
      if (/\.tsx?$/.test(candidate)) return candidate;
    } catch {
      // not this one
    }
  }
  return null;
}

/** The modules a route delegates its action to or reads its intents from, whose imports are followed. */
const DELEGATES = /app\/(server\/actions\/|lib\/schemas\/|server\/auth-actions\.server\.ts)/;

/** The route module and the delegate modules it reaches through its imports. */
function moduleClosure(file: string): string[] {
  const seen = new Set<string>([file]);
  const queue = [file];
  while (queue.length) {
    const current = queue.shift()!;
    for (const [, spec] of source(current).matchAll(/from '([^']+)'/g)) {
      const target = resolveImport(spec!, current);
      if (target && !seen.has(target) && DELEGATES.test(target)) {
        seen.add(target);
        queue.push(target);
      }
    }
  }
  return [...seen];
}

/** A delegate module cut into its top-level declarations (types left out: they accept nothing). */
function declarations(text: string): { name: string; text: string }[] {
  return text
    .split(/\n(?=(?:export )?(?:async )?(?:const|function|let|type|interface) )/)
    .map((chunk) => ({ name: chunk.match(/^(?:export )?(?:async )?(?:const|function|let) (\w+)/)?.[1] ?? '', text: chunk }))
    .filter((d) => d.name);
}

const literals = (text: string) => [...text.matchAll(/'([^']+)'/g)].map((m) => m[1]!);
const mentions = (text: string, name: string) => new RegExp(`\\b${name}\\b`).test(text);

/**
 * The intent values a route module's action reads, as the source writes them, in the route
 * module and in the declarations of its delegates that it uses (directly or through another used
 * one): `intent: z.literal('x')`, `intent: z.enum([...])`, the lists given to `readIntent(form,
 * [...])`, the `…INTENTS` lists used, comparisons with `intent`, and the `name="intent" value="x"`
 * of its forms.
 */
function intentsInSource(file: string): Set<string> {
  const [route, ...delegates] = moduleClosure(file);
  const pool = delegates.flatMap((f) => declarations(source(f)));
  const used = [{ name: '', text: source(route!) }];
  for (let grew = true; grew;) {
    grew = false;
    for (const d of pool)
      if (!used.includes(d) && used.some((u) => u.name !== d.name && mentions(u.text, d.name))) {
        used.push(d);
        grew = true;
      }
  }
  const found = new Set<string>();
  for (const { name, text } of used) {
    if (/INTENTS$/.test(name)) literals(text.replace(/^[^=]*=/, '')).forEach((v) => found.add(v));
    for (const m of text.matchAll(/intent:\s*z\.literal\('([^']+)'\)/g)) found.add(m[1]!);
    for (const m of text.matchAll(/intent:\s*z\.enum\(\[([^\]]*)\]/g)) literals(m[1]!).forEach((v) => found.add(v));
    // The list given to the one intent parser (`readIntent(form, ['a', 'b'], …)`).
    for (const m of text.matchAll(/readIntent\([^[\];\n]*\[([^\]]*)\]/g)) literals(m[1]!).forEach((v) => found.add(v));
    for (const m of text.matchAll(/intent'?\)?\s*[!=]==\s*'([^']+)'/g)) found.add(m[1]!);
    for (const m of text.matchAll(/name="intent"\s+value="([^"]+)"/g)) found.add(m[1]!);
  }
  return found;
}

const hasAction = (file: string) => /export (async )?function action\b|export const action\b/.test(source(file));
const isPage = (file: string) => /export default\b/.test(source(file));

const ROUTES = flatten(routes as unknown as RouteEntry[]);

test('the table has one row per route of app/routes.ts and lists every action intent of its module', () => {
  const patterns = ROUTES.map((r) => r.pattern);
  expect(
    patterns.filter((p) => !(p in TABLE)),
    'routes without a row',
  ).toEqual([]);
  expect(
    Object.keys(TABLE).filter((p) => !patterns.includes(p)),
    'rows without a route',
  ).toEqual([]);
  for (const { pattern, file } of ROUTES) {
    const row = TABLE[pattern]!;
    const modulePath = path.join(APP, file);
    expect(Boolean(row.post), `${pattern}: a row has POST cells exactly when ${file} has an action`).toBe(hasAction(modulePath));
    if (!row.post) continue;
    const inSource = [...intentsInSource(modulePath)].sort();
    const declared = row.post.intents.filter(Boolean).sort();
    expect(declared, `${pattern}: the intents of ${file}`).toEqual(inSource);
  }
});

// ---------------------------------------------------------------------------------------------
// The visitors and their objects.

const cookies = {} as Record<Who, string>;
let fx: Fixtures;

const sessionUserId = async (cookie: string) =>
  ((await (await fetch(`${baseURL}/api/auth/get-session`, { headers: { Cookie: cookie } })).json()) as { user: { id: string } })
    .user.id;

async function upload(pathname: string, field: string, cookie: string, extra: Record<string, string> = {}) {
  const body = new FormData();
  for (const [k, v] of Object.entries(extra)) body.append(k, v);
  body.append(field, new Blob([PDF()], { type: 'application/pdf' }), 'statement.pdf');
  return fetch(`${baseURL}${pathname}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { Origin: baseURL, Cookie: cookie, 'X-Forwarded-For': uniqueIp() },
    body,
  });
}

const html = async (pathname: string, cookie: string) =>
  (await fetch(`${baseURL}${pathname}`, { headers: { Cookie: cookie, 'X-Forwarded-For': uniqueIp() } })).text();

test.describe('the sweep', () => {
  // One set of visitors and objects for the sweep and the tests beside it: one worker, in order.
  test.describe.configure({ mode: 'default' });

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    const [owner, borrower, investor, both, disabled, admin2] = await Promise.all([
      createVerifiedUser({ borrower: true, investor: true }, 'sweep-owner'),
      createVerifiedUser({ borrower: true }, 'sweep-b'),
      createVerifiedUser({ investor: true }, 'sweep-i'),
      createVerifiedUser({ borrower: true, investor: true }, 'sweep-bi'),
      createVerifiedUser({ borrower: true, investor: true }, 'sweep-disabled'),
      createVerifiedUser({ borrower: true }, 'sweep-admin'),
    ]);
    const staff = (await staffSession()).cookie;
    Object.assign(cookies, {
      anonymous: '',
      owner: owner.cookie,
      borrower: borrower.cookie,
      investor: investor.cookie,
      both: both.cookie,
      staff,
      disabled: disabled.cookie,
    });
    const account = (intent: string, userId: string) =>
      postForm('/admin-dashboard/users', { intent, userId, reason: 'Set up by the sweep' }, { cookie: staff });
    expect((await account('grant-admin', await sessionUserId(admin2.cookie))).status).toBe(200);
    cookies.adminNo2fa = sessionCookie(await signIn(admin2.email, admin2.password, { admin: true }));
    expect(cookies.adminNo2fa, 'an admin without a second factor gets a session from the password').not.toBe('');
    expect((await account('disable', await sessionUserId(disabled.cookie))).status).toBe(200);

    // The owner's loan with a requested item, a draft, a document, an accreditation letter.
    const ownerId = await sessionUserId(owner.cookie);
    const { reference } = await applyForLoan(owner.cookie);
    const draft = await postForm(
      '/dashboard/loans/new',
      { intent: 'save', step: 'property', ...APPLICATION.property },
      { cookie: owner.cookie },
    );
    const draftId = new URL(draft.headers.get('location')!, baseURL).searchParams.get('draft')!;
    const staffOnLoan = (fields: Record<string, string>) =>
      postForm(`/admin-dashboard/loans/${reference}`, fields, { cookie: staff });
    expect((await staffOnLoan({ intent: 'move', to: 'in_review', note: 'Review started.' })).status).toBe(200);
    expect((await staffOnLoan({ intent: 'request', title: 'Appraisal' })).status).toBe(200);
    const itemId = (await html(`/dashboard/loans/${reference}`, owner.cookie)).match(/id="item-([0-9a-f-]{36})"/)![1]!;
    const uploaded = await upload('/dashboard/loans/documents', 'file', owner.cookie, { title: 'Bank statement' });
    expect(uploaded.status).toBe(201);
    const documentId = ((await uploaded.json()) as { documents: { id: string }[] }).documents[0]!.id;
    const letter = await upload('/dashboard/profile/accreditation-letter', 'letter', owner.cookie);
    expect(letter.status, 'a letter posted as a form returns to the profile').toBe(302);
    const letterId = (await html('/dashboard/profile', owner.cookie)).match(/\/accreditation-letters\/([0-9a-f-]{36})/)![1]!;

    // An active demo deal with a data room and a prospectus; the owner acknowledges it. (Other
    // specs add active deals with a data room but no prospectus while this one runs: the
    // prospectus is what tells a demo deal from theirs.)
    const dealIds = [
      ...new Set([...(await html('/deals', owner.cookie)).matchAll(/href="\/deal\/([0-9a-f-]{36})"/g)].map((m) => m[1]!)),
    ];
    let dealId = '';
    let roomLinks: string[] = [];
    for (const id of dealIds) {
      const editor = await html(`/admin-dashboard/deals/${id}/edit`, staff);
      roomLinks = [...editor.matchAll(/\/data-room\/([0-9a-f-]{36})/g)].map((m) => m[1]!);
      if (roomLinks.length >= 2 && editor.includes('Current prospectus:')) {
        dealId = id;
        break;
      }
    }
    expect(dealId, 'an active demo deal with a data room and a prospectus').not.toBe('');
    expect((await postForm(`/deal/${dealId}`, { intent: 'acknowledge' }, { cookie: owner.cookie })).status).toBe(200);
    // And signs its suitability statement (its copy is the owner's alone).
    const signed = await postForm(
      `/deal/${dealId}`,
      {
        intent: 'suitability',
        netWorthOver250k: 'on',
        withinConcentrationLimit: 'on',
        understandsRisks: 'on',
        signature: 'Owner Person',
      },
      { cookie: owner.cookie },
    );
    expect(signed.status).toBe(200);
    const investorDocId = (await html(`/deal/${dealId}`, owner.cookie)).match(/\/data-room\/([0-9a-f-]{36})/)![1]!;
    const staffDocId = roomLinks.find((id) => id !== investorDocId)!;
    fx = { ownerId, loanReference: reference, itemId, draftId, documentId, letterId, dealId, investorDocId, staffDocId };
  });

  // ---------------------------------------------------------------------------------------------
  // The sweep.

  /** The answer to a request: the redirect target (in a `.data` body too), else the status. */
  async function answerOf(res: Response, data: boolean): Promise<string> {
    if (res.status >= 300 && res.status < 400 && res.headers.get('location')) {
      const to = new URL(res.headers.get('location')!, baseURL);
      return to.origin === new URL(baseURL).origin ? to.pathname + to.search : to.href;
    }
    // A `.data` redirect is a 202 whose single-fetch body names the target.
    if (!data || res.status !== 202) {
      await res.body?.cancel();
      return String(res.status);
    }
    const redirect = (await res.text()).match(/"redirect","([^"]+)"/);
    return redirect ? redirect[1]! : String(res.status);
  }

  /** What `expected` reads as an answer for a request of `requested` (path and query). */
  function expectedAnswer(expected: Expect, requested: string): string {
    const back = encodeURIComponent(requested);
    switch (expected) {
      case 'ok':
        return '200';
      case 'login':
        return `/login?redirectTo=${back}`;
      case 'adminLogin':
        return `/admin-login?redirectTo=${back}`;
      case 'setup':
        return `/two-factor/setup?redirectTo=${back}`;
      case 'home':
        return '/';
      default:
        return String(expected);
    }
  }

  const dataUrl = (url: string) => {
    const [pathname, query] = url.split(/\?(.*)/s) as [string, string | undefined];
    return `${pathname === '/' ? '/_' : pathname}.data${query ? `?${query}` : ''}`;
  };

  interface Case {
    label: string;
    expected: string;
    send: () => Promise<Response>;
    data: boolean;
  }

  function casesFor(): Case[] {
    const out: Case[] = [];
    for (const { pattern, file } of ROUTES) {
      const row = TABLE[pattern]!;
      const page = isPage(path.join(APP, file));
      const urls = row.urls ? row.urls(fx) : [pattern];
      for (const entry of urls) {
        const [url, getCells] = typeof entry === 'string' ? [entry, row.get] : entry;
        expect(url.split('?')[0], `${pattern}: a URL of the pattern`).toMatch(
          new RegExp(`^${pattern.replace(/:\w+/g, '[^/]+').replace('*', '.+')}$`),
        );
        for (const who of VISITORS) {
          const headers = () => ({ 'X-Forwarded-For': uniqueIp(), ...(cookies[who] ? { Cookie: cookies[who] } : {}) });
          const get = (target: string) => () => fetch(`${baseURL}${target}`, { redirect: 'manual', headers: headers() });
          out.push({ label: `${who} GET ${url}`, expected: expectedAnswer(getCells[who], url), send: get(url), data: false });
          if (page)
            out.push({
              label: `${who} GET ${dataUrl(url)}`,
              expected: expectedAnswer((row.data ?? getCells)[who], url),
              send: get(dataUrl(url)),
              data: true,
            });
          if (!row.post || row.post.expect[who] === 'allowed') continue;
          for (const intent of row.post.intents) {
            const fields: Record<string, string> = { ...(intent ? { intent } : {}), ...row.fields?.(fx) };
            for (const target of page ? [url, dataUrl(url)] : [url]) {
              const send = () => {
                if (!row.multipart) return postForm(target, fields, { cookie: cookies[who] });
                const body = new FormData();
                for (const [k, v] of Object.entries(fields)) body.append(k, v);
                body.append('file', new Blob([PDF()], { type: 'application/pdf' }), 'taken-over.pdf');
                return fetch(`${baseURL}${target}`, {
                  method: 'POST',
                  redirect: 'manual',
                  headers: { Origin: baseURL, ...headers() },
                  body,
                });
              };
              out.push({
                label: `${who} POST ${target} intent=${intent || '(none)'}`,
                expected: expectedAnswer(row.post.expect[who], url),
                send,
                data: target !== url,
              });
            }
          }
        }
      }
    }
    return out;
  }

  test('every route, its .data and every action intent answers each visitor as the table says', async () => {
    test.setTimeout(120_000);
    const cases = casesFor();
    const wrong: string[] = [];
    const counts = { GET: 0, '.data': 0, POST: 0 };
    let next = 0;
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (next < cases.length) {
          const c = cases[next++]!;
          const got = await answerOf(await c.send(), c.data);
          if (got !== c.expected) wrong.push(`${c.label}: expected ${c.expected}, got ${got}`);
          counts[c.label.includes(' POST ') ? 'POST' : c.data ? '.data' : 'GET'] += 1;
        }
      }),
    );
    console.log(
      `authorization sweep: ${cases.length} route × visitor × method cases (${ROUTES.length} routes, ${VISITORS.length} visitors; ` +
        `${counts.GET} GET, ${counts['.data']} .data, ${counts.POST} POST)`,
    );
    expect(wrong, wrong.join('\n')).toEqual([]);
  });

  test('a borrower with a forged role cookie or query is still a borrower', async () => {
    const forged = `${cookies.borrower}; isAdmin=true; role=investor`;
    expect(await landing('/admin-dashboard?isAdmin=true', forged)).toBe('/');
    expect(await landing('/dashboard/investments', forged)).toBe('/');
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
});
