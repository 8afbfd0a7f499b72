/**
 * Two-step verification as a phone would do it (issue "Security and scale"): enrol through
 * /two-factor/setup (the secret read from the page the user scans), compute the codes an
 * authenticator app shows (otpauth, RFC 6238), and answer the second step of a sign-in.
 * Works against any server: give its base URL.
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { TOTP } from 'otpauth';

const PERIOD_MS = 30_000;

/** Where the suite's processes note which time steps' codes they have used, per secret. */
const claimsDir = () => path.join(process.env.E2E_DATA_DIR ?? tmpdir(), 'totp-claims');

/** Milliseconds from `now` until the next 30 s step begins. */
const untilNextStep = (now: number) => PERIOD_MS - (now % PERIOD_MS);

/**
 * A 6-digit code for `secret` (base32) that no test of this run has used yet, or null when there
 * is none now. The server accepts each code once (RFC 6238 §5.2) and takes the codes of the 30 s
 * step before, the current one and the next: so the current step's code, else the next step's,
 * else (with more than 5 s of this step left) the one before. A step is claimed by creating a
 * file exclusively, so the suite's workers share the claims.
 */
export async function unusedTotpCode(secret: string): Promise<string | null> {
  const totp = new TOTP({ secret, digits: 6, period: PERIOD_MS / 1000 });
  const key = createHash('sha256').update(secret).digest('hex').slice(0, 16);
  await mkdir(claimsDir(), { recursive: true });
  const now = Date.now();
  const step = Math.floor(now / PERIOD_MS);
  for (const candidate of [step, step + 1, ...(untilNextStep(now) > 5_000 ? [step - 1] : [])]) {
    try {
      await writeFile(path.join(claimsDir(), `${key}-${candidate}`), '', { flag: 'wx' });
      return totp.generate({ timestamp: candidate * PERIOD_MS });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  return null;
}

/** Resolves when the next 30 s step has begun, bringing new codes. */
export function nextTotpStep(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, untilNextStep(Date.now()) + 50));
}

/** `unusedTotpCode`, waiting for the next step when every code the server takes now is used. */
export async function freshTotpCode(secret: string): Promise<string> {
  for (;;) {
    const code = await unusedTotpCode(secret);
    if (code) return code;
    await nextTotpStep();
  }
}

function cookiesOf(res: Response): string[] {
  return res.headers.getSetCookie().map((c) => c.split(';')[0]!);
}

/** `cookie` with the Set-Cookie of `res` applied (same-name cookies replaced, expired ones dropped). */
export function mergeCookies(cookie: string, res: Response): string {
  const jar = new Map(
    cookie
      .split(/;\s*/)
      .filter(Boolean)
      .map((pair) => [pair.split('=')[0]!, pair] as const),
  );
  for (const set of res.headers.getSetCookie()) {
    const pair = set.split(';')[0]!;
    const name = pair.split('=')[0]!;
    if (/max-age=0|expires=thu, 01 jan 1970/i.test(set) || pair.endsWith('=')) jar.delete(name);
    else jar.set(name, pair);
  }
  return [...jar.values()].join('; ');
}

async function post(base: string, pathname: string, fields: Record<string, string>, cookie: string, ip: string) {
  return fetch(`${base}${pathname}`, {
    method: 'POST',
    redirect: 'manual',
    headers: {
      Origin: base,
      'Content-Type': 'application/x-www-form-urlencoded',
      'X-Forwarded-For': ip,
      ...(cookie ? { Cookie: cookie } : {}),
    },
    body: new URLSearchParams(fields),
  });
}

/** The secret (base32) and the recovery codes an enrolment page shows, read from its HTML. */
export function enrolmentShown(html: string): { secret: string; backupCodes: string[] } {
  const secret = html.match(/data-testid="totp-secret"[^>]*>([A-Z2-7]+)</)?.[1];
  if (!secret) throw new Error('no secret on the enrolment page');
  const list = html.match(/aria-label="Recovery codes"[^>]*>(.*?)<\/ul>/s)?.[1] ?? '';
  return { secret, backupCodes: [...list.matchAll(/<li>([^<]+)<\/li>/g)].map((m) => m[1]!) };
}

/**
 * Turns on two-step verification for the user signed in with `cookie` through the page's own
 * form posts; returns the base32 secret, the recovery codes and the new session cookie.
 */
