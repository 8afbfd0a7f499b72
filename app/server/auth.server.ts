/**
 * better-auth, mounted at /api/auth/* (docs/architecture.md "Security model"): e-mail and password
 * with argon2id, e-mail verification required before sign-in, database sessions, rate limits
 * stored in the database so several processes share them.
 */
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError, createAuthMiddleware, getSessionFromCtx } from 'better-auth/api';
import { twoFactor } from 'better-auth/plugins/two-factor';
import { httpUrl, MESSAGES, passwordAcceptable, signUpSchema } from '~/lib/schemas/auth';
import { db } from './db/client.server';
import * as schema from './db/schema';
import {
  beginPasswordAttempt,
  clearSignInLock,
  createSignUpProfile,
  isAdminAccount,
  recordFailedSignIn,
  recordSignIn,
  signInRefusal,
  userByEmail,
  userById,
} from './domain/accounts/accounts.server';
import { audit, type Actor } from './domain/audit.server';
import { endSessions, sessionRecentlyConfirmed } from './domain/accounts/sessions.server';
import { env } from './env.server';
import { queueEmail } from './mail/outbox.server';
import { logger } from './logger.server';
import { hashPassword, verifyPassword } from './password.server';
import { claimTotpCode } from './totp-claims.server';

/** Idle timeout of a session, in seconds (docs/architecture.md "Security model"). */
export const SESSION_IDLE_SECONDS = 30 * 60;
/**
 * How long, in seconds, a session's idle timeout stands before a request slides it (better-auth's
 * `updateAge`): the viewer's one-statement path (viewer.server.ts) serves sessions touched within it.
 */
export const SESSION_UPDATE_AGE_SECONDS = 60;
/** Absolute lifetime of a session, in seconds, however active it is. */
export const SESSION_MAX_AGE_SECONDS = 12 * 60 * 60;

/** The sign-up body's answers, validated with the page's own schema (product §5), or an APIError. */
function parseSignUp(body: unknown) {
  const parsed = signUpSchema.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new APIError('BAD_REQUEST', { code: 'INVALID_SIGN_UP', message: issue?.message ?? 'Failed to create account' });
  }
  return parsed.data;
}

