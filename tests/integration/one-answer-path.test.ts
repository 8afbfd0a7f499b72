/**
 * One answer path (issue 22, "Rules kept by construction"; docs/conventions.md "One action
 * answer", "Errors"). The sources of every route and action module are scanned, so a route that
 * builds its own Response, reads its body or its intent by hand, or decides itself how a form
 * posted without JavaScript is answered fails here; and the rules are shown through the routes'
 * own actions on a real database: an unknown intent is a 400 saying which ones the page takes, a
 * refused deal file answers the status of its kind, an upload route's GET is a 405.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { requestContext } from '~/load-context';
import { action as loginAction } from '~/routes/auth/login';
import { action as newDealAction } from '~/routes/admin/deal-new';
import { loader as documentUploadLoader } from '~/routes/resources/document-upload';
import { REFUSAL_STATUS } from '~/server/errors.server';
import { useTestDatabase } from '../support/test-database';
import { ROUTE_ORIGIN, ROUTE_PASSWORD, signedInThroughLogin, type RoutePerson } from '../support/route-accounts';

const ROOT = path.resolve('app');

/** Every .ts/.tsx file under `dir`. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return filesUnder(full);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : [];
  });
}

const relative = (file: string) => path.relative(process.cwd(), file);
/** The text of a route module's `action` (up to the next top-level declaration). */
function actionText(text: string): string {
  const start = text.search(/export (async )?function action\b/);
  if (start < 0) return '';
  const rest = text.slice(start);
  const end = rest.slice(1).search(/\n(export |function |async function |const |\/\*\*)/);
  return end < 0 ? rest : rest.slice(0, end + 1);
}

const ROUTES = filesUnder(path.join(ROOT, 'routes'));
const SERVER = filesUnder(path.join(ROOT, 'server'));

/** `pattern` found in `files` (or in the part `pick` takes of each), as `file: match`. */
function offenders(files: string[], pattern: RegExp, pick: (text: string) => string = (t) => t): string[] {
  return files.flatMap((file) =>
    [...pick(readFileSync(file, 'utf8')).matchAll(pattern)].map((m) => `${relative(file)}: ${m[0]}`),
  );
}

