/**
 * The signed-in user as the header and guards see them: id, name, e-mail and roles read from
 * the database profile (product §6; product decisions: roles from the database, never from the client).
 * Resolved once per request; requests without a session cookie touch no database.
 */
import { eq } from 'drizzle-orm';
import type { RouterContextProvider } from 'react-router';
import { auth, AUTH_COOKIE_PREFIX, SESSION_MAX_AGE_SECONDS } from './auth.server';
import { db } from './db/client.server';
import { profile, session as sessionTable } from './db/schema';
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

async function load(request: Request): Promise<ResolvedViewer> {
  if (!SESSION_COOKIE.test(request.headers.get('Cookie') ?? '')) return { viewer: null, headers: null };
  const { headers, response } = await auth().api.getSession({ headers: request.headers, returnHeaders: true });
  if (!response) return { viewer: null, headers: null };
  const { session, user } = response;
  // Absolute lifetime: however active, a session ends 12 hours after sign-in.
  if (Date.now() - new Date(session.createdAt).getTime() > SESSION_MAX_AGE_SECONDS * 1000) {
    await db().delete(sessionTable).where(eq(sessionTable.id, session.id));
    return { viewer: null, headers: null };
  }
  const [roles] = await db()
    .select({
      isBorrower: profile.isBorrower,
      isInvestor: profile.isInvestor,
      isAdmin: profile.isAdmin,
      disabledAt: profile.disabledAt,
    })
    .from(profile)
    .where(eq(profile.userId, user.id));
  // A disabled account keeps no session (disabling ends them; this covers one made meanwhile).
  if (roles?.disabledAt) {
    await db().delete(sessionTable).where(eq(sessionTable.userId, user.id));
    return { viewer: null, headers: null };
  }
  return {
    viewer: {
      id: user.id,
      name: user.name,
      email: user.email,
      isBorrower: roles?.isBorrower ?? false,
      isInvestor: roles?.isInvestor ?? false,
      isAdmin: roles?.isAdmin ?? false,
      signedInAt: new Date(session.createdAt).toISOString(),
      sessionId: session.id,
      twoFactorEnabled: Boolean((user as { twoFactorEnabled?: boolean | null }).twoFactorEnabled),
    },
    headers: headers.has('Set-Cookie') ? headers : null,
  };
}