function emailOf(body: unknown): string {
  const email = (body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' ? email.trim().toLowerCase() : '';
}

/** The header the server sets from the trusted client address (server/app.ts). */
export const CLIENT_IP_HEADER = 'x-ormsby-client-ip';

/** better-auth's endpoints that finish a sign-in with a second factor (issue "Security and scale"). */
const SECOND_STEP_PATHS: ReadonlySet<string> = new Set(['/two-factor/verify-totp', '/two-factor/verify-backup-code']);
/** The cookie (after the prefix) that carries a sign-in waiting for its second factor. */
const TWO_FACTOR_COOKIE = 'two_factor';

type HookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

/**
 * The user whose sign-in waits for a second factor in this request (the signed challenge cookie
 * better-auth's two-factor plugin sets after the password), or null when there is none.
 */
async function secondStepUser(ctx: HookContext): Promise<{ id: string; email: string } | null> {
  const cookie = ctx.context.createAuthCookie(TWO_FACTOR_COOKIE);
  const identifier = await ctx.getSignedCookie(cookie.name, ctx.context.secret);
  if (!identifier) return null;
  const challenge = await ctx.context.internalAdapter.findVerificationValue(identifier);
  return challenge ? userById(challenge.value) : null;
}

/**
 * Refuses an authenticator code its user had accepted already (RFC 6238 §5.2; totp-claims.server.ts)
 * as better-auth refuses a wrong one. At a sign-in's second step it counts and is audited as a
 * failed attempt (the after hook, which would, does not run for a refusal made here).
 */
async function refuseUsedCode(ctx: HookContext): Promise<void> {
  const code = (ctx.body as { code?: unknown } | undefined)?.code;
  if (typeof code !== 'string') return;
  const signingIn = await secondStepUser(ctx);
  const who = signingIn ?? (await getSessionFromCtx(ctx))?.user ?? null;
  if (!who || (await claimTotpCode(who.id, code))) return;
  if (signingIn) {
    await recordFailedSignIn(signingIn.email);
    await auditSignIn(ctx, signingIn, signingIn.email, 'sign-in.failed', 'authenticator code');
  }
  throw new APIError('UNAUTHORIZED', { code: 'INVALID_CODE', message: 'Invalid code' });
}

const clientIpOf = (ctx: HookContext) => ctx.request?.headers.get(CLIENT_IP_HEADER) ?? null;

/**
 * One sign-in in the audit log (issue "Security and scale"): success or failure, the step, the
 * client address. `who` is null for an address that has no account.
 */
async function auditSignIn(
  ctx: HookContext,
  who: { id: string; email: string } | null,
  email: string,
  outcome: 'sign-in' | 'sign-in.failed',
  step: 'password' | 'authenticator code' | 'recovery code',
) {
  await audit(
    { id: who?.id ?? null, email: who?.email ?? email },
    outcome,
    { type: 'user', id: who?.id ?? null },
    { step, clientIp: clientIpOf(ctx) },
  );
}

/** What a staff member is told when they try to turn their second factor off (issue "Security and scale"). */
export const STAFF_KEEP_TWO_FACTOR = 'Staff accounts must keep two-step verification on.';
/** What a request for a factor's secrets is told when the session's last proof is too old. */
export const FACTOR_STEP_UP_NEEDED =
  'For your security, this needs a sign-in or a confirmation of who you are within the last 10 minutes. Sign in again and retry.';

/**
 * better-auth's endpoints that hand out a factor's secrets (the authenticator secret, new
 * recovery codes): the password alone is not enough, the session must have passed the step-up
 * (step-up.server.ts rule, issue 22 defect 3).
 */
const STEP_UP_PATHS: ReadonlySet<string> = new Set(['/two-factor/get-totp-uri', '/two-factor/generate-backup-codes']);

/** The audit action of a change to a factor, by the endpoint that makes it. */
type FactorChange = 'two-factor.enabled' | 'two-factor.disabled' | 'two-factor.recovery_codes_replaced';

/**
 * Factor changes under way, by request (better-auth keeps one `Headers` per request from its
 * before hooks to its after hooks): who makes it and what it is, to audit once it succeeded.
 */
const pendingFactorChanges = new WeakMap<Headers, { who: Actor; change: FactorChange }>();

/**
 * The rules of a change to a second factor, whoever calls (the site's pages or the raw API,
 * issue 22 defect 3): staff may not turn theirs off (403 STAFF_TWO_FACTOR_REQUIRED, as the
 * profile refuses it); the secret and new recovery codes need a recent step-up (403
 * CONFIRMATION_REQUIRED); every change (on, off, recovery codes replaced) is noted for the audit
 * the after hook writes. A request without a session is left to better-auth (401).
 * @throws APIError FORBIDDEN as above.
 */
async function checkFactorChange(ctx: HookContext): Promise<void> {
  const change: FactorChange | null =
    ctx.path === '/two-factor/disable'
      ? 'two-factor.disabled'
      : ctx.path === '/two-factor/generate-backup-codes'
        ? 'two-factor.recovery_codes_replaced'
        : ctx.path === '/two-factor/verify-totp'
          ? 'two-factor.enabled'
          : null;
  if (!change && !STEP_UP_PATHS.has(ctx.path)) return;
  const signedIn = await getSessionFromCtx(ctx);
  if (!signedIn) return;
  if (change === 'two-factor.disabled' && (await isAdminAccount(signedIn.user.id)))
    throw new APIError('FORBIDDEN', { code: 'STAFF_TWO_FACTOR_REQUIRED', message: STAFF_KEEP_TWO_FACTOR });
  if (STEP_UP_PATHS.has(ctx.path) && !(await sessionRecentlyConfirmed(signedIn.session.id)))
    throw new APIError('FORBIDDEN', { code: 'CONFIRMATION_REQUIRED', message: FACTOR_STEP_UP_NEEDED });
  // A code checked with a session turns the factor on only while it is off (enrolment); else it is a step-up.
  if (change === 'two-factor.enabled' && (signedIn.user as { twoFactorEnabled?: boolean | null }).twoFactorEnabled) return;
  if (change && ctx.headers)
    pendingFactorChanges.set(ctx.headers, { who: { id: signedIn.user.id, email: signedIn.user.email }, change });
}

/**
 * After a factor change noted by `checkFactorChange` succeeded: its audit event, and when the
 * factor was turned on, the end of the user's other sessions, which never passed it (so every
 * session of a user with the factor has passed it; better-auth replaced this one).
 */
async function recordFactorChange(ctx: HookContext): Promise<void> {
  const pending = ctx.headers ? pendingFactorChanges.get(ctx.headers) : undefined;
  if (!pending || !ctx.headers) return;
  pendingFactorChanges.delete(ctx.headers);
  if (ctx.context.returned instanceof APIError) return;
  const kept = ctx.context.newSession?.session.id;
  // Turned on: better-auth issued a new session (a code for an unconfirmed secret of a user whose factor is on issues none).
  if (pending.change === 'two-factor.enabled') {
    if (!kept) return;
    await endSessions(pending.who.id, { except: kept });
  }
  await audit(pending.who, pending.change, { type: 'user', id: pending.who.id }, { clientIp: clientIpOf(ctx) });
}

/** `/list-sessions` without each session's token, which would let its reader take over the user's other sessions. */
function withoutTokens(returned: unknown): unknown[] | null {
  if (!Array.isArray(returned)) return null;
  return returned.map((item: unknown) => {
    if (!item || typeof item !== 'object') return item;
    const { token: _token, ...rest } = item as Record<string, unknown>;
    return rest;
  });
}

function createAuth() {
  const config = env();
  return betterAuth({
    appName: config.COMPANY_NAME,
    // better-auth's own messages as JSON lines through the process logger, like every other line.
    logger: {
      log: (level, message, ...args) =>
        logger[level](
          args.length ? { details: args.map((a) => (a instanceof Error ? a.message : a)) } : {},
          `better-auth: ${message}`,
        ),
    },
    // An error that is not better-auth's own (a database out of reach, say) is thrown on to
    // React Router's handleError, which answers 503 for an unreachable database (issue 22,
    // defect 4) and logs anything else once; better-auth would answer it 500 itself.
    onAPIError: { throw: true },
    baseURL: config.PUBLIC_URL,
    basePath: '/api/auth',
    secret: config.AUTH_SECRET,
    trustedOrigins: [config.PUBLIC_URL],
    database: drizzleAdapter(
      // Resolved per call so tests and start-up can swap the process database.
      new Proxy({} as ReturnType<typeof db>, { get: (_t, p) => Reflect.get(db(), p) }),
      {
        provider: 'pg',
        schema: {
          user: schema.user,
          session: schema.session,
          account: schema.account,
          verification: schema.verification,
          rateLimit: schema.rateLimit,
          twoFactor: schema.twoFactor,
        },
      },
    ),
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      password: {
        hash: hashPassword,
        verify: ({ hash, password }) => verifyPassword(hash, password),
      },
      // The lock's message tells the owner to reset: a reset lifts it (issue "Solid ground" 23).
      async onPasswordReset({ user }) {
        await clearSignInLock(user.id);
      },
      async sendResetPassword({ user, url }) {
        await queueEmail(db(), { to: user.email, template: 'reset-password', payload: { url } });
      },
      // No account enumeration: the page answers as for a new account; the owner is told.
      async onExistingUserSignUp({ user }) {
        await queueEmail(db(), { to: user.email, template: 'account-exists', payload: {} });
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: false,
      autoSignInAfterVerification: true,
      expiresIn: 24 * 60 * 60,
      async sendVerificationEmail({ user, url }) {
        await queueEmail(db(), { to: user.email, template: 'verify-email', payload: { name: user.name, url } });
      },
    },
    session: {
      expiresIn: SESSION_IDLE_SECONDS,
      updateAge: SESSION_UPDATE_AGE_SECONDS,
    },
    user: {
      // A user cannot change their e-mail (product §2 Profile) nor delete themselves here.
      changeEmail: { enabled: false },
      deleteUser: { enabled: false },
    },
    databaseHooks: {
      user: {
        create: {
          // Every account made through sign-up gets its profile from the validated answers.
          async after(user, ctx) {
            if (ctx?.path !== '/sign-up/email') return;
            await createSignUpProfile(db(), user.id, parseSignUp(ctx.body));
          },
        },
      },
      session: {
        create: {
          async after(session) {
            await recordSignIn(session.userId);
          },
        },
      },
    },
    hooks: {
      // The same rules as the page, whoever calls: sign-up answers re-checked, locked accounts refused.
      before: createAuthMiddleware(async (ctx) => {
        if (ctx.path === '/sign-up/email') {
          const input = parseSignUp(ctx.body);
          // better-auth takes an `image` URL at sign-up: only http(s) is kept.
          const image = (ctx.body as { image?: unknown } | undefined)?.image;
          const checked = image === undefined || image === null ? null : httpUrl.safeParse(image);
          if (checked && !checked.success)
            throw new APIError('BAD_REQUEST', { code: 'INVALID_IMAGE_URL', message: checked.error.issues[0]?.message });
          return { context: { body: { ...(ctx.body as object), email: input.email, name: input.name } } };
        }
        // Every new password follows the sign-up rule (product decisions), also when the page is skipped.
        if (ctx.path === '/reset-password' || ctx.path === '/change-password') {
          const next = (ctx.body as { newPassword?: unknown } | undefined)?.newPassword;
          if (typeof next !== 'string' || !passwordAcceptable(next))
            throw new APIError('BAD_REQUEST', { code: 'WEAK_PASSWORD', message: MESSAGES.newPasswordRule });
        }
        // Profiles change through the profile page's own actions only.
        if (ctx.path === '/update-user') throw new APIError('NOT_FOUND', { message: 'Not Found' });
        // A locked or disabled account is refused at the password and at the second factor alike;
        // a password attempt is counted before it is checked, so parallel attempts cannot pass the lock.
        const refusal =
          ctx.path === '/sign-in/email'
            ? await beginPasswordAttempt(emailOf(ctx.body))
            : SECOND_STEP_PATHS.has(ctx.path)
              ? await secondStepUser(ctx).then((who) => (who ? signInRefusal(who.email) : null))
              : null;
        if (refusal) throw new APIError('FORBIDDEN', refusal);
        if (ctx.path === '/two-factor/verify-totp') await refuseUsedCode(ctx);
        await checkFactorChange(ctx);
      }),
      after: createAuthMiddleware(async (ctx) => {
        const returned = ctx.context.returned;
        await recordFactorChange(ctx);
        if (ctx.path === '/list-sessions') {
          const sessions = withoutTokens(returned);
          return sessions ? ctx.json(sessions) : undefined;
        }
        const failed = returned instanceof APIError && returned.statusCode === 401;
        if (ctx.path === '/sign-in/email') {
          const email = emailOf(ctx.body);
          if (failed) {
            // Counted already, before the check (beginPasswordAttempt).
            await auditSignIn(ctx, await userByEmail(email), email, 'sign-in.failed', 'password');
            return;
          }
          const body = returned as { twoFactorRedirect?: boolean; user?: { id: string; email: string } } | null;
          // With a second factor the sign-in is recorded at the code.
          if (body?.user && !body.twoFactorRedirect) await auditSignIn(ctx, body.user, email, 'sign-in', 'password');
          return;
        }
        if (!SECOND_STEP_PATHS.has(ctx.path)) return;
        const step = ctx.path === '/two-factor/verify-totp' ? 'authenticator code' : 'recovery code';
        if (failed) {
          // Only a sign-in's second step counts (not a code typed while enrolling).
          const who = await secondStepUser(ctx);
          if (!who) return;
          await recordFailedSignIn(who.email);
          await auditSignIn(ctx, who, who.email, 'sign-in.failed', step);
          return;
        }
        const signedIn = ctx.context.newSession;
        const cookieName = ctx.context.createAuthCookie(TWO_FACTOR_COOKIE).name;
        if (signedIn && (ctx.request?.headers.get('cookie') ?? '').includes(`${cookieName}=`))
          await auditSignIn(ctx, signedIn.user, signedIn.user.email, 'sign-in', step);
      }),
    },
    plugins: [
      // Authenticator apps (RFC 6238, 6 digits, 30 s) and ten single-use recovery codes, stored
      // encrypted with AUTH_SECRET; a code must be confirmed before the factor is on.
      twoFactor({
        issuer: config.COMPANY_NAME,
        backupCodeOptions: { amount: 10, length: 10 },
      }),
    ],
    rateLimit: {
      enabled: config.NODE_ENV === 'production',
      storage: 'database',
      window: 60,
      max: 100,
      customRules: {
        '/sign-in/email': { window: 60, max: 10 },
        '/sign-up/email': { window: 60, max: 5 },
        '/request-password-reset': { window: 60, max: 5 },
        '/send-verification-email': { window: 60, max: 5 },
        // The second step counts like the password: 10 a minute from one address.
        '/two-factor/*': { window: 60, max: 10 },
      },
    },
    advanced: {
      cookiePrefix: AUTH_COOKIE_PREFIX,
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      useSecureCookies: config.PUBLIC_URL.startsWith('https:'),
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' },
    },
  });
}

/**
 * Prefix of better-auth's cookies ('ormsby.session_token', or '__Secure-ormsby.…' over
 * HTTPS). With the flash-toast cookie, these make a request personal (server/page-cache.ts).
 */
export const AUTH_COOKIE_PREFIX = 'ormsby';

/** Cookie names (prefixes) that make a request personal: session cookies and the toast. */
export const PERSONAL_COOKIES = [`${AUTH_COOKIE_PREFIX}.`, `__Secure-${AUTH_COOKIE_PREFIX}.`, 'toast'] as const;

let instance: ReturnType<typeof createAuth> | undefined;

/** The process-wide better-auth instance, created on first use. */
export function auth() {
  instance ??= createAuth();
  return instance;
}