describe('the sources keep one answer path', () => {
  it('no route builds a Response or JSON itself: answers.server.ts does (streamed files: storage.server.ts)', () => {
    expect(offenders(ROUTES, /new Response\(|Response\.json\(|\bjson\(/g)).toEqual([]);
  });

  it('no route or server module reads a body but through readForm/readUpload', () => {
    expect(offenders([...ROUTES, ...SERVER], /request\.(formData|json|text|arrayBuffer|blob)\(\)/g)).toEqual([]);
  });

  it('no route or server module writes a status by hand: refusals carry their kind, pages use found()', () => {
    // answers.server.ts makes every answer; storage.server.ts streams files; entry.server.tsx
    // answers an outage. Everything else names a kind (REFUSAL_STATUS) or calls a helper.
    const answering = [...ROUTES, ...SERVER].filter((f) => !/(answers|storage)\.server\.ts$/.test(f));
    expect(offenders(answering, /status:\s*\d{3}\b/g)).toEqual([]);
    // data(…) is answers.server.ts's (and the root loader's and the spam-check challenge's, which set headers only).
    const headersOnly = /(root-data\.server|altcha-challenge)\.ts$/;
    expect(
      offenders(
        answering.filter((f) => !headersOnly.test(f)),
        /\bdata\(/g,
      ),
    ).toEqual([]);
    // answer(…) takes no status at all (its type: `SuccessInit`); refusals go through refuseFields.
  });

  it('intents are read by readIntent only', () => {
    const reading = /\.get\('intent'\)|parseWithZod\(|intent:\s*z\.enum\([^)]*\)\.catch/g;
    // Route modules: their actions (a component may look at what it is submitting).
    expect(offenders(ROUTES, reading, actionText)).toEqual([]);
    expect(
      offenders(
        SERVER.filter((f) => !f.endsWith('forms.server.ts')),
        reading,
      ),
    ).toEqual([]);
  });

  it('whether a form was posted without JavaScript is decided in answerForm only', () => {
    const deciding = SERVER.concat(ROUTES).filter((f) => !f.endsWith('answers.server.ts'));
    expect(offenders(deciding, /documentRequest|headers\.get\('accept'\)|X-Remix/gi)).toEqual([]);
  });

  it('domain and action modules have no error classes of their own: a Refused of a kind', () => {
    const modules = SERVER.filter((f) => /[/\\](domain|actions)[/\\]/.test(f));
    expect(offenders(modules, /class \w+ extends Error\b/g)).toEqual([]);
    // The one table: every kind has a status, 4xx but `failed` (our side, 500).
    for (const [kind, status] of Object.entries(REFUSAL_STATUS))
      expect(status >= 400 && (status < 500 || kind === 'failed'), kind).toBe(true);
  });
});

describe('answers through the routes', () => {
  useTestDatabase();
  let staff: RoutePerson;
  beforeAll(async () => {
    staff = await signedInThroughLogin({ isAdmin: true }, { twoFactor: true });
  });

  let requests = 0;
  const context = () => requestContext({ clientIp: `203.0.113.${(++requests % 250) + 1}`, cspNonce: '', requestId: 'answers' });

  it('an unknown intent is a 400 that names the intents the page takes, and signs no one in', async () => {
    const body = new FormData();
    for (const [k, v] of Object.entries({ intent: 'sign-me-in', email: staff.email, password: ROUTE_PASSWORD }))
      body.append(k, v);
    const request = new Request(`${ROUTE_ORIGIN}/login`, { method: 'POST', body, headers: { Origin: ROUTE_ORIGIN } });
    const answer = (await loginAction({ request, params: {}, context: context() } as never)) as {
      data: { ok: boolean; toast: { description: string } };
      init: { status: number };
    };
    expect(answer).not.toBeInstanceOf(Response);
    expect(answer.init.status).toBe(400);
    expect(answer.data.ok).toBe(false);
    expect(answer.data.toast.description).toBe(
      '“sign-me-in” is not a request this page takes (it takes signin, signup, forgot, resend).',
    );
  });

  it('a deal image that is not an image is refused 415 with its sentence, as the kind table says', async () => {
    const body = new FormData();
    const fields = {
      title: 'Answer path deal',
      location: 'Reno, NV',
      description: 'A deal whose picture is not a picture.',
      loanAmount: '500000',
      ltv: '60',
      interestRate: '10',
      termMonths: '12',
      minimumInvestment: '25000',
      investmentStep: '5000',
      lienPosition: 'first',
    };
    for (const [k, v] of Object.entries(fields)) body.append(k, v);
    body.append('images', new File(['plain text, not a picture'], 'photo.png', { type: 'image/png' }));
    const request = new Request(`${ROUTE_ORIGIN}/admin-dashboard/deals/new.data`, {
      method: 'POST',
      body,
      headers: { Origin: ROUTE_ORIGIN, Cookie: staff.cookie },
    });
    const answer = (await newDealAction({ request, params: {}, context: context() } as never)) as {
      data: { ok: boolean; toast?: { description: string }; result?: unknown };
      init: { status: number };
    };
    expect(answer.data).toMatchObject({
      ok: false,
      toast: { description: 'photo.png is not an image. Please upload PNG, JPG or GIF files.' },
    });
    expect(answer.init.status).toBe(415);
  });

  it('the GET of an upload address is a 405 with Allow: POST, through the one helper', async () => {
    const answer = (await documentUploadLoader()) as unknown as {
      data: { ok: boolean };
      init: { status: number; headers: Headers };
    };
    expect(answer.init.status).toBe(405);
    expect(new Headers(answer.init.headers).get('Allow')).toBe('POST');
    expect(answer.data.ok).toBe(false);
  });
});
