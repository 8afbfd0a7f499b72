/**
 * The signed-in user as the header and guards see them: id, name, e-mail and roles read from
 * the database profile (product §6; product decisions: roles from the database, never from the client).
 * Resolved once per request; requests without a session cookie touch no database.
 *
 * One round trip on most requests (issue 26, docs/decisions/0010-signed-in-pages.md): the
 * session cookie's signature is checked here with better-auth's own secret and HMAC, and one
 * statement reads the session, its user and their profile together. Every request still asks
 * the database whether the session lives, so a session ended from 'Where you're signed in', by
 * signing out elsewhere or by disabling the account is refused on the very next request. The
 * rest goes through better-auth's `getSession` as before: a session whose idle timeout is due to
 * slide (last touched over SESSION_UPDATE_AGE_SECONDS ago, better-auth's `updateAge`), and any
 * cookie this path does not accept (a bad signature, an unknown, expired or ended session).
 */
import { and, eq, gt, sql } from 'drizzle-orm';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { parseCookies } from 'better-auth/cookies';
import type { RouterContextProvider } from 'react-router';
import { auth, AUTH_COOKIE_PREFIX, SESSION_MAX_AGE_SECONDS, SESSION_UPDATE_AGE_SECONDS } from './auth.server';
import { db } from './db/client.server';
import { bound, preparedRead } from './db/prepared.server';
import { profile, session as sessionTable, user as userTable } from './db/schema';
import type { Viewer } from '~/lib/viewer';

export interface ResolvedViewer {
  viewer: Viewer | null;
  /** Set-Cookie headers that slide the session's idle timeout; relay them in the response. */
  headers: Headers | null;
}

/** What a loader or action receives that identifies its request (route module args). */
export interface RequestArgs {
  request: Request;
  context: Readonly<RouterContextProvider>;
}

const SESSION_COOKIE = new RegExp(`(^|;\\s*)(__Secure-)?${AUTH_COOKIE_PREFIX}\\.session_token=`);
// Keyed by the load context: the server makes one per request and React Router hands the same
// object to every loader of that request, while each loader gets its own copy of the Request.
const resolved = new WeakMap<object, Promise<ResolvedViewer>>();

/**
 * The viewer of the request with the headers to relay; resolved once per GET request, however
 * many loaders ask (root, layout and page share one session lookup). Actions resolve afresh:
 * one may change the session or the user, and the loaders that follow it must see that.
 */
export function resolveViewer({ request, context }: RequestArgs): Promise<ResolvedViewer> {
  if (request.method !== 'GET' && request.method !== 'HEAD') return load(request);
  let pending = resolved.get(context);
  if (!pending) {
    pending = load(request);
    resolved.set(context, pending);
  }
  return pending;
}

/** The viewer of the request, or null when signed out. */
export async function getViewer(args: RequestArgs): Promise<Viewer | null> {
  return (await resolveViewer(args)).viewer;
}

const SIGNED_OUT: ResolvedViewer = { viewer: null, headers: null };

/** better-auth's session cookie name and secret, read once per process. */
let signing: Promise<{ cookieName: string; secret: string }> | undefined;

/**
 * The session token of a cookie header when its signature is better-auth's (better-call's
 * signed cookie: `token.base64(HMAC-SHA256(secret, token))`), else null. node:crypto's HMAC,
 * compared in constant time: WebCrypto's `verify` (what @better-auth/utils calls) cost about a
 * millisecond of CPU a request in its promise and job machinery (issue 26, the profile in
 * decision 0010), for the same digest. Exported for its test.
 */
export async function signedSessionToken(cookieHeader: string): Promise<string | null> {
  signing ??= auth().$context.then((context) => ({
    cookieName: context.authCookies.sessionToken.name,
    secret: context.secret,
  }));
  const { cookieName, secret } = await signing;
  const value = parseCookies(cookieHeader).get(cookieName);
  const dot = value?.lastIndexOf('.') ?? -1;
  if (!value || dot < 1) return null;
  const signature = value.slice(dot + 1);
  if (signature.length !== 44 || !signature.endsWith('=')) return null;
  const token = value.slice(0, dot);
  const given = Buffer.from(signature, 'base64');
  const expected = createHmac('sha256', secret).update(token).digest();
  return given.length === expected.length && timingSafeEqual(given, expected) ? token : null;
}

/**
 * The session of a token (bound, `bound('token', …)`) with its user and profile, in one prepared
 * statement (db/prepared.server.ts): only when the session lives and was touched within
 * SESSION_UPDATE_AGE_SECONDS, i.e. when better-auth would not slide it on this request.
 */