export async function enrolTwoFactor(base: string, cookie: string, password: string, ip: string) {
  const started = await post(base, '/two-factor/setup', { intent: 'start', password }, cookie, ip);
  const html = await started.text();
  if (started.status !== 200) throw new Error(`enrolment start answered ${started.status}`);
  const { secret, backupCodes } = enrolmentShown(html);
  const confirmed = await post(base, '/two-factor/setup', { intent: 'confirm', code: await freshTotpCode(secret) }, cookie, ip);
  if (confirmed.status !== 302) throw new Error(`enrolment confirm answered ${confirmed.status}`);
  return { secret, backupCodes, cookie: mergeCookies(cookie, confirmed) };
}

/**
 * Answers the second step of a sign-in whose password step answered `passwordStep` (a redirect
 * to /two-factor) with a code for `secret` (or `recoveryCode`); returns the final response.
 */
export async function answerSecondStep(
  base: string,
  passwordStep: Response,
  secret: string,
  ip: string,
  recoveryCode?: string,
): Promise<Response> {
  if (!(passwordStep.headers.get('location') ?? '').startsWith('/two-factor')) return passwordStep;
  const answer = recoveryCode
    ? { intent: 'recovery' as const, code: recoveryCode }
    : { intent: 'totp' as const, code: await freshTotpCode(secret) };
  return answerSecondStepWith(base, passwordStep, answer, ip);
}

/** Posts `answer` (as the form sends it) to the second step that `passwordStep` redirected to. */
export async function answerSecondStepWith(
  base: string,
  passwordStep: Response,
  answer: { intent: 'totp' | 'recovery'; code: string },
  ip: string,
): Promise<Response> {
  const location = passwordStep.headers.get('location') ?? '';
  if (!location.startsWith('/two-factor')) throw new Error(`the password step went to ${location || passwordStep.status}`);
  const url = new URL(location, base);
  return post(
    base,
    url.pathname + url.search,
    { ...answer, redirectTo: url.searchParams.get('redirectTo') ?? '' },
    cookiesOf(passwordStep).join('; '),
    ip,
  );
}

/** Where the e2e suite keeps the secret of each account it enrolled (by e-mail). */
function secretFile(dataDir: string, email: string) {
  return path.join(dataDir, 'totp', `${email.toLowerCase()}.secret`);
}

/** Remembers `secret` for `email` for the other test workers. */
export async function rememberSecret(dataDir: string, email: string, secret: string) {
  await mkdir(path.join(dataDir, 'totp'), { recursive: true });
  await writeFile(secretFile(dataDir, email), secret);
}

/** The secret remembered for `email`, or null. */
export async function rememberedSecret(dataDir: string, email: string): Promise<string | null> {
  return readFile(secretFile(dataDir, email), 'utf8').catch(() => null);
}

/**
 * In the browser on /two-factor/setup: confirms `password` when asked, reads the secret the page shows
 * (what the user would scan), and turns the factor on with a code. Returns the secret and the
 * recovery codes the page listed.
 */
export async function enrolInBrowser(page: Page, password: string) {
  await expect(page).toHaveURL(/\/two-factor\/setup/);
  const shown = page.getByTestId('totp-secret');
  const passwordField = page.getByLabel('Password', { exact: true });
  // Staff who have just signed in at /admin-login start at the secret; anyone else gives the password first.
  await expect(shown.or(passwordField)).toBeVisible();
  if (await passwordField.isVisible()) {
    await passwordField.fill(password);
    await page.getByRole('button', { name: 'Continue' }).click();
  }
  await expect(shown).toBeVisible();
  const secret = (await shown.textContent())!.trim();
  const backupCodes = await page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem').allTextContents();
  await page.getByLabel('Authentication code').fill(await freshTotpCode(secret));
  await page.getByRole('button', { name: 'Turn on two-step verification' }).click();
  await expect(page).not.toHaveURL(/\/two-factor\/setup/);
  return { secret, backupCodes };
}

/** In the browser on /two-factor: answers with a code for `secret`, or with `recoveryCode`. */
export async function passSecondStep(page: Page, secret: string, recoveryCode?: string) {
  await expect(page).toHaveURL(/\/two-factor\?/);
  if (recoveryCode) {
    await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
    await page.getByLabel('Recovery code').fill(recoveryCode);
  } else await page.getByLabel('Authentication code').fill(await freshTotpCode(secret));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).not.toHaveURL(/\/two-factor\?/);
}