const sessionWithUser = preparedRead('viewer_session', (r, token) =>
  r
    .select({
      sessionId: sessionTable.id,
      createdAt: sessionTable.createdAt,
      confirmedAt: sql<Date>`coalesce(${sessionTable.confirmedAt}, ${sessionTable.createdAt})`.mapWith(sessionTable.createdAt),
      userId: userTable.id,
      name: userTable.name,
      email: userTable.email,
      twoFactorEnabled: userTable.twoFactorEnabled,
      isBorrower: profile.isBorrower,
      isInvestor: profile.isInvestor,
      isAdmin: profile.isAdmin,
      disabledAt: profile.disabledAt,
    })
    .from(sessionTable)
    .innerJoin(userTable, eq(userTable.id, sessionTable.userId))
    .leftJoin(profile, eq(profile.userId, sessionTable.userId))
    .where(
      and(
        eq(sessionTable.token, token),
        gt(sessionTable.expiresAt, sql`now()`),
        gt(sessionTable.updatedAt, sql`now() - make_interval(secs => ${SESSION_UPDATE_AGE_SECONDS})`),
      ),
    ),
);

/** What a viewer is made of, by either path: the session, its user and their profile's roles. */
type SessionRow = Awaited<ReturnType<typeof sessionWithUser>>[number];

/**
 * The viewer of a session `row`, with the Set-Cookie `headers` to relay, after the two rules
 * both paths keep: a session ends 12 hours after sign-in however active (SESSION_MAX_AGE_SECONDS),
 * and a disabled account keeps no session (disabling ends them; this covers one made meanwhile).
 * Either ends the session (or all the user's) and gives no viewer.
 */
async function viewerOf(row: SessionRow, headers: Headers | null): Promise<ResolvedViewer> {
  if (Date.now() - row.createdAt.getTime() > SESSION_MAX_AGE_SECONDS * 1000) {
    await db().delete(sessionTable).where(eq(sessionTable.id, row.sessionId));
    return SIGNED_OUT;
  }
  if (row.disabledAt) {
    await db().delete(sessionTable).where(eq(sessionTable.userId, row.userId));
    return SIGNED_OUT;
  }
  return {
    viewer: {
      id: row.userId,
      name: row.name,
      email: row.email,
      isBorrower: row.isBorrower ?? false,
      isInvestor: row.isInvestor ?? false,
      isAdmin: row.isAdmin ?? false,
      signedInAt: row.createdAt.toISOString(),
      confirmedAt: row.confirmedAt.toISOString(),
      sessionId: row.sessionId,
      twoFactorEnabled: Boolean(row.twoFactorEnabled),
    },
    headers,
  };
}

/** The viewer read in one round trip, or undefined when better-auth must answer (see the top of this file). */
async function fastViewer(cookieHeader: string): Promise<ResolvedViewer | undefined> {
  const token = await signedSessionToken(cookieHeader);
  if (!token) return undefined;
  const [row] = await sessionWithUser(bound('token', token));
  return row ? viewerOf(row, null) : undefined;
}

async function load(request: Request): Promise<ResolvedViewer> {
  const cookieHeader = request.headers.get('Cookie') ?? '';
  if (!SESSION_COOKIE.test(cookieHeader)) return SIGNED_OUT;
  const fast = await fastViewer(cookieHeader);
  if (fast) return fast;
  const { headers, response } = await auth().api.getSession({ headers: request.headers, returnHeaders: true });
  if (!response) return SIGNED_OUT;
  const { session, user } = response;
  const [roles] = await db()
    .select({
      isBorrower: profile.isBorrower,
      isInvestor: profile.isInvestor,
      isAdmin: profile.isAdmin,
      disabledAt: profile.disabledAt,
    })
    .from(profile)
    .where(eq(profile.userId, user.id));
  const createdAt = new Date(session.createdAt);
  const confirmedAt = (session as { confirmedAt?: Date | string | null }).confirmedAt;
  return viewerOf(
    {
      sessionId: session.id,
      createdAt,
      confirmedAt: confirmedAt ? new Date(confirmedAt) : createdAt,
      userId: user.id,
      name: user.name,
      email: user.email,
      twoFactorEnabled: Boolean((user as { twoFactorEnabled?: boolean | null }).twoFactorEnabled),
      isBorrower: roles?.isBorrower ?? null,
      isInvestor: roles?.isInvestor ?? null,
      isAdmin: roles?.isAdmin ?? null,
      disabledAt: roles?.disabledAt ?? null,
    },
    headers.has('Set-Cookie') ? headers : null,
  );
}
